/**
 * Generated suites over every API route the app registers: a route added later joins them by existing.
 * (a) the role gate refuses a missing token and every other role's token;
 * (b) malformed bodies and query strings get a 4xxx envelope, never a 500;
 * (c) text PostgreSQL cannot store, in a body field, a query value, a path parameter or a form field, is a 4003
 *     naming the field; malformed multipart is a 400 and an over-limit body a 413, in Chinese (decision 020).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG, isStatusCode } from '@summit/domain';
import type { RegisteredRoute } from '../http/context.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { createStaffToken, registerStudent } from './flows.ts';

let t: TestApp;
const tokens: Record<'student' | 'teacher' | 'admin' | 'school' | 'sl', string> = { student: '', teacher: '', admin: '', school: '', sl: '' };
let routes: RegisteredRoute[] = [];

beforeAll(async () => {
  t = await createTestApp();
  tokens.student = (await registerStudent(t.app)).token;
  tokens.teacher = await createStaffToken(t, 'teacher');
  tokens.admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  tokens.school = await createStaffToken(t, 'school');
  await bindSchool(tokens.school);
  tokens.sl = await createStaffToken(t, 'sl');
  routes = t.app.routeRegistry.filter((r) => !r.url.startsWith('/api/docs'));
});
afterAll(async () => {
  await t.close();
});

/** The school token speaks for a real school, so its routes run their queries rather than stop at 未绑定学校. */
async function bindSchool(token: string) {
  const { accounts, schools } = await import('../db/schema.ts');
  const { eq } = await import('drizzle-orm');
  const info = await t.app.inject({ method: 'GET', url: '/api/school/info', headers: { authorization: `Bearer ${token}` } });
  const accountId = (info.json() as { data: { user_id: number } }).data.user_id;
  const [school] = await t.db.insert(schools).values({ name: '路由测试中学', countryId: 1 }).returning({ id: schools.id });
  await t.db.update(accounts).set({ schoolId: school!.id }).where(eq(accounts.id, accountId));
}

function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, '1');
}

interface SendOptions {
  token?: string;
  body?: unknown;
  rawBody?: string;
  query?: string;
  /** The path with its parameters already filled in (default: every parameter is 1). */
  url?: string;
  contentType?: string;
}

