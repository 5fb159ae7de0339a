import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, SESSION_MSG, type SessionItem } from '@summit/domain';
import { auditLog, authTokens } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, registerStudent, requestSmsCode, TEST_PASSWORD } from '../../test/flows.ts';
import { SESSION_TOUCH_MS } from './token.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Logs in as a browser would: with its user agent, x-plat and address. */
async function loginFrom(phone: string, device: { ua: string; plat: string; ip: string }, password = TEST_PASSWORD): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: device.ip,
    headers: { 'user-agent': device.ua, 'x-plat': device.plat },
    payload: { phone_code: '86', phone, password },
  });
  const token = (res.json() as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`login failed: ${res.body}`);
  return token;
}

async function sessionsOf(token: string) {
  const res = await call<SessionItem[]>(t.app, 'GET', '/api/auth/sessions', { token });
  expect(res.body.status).toBe(200);
  return res.body.data!;
}

async function works(token: string): Promise<boolean> {
  const res = await call(t.app, 'GET', '/api/auth/info', { token });
  return res.http === 200;
}

/** A student signed in on a phone (WeChat, iPhone) and a computer (Chrome, Windows). */
async function studentOnTwoDevices() {
  const { phone } = await registerStudent(t.app);
  const phoneToken = await loginFrom(phone, { ua: IPHONE_WECHAT, plat: 'wechatweb', ip: '10.20.0.1' });
  const pcToken = await loginFrom(phone, { ua: WINDOWS_CHROME, plat: 'web', ip: '10.20.0.2' });
  return { phone, phoneToken, pcToken };
}

describe('my devices', () => {
  it('lists every signed-in device with its label, platform, IP and times, the current one flagged', async () => {
    const { pcToken } = await studentOnTwoDevices();
    const list = await sessionsOf(pcToken);
    // The registration session plus the two logins.
    expect(list).toHaveLength(3);
    const pc = list.find((s) => s.current);
    expect(pc).toMatchObject({ device: 'Chrome · Windows', platform: '网页', ip: '10.20.0.2' });
    expect(list.find((s) => s.device === '微信内置浏览器 · iPhone')).toMatchObject({ current: false, platform: '微信网页', ip: '10.20.0.1' });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(Date.parse(pc!.created_at)).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(pc!.last_active_at).toBe(pc!.created_at);
  });

  it('shows only the caller’s own sessions', async () => {
    const a = await studentOnTwoDevices();
    const b = await studentOnTwoDevices();
    const ids = new Set((await sessionsOf(b.pcToken)).map((s) => s.id));
    for (const s of await sessionsOf(a.pcToken)) expect(ids.has(s.id)).toBe(false);
  });

  it('works for every role (a teacher lists their own)', async () => {
    const token = await createStaffToken(t, 'teacher');
    const list = await sessionsOf(token);
    expect(list).toHaveLength(1);
    expect(list[0]!.current).toBe(true);
  });

  it('ending one device makes its token 401 at once and leaves the others signed in', async () => {
    const { phoneToken, pcToken } = await studentOnTwoDevices();
    expect(await works(phoneToken)).toBe(true); // now in this process's token cache
    const phoneSession = (await sessionsOf(pcToken)).find((s) => s.device.startsWith('微信'))!;
    const res = await call(t.app, 'POST', `/api/auth/sessions/${phoneSession.id}/revoke`, { token: pcToken });
    expect(res.body).toMatchObject({ status: 200, msg: SESSION_MSG.REVOKED_ONE });
    const after = await call(t.app, 'GET', '/api/auth/info', { token: phoneToken });
    expect(after.http).toBe(401);
    expect(after.body).toMatchObject({ status: 401, msg: MSG.LOGIN_REQUIRED });
    expect(await works(pcToken)).toBe(true);
    expect((await sessionsOf(pcToken)).map((s) => s.id)).not.toContain(phoneSession.id);
    // Ending it again: the list was stale, so the page reloads it.
    const again = await call(t.app, 'POST', `/api/auth/sessions/${phoneSession.id}/revoke`, { token: pcToken });
    expect(again.body).toMatchObject({ status: 4004, msg: SESSION_MSG.NOT_FOUND });
  });

  it('the current device is ended with 退出登录, not by id', async () => {
    const { pcToken } = await studentOnTwoDevices();
    const current = (await sessionsOf(pcToken)).find((s) => s.current)!;
    const res = await call(t.app, 'POST', `/api/auth/sessions/${current.id}/revoke`, { token: pcToken });
    expect(res.body).toMatchObject({ status: 4001, msg: SESSION_MSG.CURRENT_USE_LOGOUT });
    expect(await works(pcToken)).toBe(true);
  });

  it("a student cannot end another account's session by id (4004, nothing ended)", async () => {
    const victim = await studentOnTwoDevices();
    const attacker = await studentOnTwoDevices();
    const target = (await sessionsOf(victim.pcToken)).find((s) => s.current)!;
    const res = await call(t.app, 'POST', `/api/auth/sessions/${target.id}/revoke`, { token: attacker.pcToken });
    expect(res.body).toMatchObject({ status: 4004, msg: SESSION_MSG.NOT_FOUND });
    expect(await works(victim.pcToken)).toBe(true);
  });

  it('退出其他所有设备 ends every other session and keeps this one', async () => {
    const { phoneToken, pcToken } = await studentOnTwoDevices();
    expect(await works(phoneToken)).toBe(true);
    const res = await call<{ count: number }>(t.app, 'POST', '/api/auth/sessions/revoke-others', { token: pcToken });
    expect(res.body).toMatchObject({ status: 200, msg: SESSION_MSG.REVOKED_OTHERS, data: { count: 2 } });
    expect(await works(phoneToken)).toBe(false);
    expect(await works(pcToken)).toBe(true);
    expect(await sessionsOf(pcToken)).toHaveLength(1);
  });
});

