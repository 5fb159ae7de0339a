// Security headers on every response (decision 033): every HTML route of the spec's
// route list, API JSON, a static asset, 404s and error envelopes, the sandbox checkout page and Swagger UI.
// Uses a stand-in dist/ shaped like Vite's output (an entry module, preloads, the boot shell) so it runs
// without building the web app, and so the prerendered pages carry the deferred loader the policy must allow.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOrder } from '@summit/domain';
import { carriesCapability } from '@summit/domain/capability-paths';
import { loadEnv } from '../env.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call } from '../test/flows.ts';
import { payingStudent } from '../modules/payments/payment-test-kit.ts';
import { cspDirectives, inlineScriptHashes, PERMISSIONS_POLICY, storageOrigins } from './security-headers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
// The product's route list, one concrete path per route (docs/product/screens-and-routes.md).
const ROUTES_TSV = path.resolve(ROOT, 'docs/product/routes.tsv');

/** Every web route of docs/product/screens-and-routes.md as one concrete path (the file's first column), comments and blanks skipped. */
function specRoutes(): string[] {
  if (!existsSync(ROUTES_TSV)) throw new Error(`the route list is missing: ${ROUTES_TSV}`);
  return readFileSync(ROUTES_TSV, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.split('\t')[0]!.trim());
}

const WEB_PATHS = path.resolve(ROOT, 'packages/web/src/lib/paths.ts');

/**
 * Every literal path of the web app's PATHS (routes added after the spec's list, such as /login/mfa,
 * /recommend-letter/verify/{code} or /student/checkin), each parameter filled in. Read as text: the api never
 * imports web code.
 */
function webRoutes(): string[] {
  const source = readFileSync(WEB_PATHS, 'utf8');
  const body = source.slice(source.indexOf('export const PATHS = {'), source.indexOf('} as const;'));
  return [...body.matchAll(/^\s+\w+: '(\/[^']*)',$/gm)].map((m) =>
    m[1]!
      .replace(/\/:\w+\?/g, '')
      .replace(/:\w+/g, 'Ab12Cd34')
      .replace(/\*/g, 'x'),
  );
}

const SHELL =
  '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>Summit 高中生夏季学术项目</title>' +
  '<meta name="description" content="Summit" /><style>html,body{margin:0}</style>' +
  '<script type="module" crossorigin src="/assets/index-Abc123.js"></script>\n' +
  '<link rel="modulepreload" crossorigin href="/assets/react-Def456.js">\n' +
  '<link rel="stylesheet" crossorigin href="/assets/index-Ghi789.css"></head>' +
  '<body><div id="root"><div id="boot" class="app app--boot"><main class="app__main"><p>夏季学术项目</p></main></div></div>' +
  '<noscript>请开启浏览器的 JavaScript</noscript></body></html>';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'summit-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'assets', 'index-Abc123.js'), 'export {};\n');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The policy as a map of directive → sources. */
function parseCsp(header: unknown): Map<string, string[]> {
  expect(typeof header, 'Content-Security-Policy header').toBe('string');
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

/** The headers every answer carries, whatever it is. */
function expectBaseHeaders(res: LightMyRequestResponse, label: string, referrer = 'strict-origin-when-cross-origin') {
  const csp = parseCsp(res.headers['content-security-policy']);
  expect(csp.get('default-src'), label).toEqual(["'self'"]);
  const scripts = csp.get('script-src') ?? [];
  expect(scripts[0], label).toBe("'self'");
  for (const source of scripts.slice(1)) expect(source, `${label}: script-src allows only 'self' and hashes`).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  expect(csp.get('script-src-attr'), label).toEqual(["'none'"]);
  expect(csp.get('object-src'), label).toEqual(["'none'"]);
  expect(csp.get('base-uri'), label).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(csp.get('form-action'), label).toEqual(["'self'"]);
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['x-frame-options'], label).toBe('DENY');
  expect(res.headers['referrer-policy'], label).toBe(referrer);
  expect(res.headers['permissions-policy'], label).toBe(PERMISSIONS_POLICY);
  expect(res.headers['cross-origin-opener-policy'], label).toBe('same-origin');
  expect(res.headers['x-powered-by'], label).toBeUndefined();
  expect(res.headers['strict-transport-security'], `${label}: no HSTS unless configured`).toBeUndefined();
}