let sent = 0;
/** Each request from its own address, so a route's own rate limit (e.g. the tester password) never answers first. */
function nextAddress(): string {
  sent += 1;
  return `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
}

async function send(route: RegisteredRoute, opts: SendOptions = {}) {
  const hasBody = opts.rawBody !== undefined || opts.body !== undefined;
  const res = await t.app.inject({
    method: route.method as 'GET',
    remoteAddress: nextAddress(),
    url: (opts.url ?? concreteUrl(route.url)) + (opts.query ?? ''),
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(hasBody || opts.contentType ? { 'content-type': opts.contentType ?? 'application/json' } : {}),
    },
    ...(opts.rawBody !== undefined ? { payload: opts.rawBody } : opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
  });
  let body: { status?: unknown; msg?: unknown; data?: { field?: unknown } } = {};
  try {
    body = res.json();
  } catch {
    // A download route (the courses' .xlsx export and template) answers a valid request with the file itself.
    body = res.statusCode === 200 && /spreadsheetml/.test(String(res.headers['content-type'])) ? { status: 200, msg: '' } : {};
  }
  return { http: res.statusCode, body };
}

function tokenFor(route: RegisteredRoute): string | undefined {
  if (route.auth === 'public') return undefined;
  if (route.adminOnly) return tokens.admin;
  if (route.role) return tokens[route.role];
  return tokens.student;
}

describe('the route registry', () => {
  it('has the foundation routes, each with a known auth mode', () => {
    const paths = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of ['POST /api/login', 'POST /api/register', 'GET /api/student/status', 'GET /api/teacher/info', 'GET /api/school/info', 'GET /api/sl/info']) {
      expect(paths).toContain(expected);
    }
  });
});

// Each test walks every route of the registry: seconds alone, many times that beside the browser suite.
describe('(a) every protected route refuses callers without the right role', { timeout: 120_000 }, () => {
  it('no token → 401 envelope', async () => {
    const protectedRoutes = routes.filter((r) => r.auth === 'any' || (r.auth === 'role' && r.role));
    expect(protectedRoutes.length).toBeGreaterThan(5);
    for (const route of protectedRoutes) {
      const res = await send(route);
      expect({ route: `${route.method} ${route.url}`, http: res.http, status: res.body.status }).toEqual({ route: `${route.method} ${route.url}`, http: 401, status: 401 });
    }
  });

  it('a forged token → 401', async () => {
    for (const route of routes.filter((r) => r.auth === 'any' || (r.auth === 'role' && r.role))) {
      const res = await send(route, { token: 'A'.repeat(43) });
      expect([route.url, res.http]).toEqual([route.url, 401]);
    }
  });

  it("another role's token → 403 无权限访问！", async () => {
    const roleRoutes = routes.filter((r) => r.auth === 'role' && r.role);
    for (const route of roleRoutes) {
      const others = (['student', 'teacher', 'school', 'sl'] as const).filter((role) => role !== route.role);
      for (const other of others) {
        const res = await send(route, { token: tokens[other] });
        expect({ route: route.url, as: other, http: res.http, status: res.body.status, msg: res.body.msg }).toEqual({
          route: route.url,
          as: other,
          http: 403,
          status: 4001,
          msg: '无权限访问！',
        });
      }
    }
  });

  it('admin routes refuse a plain teacher', async () => {
    for (const route of routes.filter((r) => r.adminOnly)) {
      const res = await send(route, { token: tokens.teacher });
      expect([route.url, res.http]).toEqual([route.url, 403]);
    }
  });
});

const HUGE = 'x'.repeat(200_000);
const NASTY_VALUES: unknown[] = [
  null,
  123456789,
  -1,
  1.5,
  true,
  [],
  {},
  [1, 2, 3],
  { $gt: '' },
  '',
  ' ',
  HUGE,
  "' OR 1=1 --",
  '1; DROP TABLE accounts; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '𠮷野家😀\u0000\u202e',
  '１３９００００００００',
  '../../etc/passwd',
  '%00',
];

function objectKeys(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) {
    return [...new Set((schema.options as unknown[]).flatMap((o) => objectKeys(o)))];
  }
  if (schema instanceof z.ZodPipe) return objectKeys(schema.in);
  if (schema instanceof z.ZodIntersection) return [...objectKeys(schema.def.left), ...objectKeys(schema.def.right)];
  return [];
}

function assertEnvelope(label: string, res: { http: number; body: { status?: unknown; msg?: unknown } }) {
  expect(res.http, label).not.toBe(500);
  expect(isStatusCode(res.body.status), `${label}: body ${JSON.stringify(res.body).slice(0, 200)}`).toBe(true);
  expect(typeof res.body.msg, label).toBe('string');
  // The words are the domain's Chinese, never a framework code.
  expect(String(res.body.msg), label).not.toMatch(/FST_|Error|error/);
  if (res.http >= 400) expect(res.body.status, label).not.toBe(200);
}

describe('(b) malformed input never answers 500', { timeout: 120_000 }, () => {
  it('whole bodies of the wrong shape → 4003', async () => {
    const withBody = routes.filter((r) => r.schema.body);
    expect(withBody.length).toBeGreaterThan(3);
    for (const route of withBody) {
      for (const raw of ['not json', '[]', '"text"', 'null', '{"a":', '1']) {
        const res = await send(route, { token: tokenFor(route), rawBody: raw });
        assertEnvelope(`${route.method} ${route.url} ${raw}`, res);
        expect(res.body.status, `${route.url} ${raw}`).toBe(4003);
      }
      const empty = await send(route, { token: tokenFor(route), body: {} });
      assertEnvelope(`${route.url} {}`, empty);
      expect(empty.body.status, `${route.url} {}`).toBe(4003);
    }
  });

  it('each field set to each nasty value → an envelope, 4xxx or a valid 200', async () => {
    for (const route of routes.filter((r) => r.schema.body)) {
      for (const key of objectKeys(route.schema.body)) {
        for (const value of NASTY_VALUES) {
          const res = await send(route, { token: tokenFor(route), body: { phone_code: '86', phone: '13900000000', [key]: value } });
          assertEnvelope(`${route.method} ${route.url} ${key}=${JSON.stringify(value).slice(0, 40)}`, res);
        }
      }
    }
    // Thousands of requests, growing with every route: its own time limit, not the suite's 30 s.
  }, 180_000);

  it('query strings with nasty values → an envelope', async () => {
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const keys = objectKeys(route.schema.querystring);
      for (const key of keys.length ? keys : ['x']) {
        for (const value of ['abc', '-1', '1e309', "1' or '1'='1", '<b>x</b>', '%E4%B8%AD', HUGE.slice(0, 5000), '']) {
          const res = await send(route, { token: tokenFor(route), query: `?${key}=${encodeURIComponent(value)}` });
          assertEnvelope(`GET ${route.url}?${key}=${value.slice(0, 20)}`, res);
        }
      }
    }
  }, 180_000);

  it('an unknown API path → 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 4001, msg: '接口不存在' });
  });
});

/** Strings PostgreSQL cannot store or that are not text: NUL, other C0 controls, unpaired surrogates. */
const UNSTORABLE: ReadonlyArray<[string, string]> = [
  ['NUL', 'a\u0000b'],
  ['escape', '\u001b[2J'],
  ['lone high surrogate', 'x\ud800'],
  ['lone low surrogate', '\udc00y'],
];
/** Valid text that must never be mistaken for the above. */
const STORABLE = '𠮷野家😀👍🏽\t第一行\r\n第二行\u202e';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function paramNames(url: string): string[] {
  return [...Array.from(url.matchAll(/:([A-Za-z_]+)/g), (m) => m[1] ?? ''), ...(url.endsWith('*') ? ['*'] : [])];
}

function urlWith(url: string, param: string, encoded: string): string {
  const filled = url.replace(/:([A-Za-z_]+)/g, (_whole, name: string) => (name === param ? encoded : '1'));
  return filled.endsWith('*') ? filled.slice(0, -1) + (param === '*' ? encoded : 'student/1/x.png') : filled;
}

function expectUnstorableRefused(label: string, res: Awaited<ReturnType<typeof send>>, field: string) {
  assertEnvelope(label, res);
  expect({ label, http: res.http, status: res.body.status, msg: res.body.msg, field: res.body.data?.field }).toEqual({
    label,
    http: 400,
    status: 4003,
    msg: MSG.TEXT_UNSTORABLE,
    field,
  });
}

function multipart(boundary: string, parts: Array<{ name: string; value: string; filename?: string }>, close = true): string {
  const body = parts
    .map((p) => `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"\r\nContent-Type: image/png` : ''}\r\n\r\n${p.value}\r\n`)
    .join('');
  return close ? `${body}--${boundary}--\r\n` : body;
}