describe('password change and reset', () => {
  it('a password change ends every other session but not the current one', async () => {
    const { phone, phoneToken, pcToken } = await studentOnTwoDevices();
    expect(await works(phoneToken)).toBe(true);
    const res = await call(t.app, 'POST', '/api/auth/password', { token: pcToken, body: { password: TEST_PASSWORD, new_password: 'NewPassw0rd!' } });
    expect(res.body).toMatchObject({ status: 200, msg: SESSION_MSG.PASSWORD_CHANGED });
    expect(await works(phoneToken)).toBe(false);
    expect(await works(pcToken)).toBe(true);
    expect((await call(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: TEST_PASSWORD } })).body.msg).toBe(MSG.WRONG_PASSWORD);
    expect((await call(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: 'NewPassw0rd!' } })).body.status).toBe(200);
  });

  it('a wrong current password changes nothing and ends nothing', async () => {
    const { phoneToken, pcToken } = await studentOnTwoDevices();
    const res = await call(t.app, 'POST', '/api/auth/password', { token: pcToken, body: { password: 'Wrong-passw0rd', new_password: 'NewPassw0rd!' } });
    expect(res.body).toMatchObject({ status: 4001, msg: SESSION_MSG.OLD_PASSWORD_WRONG });
    expect(await works(phoneToken)).toBe(true);
    const weak = await call(t.app, 'POST', '/api/auth/password', { token: pcToken, body: { password: TEST_PASSWORD, new_password: 'short' } });
    expect(weak.body).toMatchObject({ status: 4003, msg: MSG.PASSWORD_FORMAT, data: { field: 'new_password' } });
    // A common password is refused on the new-password field like on register and reset (decision 035).
    const common = await call(t.app, 'POST', '/api/auth/password', { token: pcToken, body: { password: TEST_PASSWORD, new_password: 'password123' } });
    expect(common.body).toMatchObject({ status: 4003, data: { field: 'new_password' } });
    expect(common.body.msg).toContain('过于常见');
    expect(await works(phoneToken)).toBe(true);
  });

  it('a reset by SMS code ends every session, the current one too', async () => {
    const { phone, phoneToken, pcToken } = await studentOnTwoDevices();
    expect(await works(pcToken)).toBe(true);
    t.clock.advance(61_000);
    const code = await requestSmsCode(t.app, phone);
    const res = await call(t.app, 'POST', '/api/reset', { token: pcToken, body: { phone_code: '86', phone, code, password: 'NewPassw0rd!' } });
    expect(res.body.status).toBe(200);
    expect(await works(pcToken)).toBe(false);
    expect(await works(phoneToken)).toBe(false);
  });
});