/** Every executable inline script of the page is allowed by its hash, and nothing else is. */
function expectInlineScriptsAllowed(res: LightMyRequestResponse, label: string) {
  const allowed = (parseCsp(res.headers['content-security-policy']).get('script-src') ?? []).slice(1);
  const present = inlineScriptHashes(res.body);
  expect(allowed.sort(), label).toEqual(present.sort());
}

describe('every HTML route of the spec carries the headers', () => {
  const routes = specRoutes();

  it('reads the whole route list', () => {
    expect(routes.length).toBeGreaterThan(200);
    expect(routes).toContain('/pay/admission-parent/TOKEN');
  });

  it.each(routes)('%s', async (route) => {
    const res = await get(route);
    expect(res.statusCode, route).toBe(200);
    expect(res.headers['content-type'], route).toMatch(/^text\/html/);
    expectBaseHeaders(res, route, carriesCapability(route) ? 'no-referrer' : 'strict-origin-when-cross-origin');
    expectInlineScriptsAllowed(res, route);
  });

  describe('and every page of the web app', () => {
    const web = webRoutes();

    it('reads the web app\'s path list', () => {
      expect(web.length).toBeGreaterThan(100);
      for (const r of ['/login/mfa', '/account/devices', '/recommend-letter/verify/Ab12Cd34', '/student/certificate/Ab12Cd34', '/student/checkin']) expect(web).toContain(r);
    });

    it.each(web.filter((r) => !routes.includes(r)))('%s', async (route) => {
      const res = await get(route);
      expect(res.statusCode, route).toBe(200);
      expect(res.headers['content-type'], route).toMatch(/^text\/html/);
      expectBaseHeaders(res, route, carriesCapability(route) ? 'no-referrer' : 'strict-origin-when-cross-origin');
      expectInlineScriptsAllowed(res, route);
    });

    it('pages whose address carries a token are answered with no-referrer', async () => {
      for (const route of ['/pay/admission-parent/Ab12Cd34', '/offer/verify/Ab12Cd34', '/student/certificate/Ab12Cd34', '/recommend-letter/verify/Ab12Cd34', '/student/checkin?t=Ab12Cd34.1f']) {
        const res = await get(route);
        expect(res.statusCode, route).toBe(200);
        expectBaseHeaders(res, route, 'no-referrer');
      }
      for (const route of ['/student/checkin', '/calendar', '/student/certificate', '/student/manage/recommend-letter']) expectBaseHeaders(await get(route), route);
    });
  });

  it('token pages of the route list are the ones answered with no-referrer', () => {
    const tokenRoutes = routes.filter((r) => /TOKEN/.test(r));
    expect(tokenRoutes).toEqual(['/pay/admission-parent/TOKEN', '/pay/sbp-parent/TOKEN', '/student/certificate/TOKEN']);
    for (const r of tokenRoutes) expect(carriesCapability(r), r).toBe(true);
    // Their token-less neighbours are ordinary pages.
    for (const r of ['/pay/admission', '/student/certificate', '/pay/apply']) expect(carriesCapability(r), r).toBe(false);
  });
});

