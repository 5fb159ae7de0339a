// How the built web app is served (decisions 016, 018): index.html is never cached, hashed assets are cached for
// a year, responses are compressed. Uses a stand-in dist/ so it runs without building the web app.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { pickEncoding } from './encoding.ts';

let t: TestApp;
let dist: string;
const script = `console.log(${JSON.stringify('首页'.repeat(2000))});\n`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'summit-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html lang="zh-CN"><head><title>Summit</title></head><body><div id="root">${'<p>夏季学术项目</p>'.repeat(200)}</div></body></html>`);
  writeFileSync(path.join(dist, 'assets', 'index-Abc123.js'), script);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('serving the built web app', () => {
  it.each(['/', '/faq', '/instructions/tuition', '/index.html'])('%s is the app shell and never cached', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('夏季学术项目');
  });

  it('caches hashed assets for a year, immutable', async () => {
    const res = await get('/assets/index-Abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(script);
  });

  it('files outside assets/ (not hashed) are revalidated', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('a missing hashed asset is a 404, not the app shell (a stale chunk after a deploy must fail cleanly)', async () => {
    const res = await get('/assets/index-Gone999.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('compresses the shell, assets and API answers for clients that accept it', async () => {
    for (const url of ['/', '/assets/index-Abc123.js', '/api/docs/json']) {
      const res = t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      const answer = await res;
      expect(answer.statusCode, url).toBe(200);
      expect(['br', 'gzip'], url).toContain(answer.headers['content-encoding']);
      expect(answer.headers.vary, url).toMatch(/accept-encoding/i);
    }
    const gz = await get('/assets/index-Abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const raw = gz.rawPayload;
    expect(raw.length).toBeLessThan(Buffer.byteLength(script) / 4);
    expect(gunzipSync(raw).toString()).toBe(script);
  });

  it('sends plain bodies to clients that do not accept compression', async () => {
    const res = await get('/assets/index-Abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('the app shell is compressed too (it is served by the not-found handler, which @fastify/compress skips)', () => {
  it('gzip and br, decodable, still no-cache', async () => {
    const gz = await get('/faq', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('no-cache');
    expect(gz.headers['content-length']).toBeUndefined();
    expect(gunzipSync(gz.rawPayload).toString()).toContain('夏季学术项目');
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<div id="root">');
  });

  it('API 404s stay plain JSON envelopes', async () => {
    const res = await get('/api/nothing-here', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ msg: '接口不存在' });
  });

  it('picks br, then gzip, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding(['GZIP'])).toBe('gzip');
  });
});
