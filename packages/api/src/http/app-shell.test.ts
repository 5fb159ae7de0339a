// A page path never answers a bare English "404 Not Found" (it was once seen on /admin/reconciliation): every
// non-API GET that accepts HTML gets the app shell, or a Chinese page when there is no shell to send.
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { MISSING_SHELL_HTML } from './app-shell.ts';

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const PAGES = ['/admin/reconciliation', '/student/checkin', '/teacher/capstone', '/no/such/page'];

let t: TestApp;
let bare: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'summit-shell-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="zh-CN"><body><div id="root">夏季学术项目</div></body></html>');
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  // A WEB_DIST_DIR without index.html: the app is built without a shell (the web app not built).
  bare = await createTestApp({ env: { WEB_DIST_DIR: path.join(dist, 'missing') } });
});
afterAll(async () => {
  await t.close();
  await bare.close();
  rmSync(dist, { recursive: true, force: true });
});

const expectChinesePage = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.body).not.toMatch(/Not Found/i);
  expect(res.body).toMatch(/[\u4e00-\u9fff]/);
};

describe('the app shell for client routes', () => {
  it.each(PAGES)('%s is the app shell', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: HTML });
    expect(res.statusCode).toBe(200);
    expectChinesePage(res);
    expect(res.body).toContain('夏季学术项目');
  });

  it('while index.html is missing (dist/ being rebuilt) a page path gets a Chinese page with the way home, then the shell again', async () => {
    unlinkSync(path.join(dist, 'index.html'));
    try {
      for (const url of PAGES) {
        const res = await t.app.inject({ method: 'GET', url, headers: HTML });
        expect(res.statusCode, url).toBe(404);
        expectChinesePage(res);
        expect(res.body).toContain('返回首页');
      }
    } finally {
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="zh-CN"><body><div id="root">夏季学术项目</div></body></html>');
    }
    const again = await t.app.inject({ method: 'GET', url: '/admin/reconciliation', headers: HTML });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('夏季学术项目');
  });

  it('without a built web app a page path still gets the Chinese page, and a JSON client the API envelope', async () => {
    const page = await bare.app.inject({ method: 'GET', url: '/admin/reconciliation', headers: HTML });
    expect(page.statusCode).toBe(404);
    expectChinesePage(page);
    expect(page.body).toBe(MISSING_SHELL_HTML);
    const json = await bare.app.inject({ method: 'GET', url: '/admin/reconciliation', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({ msg: '接口不存在' });
  });

  it('API paths keep the JSON envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-route', headers: HTML });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ msg: '接口不存在' });
  });
});
