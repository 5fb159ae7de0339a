/**
 * Generated suites over every API route the app registers: a route added later joins them by existing.
 * (a) the role gate refuses a missing token and every other role's token;
 * (b) malformed bodies and query strings get a 4xxx envelope, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isStatusCode } from '@summit/domain';
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
  tokens.sl = await createStaffToken(t, 'sl');
  routes = t.app.routeRegistry.filter((r) => !r.url.startsWith('/api/docs'));
});
afterAll(async () => {
  await t.close();
});

function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, '1');
}

async function send(route: RegisteredRoute, opts: { token?: string; body?: unknown; rawBody?: string; query?: string } = {}) {
  const res = await t.app.inject({
    method: route.method as 'GET',
    url: concreteUrl(route.url) + (opts.query ?? ''),
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.rawBody !== undefined || opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(opts.rawBody !== undefined ? { payload: opts.rawBody } : opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
  });
  let body: { status?: unknown; msg?: unknown } = {};
  try {
    body = res.json();
  } catch {
    body = {};
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

describe('(a) every protected route refuses callers without the right role', () => {
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
  if (res.http >= 400) expect(res.body.status, label).not.toBe(200);
}

describe('(b) malformed input never answers 500', () => {
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
  });

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
  });

  it('an unknown API path → 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 4001, msg: '接口不存在' });
  });
});