describe('lifetimes', () => {
  it('a student session ends after 7 idle days, and activity keeps it alive', async () => {
    const { pcToken, phoneToken } = await studentOnTwoDevices();
    // pcToken is used every 6 days; phoneToken is not.
    for (let i = 0; i < 3; i++) {
      t.clock.advance(6 * DAY);
      expect(await works(pcToken)).toBe(true);
    }
    expect(await works(phoneToken)).toBe(false);
    const [row] = await t.db.select({ lastSeenAt: authTokens.lastSeenAt }).from(authTokens).where(eq(authTokens.id, (await sessionsOf(pcToken))[0]!.id));
    expect(row!.lastSeenAt.getTime()).toBe(t.clock.now().getTime());
    t.clock.advance(t.env.TOKEN_IDLE_DAYS * DAY + 1);
    expect(await works(pcToken)).toBe(false);
  });

  it('a student session ends at its absolute lifetime however active', async () => {
    const { pcToken } = await studentOnTwoDevices();
    const start = t.clock.now().getTime();
    while (t.clock.now().getTime() + 5 * DAY < start + t.env.TOKEN_TTL_DAYS * DAY) {
      t.clock.advance(5 * DAY);
      expect(await works(pcToken)).toBe(true);
    }
    t.clock.set(new Date(start + t.env.TOKEN_TTL_DAYS * DAY + 1));
    expect(await works(pcToken)).toBe(false);
  });

  it('a teacher session is shorter: 12 idle hours, 7 days in all', async () => {
    const idle = await createStaffToken(t, 'teacher');
    const active = await createStaffToken(t, 'teacher', { isAdmin: true });
    const start = t.clock.now().getTime();
    t.clock.advance(11 * HOUR);
    expect(await works(active)).toBe(true);
    t.clock.advance(1 * HOUR + 1);
    expect(await works(active)).toBe(true);
    expect(await works(idle)).toBe(false);
    while (t.clock.now().getTime() + 10 * HOUR < start + t.env.STAFF_TOKEN_TTL_DAYS * DAY) {
      t.clock.advance(10 * HOUR);
      expect(await works(active)).toBe(true);
    }
    t.clock.set(new Date(start + t.env.STAFF_TOKEN_TTL_DAYS * DAY + 1));
    expect(await works(active)).toBe(false);
  });

  it('last activity is written at most once per touch interval, not on every request', async () => {
    const { pcToken } = await studentOnTwoDevices();
    const id = (await sessionsOf(pcToken)).find((s) => s.current)!.id;
    const seen = async () => (await t.db.select({ at: authTokens.lastSeenAt }).from(authTokens).where(eq(authTokens.id, id)))[0]!.at.getTime();
    const before = await seen();
    t.clock.advance(SESSION_TOUCH_MS - 1_000);
    expect(await works(pcToken)).toBe(true);
    expect(await seen()).toBe(before);
    t.clock.advance(2_000);
    expect(await works(pcToken)).toBe(true);
    expect(await seen()).toBe(t.clock.now().getTime());
  });
});

describe('an administrator ends an account’s sessions', () => {
  it('ends them all, at once, and records it in the audit log', async () => {
    const admin = await createStaffToken(t, 'teacher', { isAdmin: true });
    const { phoneToken, pcToken } = await studentOnTwoDevices();
    expect(await works(pcToken)).toBe(true);
    const userId = ((await call<{ user_id: number }>(t.app, 'GET', '/api/auth/info', { token: pcToken })).body.data!).user_id;
    const res = await call<{ count: number }>(t.app, 'POST', `/api/admin/accounts/${userId}/sessions/revoke`, { token: admin });
    expect(res.body).toMatchObject({ status: 200, msg: SESSION_MSG.ADMIN_REVOKED, data: { count: 3 } });
    expect(await works(pcToken)).toBe(false);
    expect(await works(phoneToken)).toBe(false);
    const adminId = ((await call<{ user_id: number }>(t.app, 'GET', '/api/auth/info', { token: admin })).body.data!).user_id;
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'account.sessions.revoke'), eq(auditLog.entityId, String(userId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: adminId, entity: 'account', after: { revoked: 3 } });
  });

  it('an unknown account is a 404 envelope; a student or a plain teacher cannot call it', async () => {
    const admin = await createStaffToken(t, 'teacher', { isAdmin: true });
    const missing = await call(t.app, 'POST', '/api/admin/accounts/999999/sessions/revoke', { token: admin });
    expect(missing.http).toBe(404);
    expect(missing.body).toMatchObject({ status: 4001, msg: SESSION_MSG.ACCOUNT_NOT_FOUND });
    const victim = await studentOnTwoDevices();
    const userId = ((await call<{ user_id: number }>(t.app, 'GET', '/api/auth/info', { token: victim.pcToken })).body.data!).user_id;
    const student = await studentOnTwoDevices();
    const teacher = await createStaffToken(t, 'teacher');
    for (const token of [student.pcToken, teacher]) {
      const res = await call(t.app, 'POST', `/api/admin/accounts/${userId}/sessions/revoke`, { token });
      expect(res.http).toBe(403);
      expect(res.body).toMatchObject({ status: 4001, msg: MSG.NO_PERMISSION });
    }
    expect(await works(victim.pcToken)).toBe(true);
  });
});