describe('prerendered pages: the deferred loader is allowed by its hash, computed from the template', () => {
  it.each(['/', '/faq', '/login'])('%s carries one inline script and the policy names exactly its hash', async (url) => {
    const res = await get(url);
    const hashes = inlineScriptHashes(res.body);
    expect(hashes, url).toHaveLength(1);
    const script = /<script type="module">([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
    expect(script).toContain('/assets/index-Abc123.js');
    expect(hashes[0]).toBe(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(parseCsp(res.headers['content-security-policy']).get('script-src')).toEqual(["'self'", hashes[0]]);
  });

  it('the page JSON is a data block (type=application/json), not a script the policy has to allow', () => {
    const html = '<script id="x" type="application/json">{"a":1}</script><script type="module">go()</script><script src="/a.js"></script>';
    expect(inlineScriptHashes(html)).toEqual([`'sha256-${createHash('sha256').update('go()').digest('base64')}'`]);
    expect(inlineScriptHashes('<script>a()</script><SCRIPT type="text/javascript">b()</SCRIPT >')).toHaveLength(2);
  });

  it('the compressed page carries the same headers', async () => {
    const res = await get('/faq', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expectBaseHeaders(res, '/faq gzip');
    const allowed = parseCsp(res.headers['content-security-policy']).get('script-src')!.slice(1);
    expect(allowed).toEqual(inlineScriptHashes(gunzipSync(res.rawPayload).toString()));
  });

  it('the plain app shell has no inline script and allows none', async () => {
    const res = await get('/student/apply');
    expect(inlineScriptHashes(res.body)).toEqual([]);
    expect(parseCsp(res.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
  });
});

describe('every other kind of answer carries them too', () => {
  it('API JSON', async () => {
    const res = await get('/api/clock');
    expect(res.statusCode).toBe(200);
    expectBaseHeaders(res, '/api/clock');
  });

  it('a static asset and a file outside assets/', async () => {
    for (const url of ['/assets/index-Abc123.js', '/favicon.svg']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expectBaseHeaders(res, url);
    }
  });

  it('404s: an unknown API path, a missing hashed asset, a POST to a page', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/assets/index-Gone999.js'],
      ['POST', '/faq'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expectBaseHeaders(res, `${method} ${url}`);
    }
  });

  it('error envelopes: 401 from the auth gate, 4003 from validation, a malformed URL answered before any hook', async () => {
    const unauthorised = await get('/api/student/email/status');
    expect(unauthorised.json()).toMatchObject({ status: 401 });
    expectBaseHeaders(unauthorised, '401');
    const invalid = await t.app.inject({ method: 'POST', url: '/api/login', payload: { phone: 'x' } });
    expect(invalid.statusCode).toBe(400);
    expectBaseHeaders(invalid, '4003');
    const badUrl = await get('/api/%E0%A4%A');
    expect(badUrl.statusCode).toBe(400);
    expectBaseHeaders(badUrl, 'bad URL');
  });

  it('the sandbox checkout page and its decision (the address is a capability: no-referrer)', async () => {
    const student = await payingStudent(t);
    const order = await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: student.token, body: { purpose: 'apply_fee', provider: 'WX', channel: 'wechat_scan' } });
    expect(order.body.status).toBe(200);
    const query = `?return=${encodeURIComponent('/pay/apply')}`;
    const res = await get(`/pay/sandbox/${order.body.data!.id}${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<form method="post" action="/api/payment/sandbox/');
    // Nothing the policy refuses: no inline script, no inline event handler.
    expect(inlineScriptHashes(res.body)).toEqual([]);
    expect(res.body).not.toMatch(/\son[a-z]+\s*=/i);
    expectBaseHeaders(res, 'sandbox checkout', 'no-referrer');
    const missing = await get('/pay/sandbox/SM20260101ffffffffffffffffffff');
    expect(missing.statusCode).toBe(404);
    expectBaseHeaders(missing, 'sandbox checkout 404', 'no-referrer');
    const decided = await t.app.inject({ method: 'POST', url: `/api/payment/sandbox/${order.body.data!.id}/confirm${query}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(decided.statusCode).toBeLessThan(400);
    expectBaseHeaders(decided, 'sandbox decision');
  });

  it('capability addresses of the API: parent pay, e-mail verification, letters, certificates, the calendar feed', async () => {
    for (const url of [
      '/api/guest/payment/pay-for/abcdef',
      '/api/email/validate?token=abc',
      '/api/guest/offer-letter/verify/abcdef',
      '/api/recommend-letter/file/abcdef',
      '/api/recommend-letter/verify/abcdef',
      '/api/certificate/verify/abcdef',
      '/api/calendar/abcdef.ics',
    ]) {
      const res = await get(url);
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['content-security-policy'], url).toBeDefined();
    }
  });

  it('Swagger UI works under the policy: no inline scripts on its page', async () => {
    const res = await get('/api/docs/');
    expect(res.statusCode).toBe(200);
    expectBaseHeaders(res, '/api/docs/');
    expect(inlineScriptHashes(res.body)).toEqual([]);
    expect(res.body).toMatch(/<script src="[^"]*swagger-initializer\.js"/);
  });
});

describe('configuration', () => {
  it('HSTS and upgrade-insecure-requests only when the server is behind HTTPS; the rate limit answer carries the headers', async () => {
    const secure = await createTestApp({ env: { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://summit.example.cn', RATE_LIMIT_PER_MINUTE: '1' } });
    try {
      for (const url of ['/api/clock', '/faq', '/api/clock']) {
        const res = await secure.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
        expect(parseCsp(res.headers['content-security-policy']).has('upgrade-insecure-requests'), url).toBe(true);
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      }
      const limited = await secure.app.inject({ method: 'GET', url: '/api/clock' });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['content-security-policy']).toBeDefined();
    } finally {
      await secure.close();
    }
    expect(parseCsp((await get('/api/clock')).headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
    expect(loadEnv({ PUBLIC_URL: 'https://summit.example.cn', HSTS: 'false' }).HSTS).toBe(false);
    expect(loadEnv({ HSTS: 'true' }).HSTS).toBe(true);
    expect(loadEnv({ PUBLIC_URL: 'http://127.0.0.1:3000' }).HSTS).toBe(false);
  });

  it('live Stripe (and only live Stripe) lets Stripe.js in: its script, its card frames, its API', () => {
    const live = cspDirectives(loadEnv({ PAYMENT_STRIPE: 'stripe', PUBLIC_URL: 'https://summit.example', STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_WEBHOOK_SECRET: 'wh' }));
    expect(live['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
    expect(live['frame-src']).toEqual(["'self'", 'blob:', 'https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(live['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    for (const env of [loadEnv({}), loadEnv({ PAYMENT_STRIPE: 'standin', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh' })]) {
      expect(cspDirectives(env)['script-src']).toEqual(["'self'"]);
    }
  });

  it('object storage origins join connect-src and img-src (browser-direct uploads, signed reads)', () => {
    const oss = loadEnv({ STORAGE_PROVIDER: 'aliyun-oss', OSS_REGION: 'cn-hangzhou', OSS_BUCKET: 'summit-files', OSS_ACCESS_KEY_ID: 'k', OSS_ACCESS_KEY_SECRET: 's' });
    expect(storageOrigins(oss)).toEqual(['https://summit-files.oss-cn-hangzhou.aliyuncs.com']);
    expect(cspDirectives(oss)['connect-src']).toEqual(["'self'", 'https://summit-files.oss-cn-hangzhou.aliyuncs.com']);
    expect(cspDirectives(oss)['img-src']).toContain('https://summit-files.oss-cn-hangzhou.aliyuncs.com');
    const cname = loadEnv({ STORAGE_PROVIDER: 'aliyun-oss', OSS_REGION: 'cn-hangzhou', OSS_BUCKET: 'b', OSS_ACCESS_KEY_ID: 'k', OSS_ACCESS_KEY_SECRET: 's', OSS_ENDPOINT: 'https://files.summit.cn/' });
    expect(storageOrigins(cname)).toEqual(['https://files.summit.cn']);
    const s3 = { STORAGE_PROVIDER: 's3', S3_REGION: 'ap-east-1', S3_BUCKET: 'summit', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    expect(storageOrigins(loadEnv(s3))).toEqual(['https://summit.s3.ap-east-1.amazonaws.com', 'https://s3.ap-east-1.amazonaws.com']);
    expect(storageOrigins(loadEnv({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }))).toEqual(['http://127.0.0.1:9000']);
    expect(storageOrigins(loadEnv({ ...s3, S3_ENDPOINT: 'https://cos.ap-guangzhou.myqcloud.com' }))).toEqual(['https://summit.cos.ap-guangzhou.myqcloud.com', 'https://cos.ap-guangzhou.myqcloud.com']);
    expect(storageOrigins(loadEnv({}))).toEqual([]);
  });
});
