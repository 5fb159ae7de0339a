/**
 * The permission table against the routes the app really registers (decision 063): every /api/admin route must
 * have a row, and a type-4 staff member is refused or admitted exactly as the row says. A route added later
 * joins this walk by existing, and fails it until it is classified in the domain's ADMIN_ROUTE_PERMISSIONS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_ROUTE_PERMISSIONS, MSG, can, routePermission } from '@summit/domain';
import { accounts } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, createStaffToken } from '../test/flows.ts';
import type { RegisteredRoute } from './context.ts';

let t: TestApp;
let staff: string;
let teacher: string;
let typeNine: string;
let adminRoutes: RegisteredRoute[];
const STAFF = { role: 'teacher', teacherType: 4, isAdmin: false } as const;

async function tokenOfType(teacherType: number): Promise<string> {
  const token = await createStaffToken(t, 'teacher');
  const id = (await call<{ user_id: number }>(t.app, 'GET', '/api/teacher/info', { token })).body.data!.user_id;
  await t.db.update(accounts).set({ teacherType }).where(eq(accounts.id, id));
  // The type is read with the session: log in again so no cached session of the old type answers.
  const [row] = await t.db.select({ phone: accounts.phone }).from(accounts).where(eq(accounts.id, id));
  const res = await call<{ token: string }>(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone: row!.phone, password: 'Passw0rd!x' } });
  return res.body.data!.token;
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await tokenOfType(4);
  teacher = await tokenOfType(1);
  // Type 9 without the is_admin flag is an administrator too (docs/product/users-and-roles.md).
  typeNine = await tokenOfType(9);
  adminRoutes = t.app.routeRegistry.filter((r) => r.url.startsWith('/api/admin/'));
});
afterAll(async () => {
  await t.close();
});

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');

async function send(token: string, method: string, url: string) {
  const res = await t.app.inject({
    method: method as 'GET',
    url: concrete(url),
    headers: { authorization: `Bearer ${token}`, ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
  });
  let body: { status?: unknown; msg?: unknown } = {};
  try {
    body = res.json();
  } catch {
    // A download answers an admitted request with the file itself.
  }
  return { http: res.statusCode, status: body.status, msg: body.msg };
}
const refused = { http: 403, status: 4001, msg: MSG.NO_PERMISSION };

describe('every admin route is classified', () => {
  it('has a row in the domain table (add one line to ADMIN_ROUTE_PERMISSIONS)', () => {
    expect(adminRoutes.length).toBeGreaterThan(100);
    const missing = adminRoutes.filter((r) => routePermission(r.method, r.url) === undefined).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('has no row for a route that does not exist (a renamed route leaves no stale grant)', () => {
    const registered = new Set(adminRoutes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(ADMIN_ROUTE_PERMISSIONS).filter((k) => !registered.has(k))).toEqual([]);
  });
});

describe('a type-4 staff member, row by row', () => {
  it.each(Object.entries(ADMIN_ROUTE_PERMISSIONS))('%s (%s)', async (key, permission) => {
    const [method, url] = key.split(' ') as [string, string];
    const res = await send(staff, method, url);
    if (can(STAFF, permission)) {
      expect(res.http).toBeLessThan(500);
      // Admitted by the hook. A service may still answer 无权限访问！ for its own reason (an assignment id that is
      // not there reads like another course's, so ids tell nothing); then an administrator gets the same answer.
      if (res.status === refused.status && res.msg === refused.msg) expect(await send(typeNine, method, url)).toEqual(res);
    } else {
      expect(res).toEqual(refused);
    }
  });
});

describe('other teachers and administrators', () => {
  it('a teacher (type 1) is refused every admin route with 无权限访问！', async () => {
    for (const r of adminRoutes) expect([`${r.method} ${r.url}`, await send(teacher, r.method, r.url)]).toEqual([`${r.method} ${r.url}`, refused]);
  });

  it('type 9 is an administrator without the flag: admin-only routes answer, and teacher info lists every permission', async () => {
    for (const url of ['/api/admin/staff', '/api/admin/audit', '/api/admin/settings/fees']) expect((await call(t.app, 'GET', url, { token: typeNine })).body.status).toBe(200);
    const info = await call<{ is_admin: boolean; permissions: string[] }>(t.app, 'GET', '/api/teacher/info', { token: typeNine });
    expect(info.body.data).toMatchObject({ is_admin: true });
    expect(info.body.data!.permissions).toContain('staff.manage');
  });

  it('teacher info carries the permission list the console shows tabs from', async () => {
    const s = await call<{ is_admin: boolean; permissions: string[] }>(t.app, 'GET', '/api/teacher/info', { token: staff });
    expect(s.body.data).toMatchObject({ is_admin: false, permissions: expect.arrayContaining(['messages.send', 'house_cup.write', 'checkin.manage']) });
    expect(s.body.data!.permissions).not.toContain('staff.manage');
    expect((await call<{ permissions: string[] }>(t.app, 'GET', '/api/teacher/info', { token: teacher })).body.data!.permissions).toEqual([]);
  });
});