describe('(c) unstorable text, malformed forms and oversized bodies, on every route', { timeout: 120_000 }, () => {
  it('a body field (top level, nested, in a list, or as a key) holding unstorable text → 4003 naming it', async () => {
    const withBody = routes.filter((r) => r.schema.body);
    for (const route of withBody) {
      const keys = objectKeys(route.schema.body);
      for (const key of keys.length ? keys : ['x']) {
        for (const [label, bad] of UNSTORABLE) {
          const res = await send(route, { token: tokenFor(route), body: { [key]: bad } });
          expectUnstorableRefused(`${route.method} ${route.url} ${key}: ${label}`, res, key);
        }
        const nested = await send(route, { token: tokenFor(route), body: { [key]: { inner: ['ok', 'a\u0000'] } } });
        expectUnstorableRefused(`${route.method} ${route.url} ${key}.inner.1`, nested, `${key}.inner.1`);
        const valid = await send(route, { token: tokenFor(route), body: { [key]: STORABLE } });
        assertEnvelope(`${route.method} ${route.url} ${key}: storable text`, valid);
        expect(valid.body.msg, `${route.url} ${key}: emoji and CJK extension are valid text`).not.toBe(MSG.TEXT_UNSTORABLE);
      }
      const badKey = await send(route, { token: tokenFor(route), body: { 'k\u0000': 1 } });
      expectUnstorableRefused(`${route.method} ${route.url} key`, badKey, 'k\ufffd');
    }
  });

  it('a whole body that is unstorable text → 4003 naming the body (JSON string, raw-text routes)', async () => {
    for (const route of routes.filter((r) => r.schema.body)) {
      const res = await send(route, { token: tokenFor(route), rawBody: JSON.stringify('a\u0000b') });
      expectUnstorableRefused(`${route.method} ${route.url} string body`, res, 'body');
    }
    // Routes that keep the raw text (payment notifications are verified over their exact bytes; beacons send text/plain).
    const notify = routes.find((r) => r.url === '/api/payment/notify/:provider');
    const beacon = routes.find((r) => r.url === '/api/bury-dot');
    if (!notify || !beacon) throw new Error('notify and beacon routes are registered');
    expectUnstorableRefused('notify raw body', await send(notify, { url: '/api/payment/notify/sandbox', contentType: 'text/xml', rawBody: '<xml>a\u0000</xml>' }), 'body');
    expectUnstorableRefused('beacon text body', await send(beacon, { contentType: 'text/plain', rawBody: 'not json \u0007' }), 'body');
    expectUnstorableRefused('beacon JSON in text', await send(beacon, { contentType: 'text/plain', rawBody: '{"event":"a\\u0000","ip":"x"}' }), 'event');
  });

  it('a query value (declared or not) holding a control character → 4003 naming it', async () => {
    for (const route of routes) {
      const keys = objectKeys(route.schema.querystring);
      for (const key of [...keys, 'q']) {
        for (const encoded of ['%00', 'a%1Bb', '%07']) {
          const res = await send(route, { token: tokenFor(route), query: `?${encodeURIComponent(key)}=${encoded}` });
          expectUnstorableRefused(`${route.method} ${route.url}?${key}=${encoded}`, res, key);
        }
        // UTF-8 cannot carry a lone surrogate: its would-be bytes are not valid text and must not fail either
        // (reads only: a write such as logout would really run and end the session these tests use).
        if (route.method === 'GET') {
          const lone = await send(route, { token: tokenFor(route), query: `?${encodeURIComponent(key)}=%ED%A0%80` });
          assertEnvelope(`${route.method} ${route.url}?${key}=%ED%A0%80`, lone);
        }
      }
      const repeated = await send(route, { token: tokenFor(route), query: '?q=ok&q=%00' });
      expectUnstorableRefused(`${route.method} ${route.url}?q=ok&q=%00`, repeated, 'q.1');
    }
  });

  it('a path parameter holding a control character → 4003 naming it; one that is not valid UTF-8 → 400 in Chinese', async () => {
    const withParams = routes.filter((r) => paramNames(r.url).length > 0);
    expect(withParams.length).toBeGreaterThan(3);
    for (const route of withParams) {
      for (const param of paramNames(route.url)) {
        const res = await send(route, { token: tokenFor(route), url: urlWith(route.url, param, 'a%00b') });
        expectUnstorableRefused(`${route.method} ${route.url} :${param}`, res, param);
        const invalid = await send(route, { token: tokenFor(route), url: urlWith(route.url, param, '%ED%A0%80') });
        assertEnvelope(`${route.method} ${route.url} :${param}=%ED%A0%80`, invalid);
        expect({ route: route.url, http: invalid.http, msg: invalid.body.msg }).toEqual({ route: route.url, http: 400, msg: MSG.REQUEST_URL_INVALID });
      }
    }
  });

  it('a malformed multipart body (no boundary, cut short) → 4xx in Chinese on every route; 400 on the upload route', async () => {
    const upload = routes.find((r) => r.method === 'POST' && r.url === '/api/oss/upload');
    expect(upload, 'the local upload endpoint is registered in tests').toBeDefined();
    const truncated = multipart('XYZ', [{ name: 'key', value: 'student/1/a.png' }], false).slice(0, -3);
    for (const route of routes.filter((r) => WRITE_METHODS.has(r.method))) {
      const noBoundary = await send(route, { token: tokenFor(route), contentType: 'multipart/form-data', rawBody: 'abc' });
      assertEnvelope(`${route.method} ${route.url} multipart without boundary`, noBoundary);
      expect(noBoundary.http, route.url).toBeGreaterThanOrEqual(400);
      const cut = await send(route, { token: tokenFor(route), contentType: 'multipart/form-data; boundary=XYZ', rawBody: truncated });
      assertEnvelope(`${route.method} ${route.url} truncated multipart`, cut);
      expect(cut.http, route.url).toBeGreaterThanOrEqual(400);
      if (route === upload) {
        expect([noBoundary.http, noBoundary.body.msg]).toEqual([400, MSG.UPLOAD_FORM_MALFORMED]);
        expect([cut.http, cut.body.msg]).toEqual([400, MSG.UPLOAD_FORM_MALFORMED]);
      }
    }
  });

  it('a multipart form field holding unstorable text → 4003 naming the field', async () => {
    const upload = routes.find((r) => r.method === 'POST' && r.url === '/api/oss/upload');
    if (!upload) throw new Error('no upload route');
    // A form is UTF-8 bytes: it can carry control characters but not a lone surrogate (that arrives as U+FFFD).
    for (const [label, bad] of UNSTORABLE.filter(([label]) => !label.includes('surrogate'))) {
      const form = multipart('XYZ', [
        { name: 'key', value: 'student/1/a.png' },
        { name: 'policy', value: bad },
        { name: 'file', value: 'PNG', filename: 'a.png' },
      ]);
      const res = await send(upload, { contentType: 'multipart/form-data; boundary=XYZ', rawBody: form });
      expectUnstorableRefused(`upload policy: ${label}`, res, 'policy');
    }
  });

  it('a body over the limit → 413 with the Chinese message, on every route that takes a body', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(1_100_000) });
    for (const route of routes.filter((r) => WRITE_METHODS.has(r.method))) {
      const res = await send(route, { token: tokenFor(route), rawBody: big });
      assertEnvelope(`${route.method} ${route.url} 1.1 MB`, res);
      expect({ route: route.url, http: res.http, msg: res.body.msg }).toEqual({ route: route.url, http: 413, msg: MSG.REQUEST_BODY_TOO_LARGE });
    }
  });

  it('other framework refusals answer in Chinese: wrong media type, empty JSON, bad content encoding', async () => {
    const route = routes.find((r) => r.method === 'POST' && r.url === '/api/login');
    if (!route) throw new Error('no login route');
    const xml = await send(route, { contentType: 'application/xml', rawBody: '<a/>' });
    expect([xml.http, xml.body.msg]).toEqual([415, MSG.REQUEST_MEDIA_TYPE_UNSUPPORTED]);
    const empty = await send(route, { rawBody: '' });
    expect([empty.http, empty.body.msg]).toEqual([400, MSG.REQUEST_BODY_EMPTY]);
    const gz = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: 'not gzip' });
    expect([gz.statusCode, gz.json().msg]).toEqual([400, MSG.REQUEST_MALFORMED]);
    const long = await t.app.inject({ method: 'GET', url: `/api/guest/payment/pay-for/${'a'.repeat(300)}` });
    expect([long.statusCode, long.json().msg]).toEqual([414, MSG.REQUEST_URL_INVALID]);
  });
});
