/**
 * WeCom sign-in and binding (decision 098) against the stand-in of WeCom's servers listening on a free port, with
 * the app in WECOM_MODE=live: the real HTTP client, OAuth states, codes, staff links, student bindings.
 */
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, WECOM_MSG, type WecomAuthorizeResult, type WecomEidResult, type WecomStaffLink, type WecomStaffLinkList, type WecomStudentIdentity } from '@summit/domain';
import { accounts, auditLog } from '../../db/schema.ts';
import { wecomStaffLinks } from '../../db/schema-wecom.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';
import { createPeerApp, createTestApp, type TestApp } from '../../test/test-app.ts';
import { createWecomStandin, WECOM_STANDIN_CORP, type WecomStandin } from '../../stand-ins/wecom.ts';

const PUBLIC_URL = 'https://summit.example.cn';

let t: TestApp;
let standin: WecomStandin;
let server: FastifyInstance;
let base: string;
let adminToken: string;

const liveEnv = (apiBase: string) => ({
  WECOM_MODE: 'live',
  WECOM_CORP_ID: WECOM_STANDIN_CORP.corpId,
  WECOM_AGENT_ID: WECOM_STANDIN_CORP.agentId,
  WECOM_SECRET: WECOM_STANDIN_CORP.secret,
  WECOM_API_BASE: apiBase,
  WECOM_OPEN_BASE: apiBase,
  WECOM_SSO_BASE: apiBase,
  PUBLIC_URL,
});

beforeAll(async () => {
  let clockNow = () => Date.now();
  standin = createWecomStandin({ now: () => clockNow() });
  server = Fastify({ logger: false });
  await server.register(standin.plugin);
  base = await server.listen({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({ env: liveEnv(base) });
  clockNow = () => t.clock.now().getTime();
  adminToken = await createStaffToken(t, 'teacher', { isAdmin: true });
});
afterAll(async () => {
  await t?.close();
  await server?.close();
});

async function accountIdOf(token: string): Promise<number> {
  const info = await call<{ user_id: number }>(t.app, 'GET', '/api/auth/info', { token });
  return info.body.data!.user_id;
}

async function startAuthorize(app = t.app, returnUrl = '/admin'): Promise<WecomAuthorizeResult> {
  const res = await call<WecomAuthorizeResult>(app, 'POST', '/api/wecom/oauth/authorize', { body: { scope: 'snsapi_base', return_url: returnUrl } });
  expect(res.body.status).toBe(200);
  return res.body.data!;
}

/** What the browser does on WeCom's authorize page: picks the demo person; answers where WeCom sends it back. */
async function pick(authorizeUrl: string, person: string): Promise<{ code: string; state: string }> {
  const url = new URL(authorizeUrl);
  if (url.pathname.endsWith('/oauth2/authorize')) expect(url.hash).toBe('#wechat_redirect');
  url.hash = '';
  url.searchParams.set('choose', person);
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/wecom/oauth/middle`);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

async function eid(body: Record<string, unknown>, app = t.app) {
  const res = await call<WecomEidResult>(app, 'POST', '/api/wecom/oauth/eid', { body });
  expect(res.body.status).toBe(200);
  return res.body.data!;
}

async function signInAs(person: string) {
  const start = await startAuthorize();
  return eid(await pick(start.authorize_url, person));
}

async function link(accountId: number, wecomUserId: string, token = adminToken) {
  return call<WecomStaffLink>(t.app, 'PUT', `/api/admin/staff/${accountId}/wecom`, { token, body: { wecom_user_id: wecomUserId } });
}

describe('the authorize step', () => {
  it('answers WeCom’s authorize URL for this corp and agent, coming back to /wecom/oauth/middle with a fresh state', async () => {
    const a = await startAuthorize();
    const b = await startAuthorize();
    const url = new URL(a.authorize_url);
    expect(url.pathname).toBe('/connect/oauth2/authorize');
    expect(url.searchParams.get('appid')).toBe(WECOM_STANDIN_CORP.corpId);
    expect(url.searchParams.get('agentid')).toBe(WECOM_STANDIN_CORP.agentId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/wecom/oauth/middle`);
    expect(url.searchParams.get('state')).toBe(a.state);
    expect(a.state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a.state).not.toBe(b.state);
  });

  it('a browser outside WeCom gets the QR sign-in page (sso), whose code signs in the same way', async () => {
    const res = await call<WecomAuthorizeResult>(t.app, 'POST', '/api/wecom/oauth/authorize', { body: { scope: 'sso', return_url: '/' } });
    const url = new URL(res.body.data!.authorize_url);
    expect(url.pathname).toBe('/wwlogin/sso/login');
    expect(url.searchParams.get('login_type')).toBe('CorpApp');
    expect(await eid(await pick(res.body.data!.authorize_url, 'LiZhuli'))).toMatchObject({ outcome: 'failed', fail: 'employee' });
  });

  it('refuses a return address on another host, or none', async () => {
    expect((await call(t.app, 'POST', '/api/wecom/oauth/authorize', { body: {} })).body).toMatchObject({ status: 4003, data: { field: 'return_url' } });
    for (const bad of ['https://evil.example.com/', '//evil.example.com/x', '/\\evil.example.com']) {
      const res = await call(t.app, 'POST', '/api/wecom/oauth/authorize', { body: { return_url: bad } });
      expect([bad, res.body.status]).toEqual([bad, 4003]);
    }
  });
});

describe('staff sign-in', () => {
  let teacherToken: string;
  let teacherId: number;

  beforeAll(async () => {
    teacherToken = await createStaffToken(t, 'teacher');
    teacherId = await accountIdOf(teacherToken);
  });

  it('an unlinked corp member is refused as an employee account (员工账户！)', async () => {
    expect(await signInAs('LiZhuli')).toEqual({ outcome: 'failed', code: 1, fail: 'employee' });
  });

  it('an administrator links a staff account to a WeCom member (audited); the member then signs in as that account', async () => {
    const res = await link(teacherId, 'ZhangLaoshi');
    expect(res.body).toMatchObject({ status: 200, msg: WECOM_MSG.LINKED, data: { account_id: teacherId, wecom_user_id: 'ZhangLaoshi', wecom_name: '张老师', last_signin_at: null } });
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'wecom.link'), eq(auditLog.entityId, String(teacherId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ wecom_user_id: 'ZhangLaoshi' });

    const result = await signInAs('ZhangLaoshi');
    expect(result).toMatchObject({ outcome: 'signed_in', code: 0, return_path: '/admin', login: { type: 'TEACHER', is_admin: false } });
    const token = result.outcome === 'signed_in' ? result.login.token : '';
    expect(await accountIdOf(token)).toBe(teacherId);
    const [row] = await t.db.select().from(wecomStaffLinks).where(eq(wecomStaffLinks.accountId, teacherId));
    expect(row!.lastSigninAt).not.toBeNull();
    const signins = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'wecom.signin'), eq(auditLog.actorId, teacherId)));
    expect(signins.length).toBeGreaterThan(0);
  });

  it('a state is single use: the same code and state again answer 66 (start again); a replayed code with a new state is 认证异常 (user-1)', async () => {
    const start = await startAuthorize();
    const back = await pick(start.authorize_url, 'ZhangLaoshi');
    expect((await eid(back)).outcome).toBe('signed_in');
    expect(await eid(back)).toEqual({ outcome: 'restart', code: 66 });
    const fresh = await startAuthorize();
    expect(await eid({ code: back.code, state: fresh.state })).toEqual({ outcome: 'failed', code: 1, fail: 'user-1' });
  });

  it('a state this server never issued is eid-1; one that ran out answers 66', async () => {
    const back = await pick((await startAuthorize()).authorize_url, 'ZhangLaoshi');
    expect(await eid({ code: back.code, state: randomBytes(24).toString('base64url') })).toEqual({ outcome: 'failed', code: 1, fail: 'eid-1' });
    const late = await startAuthorize();
    const lateBack = await pick(late.authorize_url, 'ZhangLaoshi');
    t.clock.advance(11 * 60_000);
    expect(await eid(lateBack)).toEqual({ outcome: 'restart', code: 66 });
  });

  it('a member who left the corp is refused (eid异常 user-2), and cannot be linked again', async () => {
    const other = await accountIdOf(await createStaffToken(t, 'teacher'));
    standin.setMemberStatus('WangLizhi', 1);
    expect((await link(other, 'WangLizhi')).body.status).toBe(200);
    standin.setMemberStatus('WangLizhi', 5);
    expect(await signInAs('WangLizhi')).toEqual({ outcome: 'failed', code: 1, fail: 'user-2' });
    const again = await link(await accountIdOf(await createStaffToken(t, 'teacher')), 'WangLizhi');
    expect(again.body).toMatchObject({ status: 4003, msg: WECOM_MSG.MEMBER_INACTIVE });
  });

  it('a disabled staff account is refused with the stored message', async () => {
    const token = await createStaffToken(t, 'school');
    const id = await accountIdOf(token);
    standin.setMemberStatus('WangLizhi', 1);
    await t.db.delete(wecomStaffLinks).where(eq(wecomStaffLinks.wecomUserId, 'WangLizhi'));
    expect((await link(id, 'WangLizhi')).body.status).toBe(200);
    await t.db.update(accounts).set({ disabledAt: t.clock.now() }).where(eq(accounts.id, id));
    expect(await signInAs('WangLizhi')).toEqual({ outcome: 'failed', code: 1, fail: 'disabled', message: MSG.ACCOUNT_DISABLED });
  });

  it('a staff member with a second factor answers it first, as after a password (mfa outcome, no session yet)', async () => {
    const adminId = await accountIdOf(await createStaffToken(t, 'teacher', { isAdmin: true }));
    await t.db.delete(wecomStaffLinks).where(eq(wecomStaffLinks.wecomUserId, 'ZhangLaoshi'));
    expect((await link(adminId, 'ZhangLaoshi')).body.status).toBe(200);
    const on = await call(t.app, 'PUT', '/api/admin/settings/security', { token: adminToken, body: { mfa_enforced: true } });
    expect(on.body.status).toBe(200);
    try {
      const result = await signInAs('ZhangLaoshi');
      expect(result).toMatchObject({ outcome: 'mfa', code: 0, mfa: { type: 'TEACHER', is_admin: true, mfa_required: true, mfa_enrol_required: true } });
      expect(result).not.toHaveProperty('login');
    } finally {
      await call(t.app, 'PUT', '/api/admin/settings/security', { token: adminToken, body: { mfa_enforced: false } });
    }
  });

  it('WeCom unreachable: eid_request', async () => {
    const peer = await createPeerApp(t, { env: liveEnv('http://127.0.0.1:1') });
    try {
      const start = await startAuthorize(peer.app);
      expect(await eid({ code: 'abcdef0123456789', state: start.state }, peer.app)).toEqual({ outcome: 'failed', code: 1, fail: 'eid_request' });
    } finally {
      await peer.close();
    }
  });
});

describe('staff links in the console', () => {
  it('one member per account and one account per member; unlink (audited) frees the member', async () => {
    const a = await accountIdOf(await createStaffToken(t, 'teacher'));
    const b = await accountIdOf(await createStaffToken(t, 'teacher'));
    await t.db.delete(wecomStaffLinks).where(eq(wecomStaffLinks.wecomUserId, 'LiZhuli'));
    expect((await link(a, 'LiZhuli')).body.status).toBe(200);
    // The same again is no change (no second audit row).
    expect((await link(a, 'LiZhuli')).body.status).toBe(200);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'wecom.link'), eq(auditLog.entityId, String(a))))).toHaveLength(1);
    expect((await link(b, 'LiZhuli')).body).toMatchObject({ status: 4003, msg: WECOM_MSG.USER_ID_TAKEN, data: { field: 'wecom_user_id' } });
    const list = await call<WecomStaffLinkList>(t.app, 'GET', '/api/admin/wecom/staff-links', { token: adminToken });
    expect(list.body.data!.enabled).toBe(true);
    expect(list.body.data!.items.find((i) => i.wecom_user_id === 'LiZhuli')?.account_id).toBe(a);

    const off = await call(t.app, 'DELETE', `/api/admin/staff/${a}/wecom`, { token: adminToken });
    expect(off.body).toMatchObject({ status: 200, msg: WECOM_MSG.UNLINKED });
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'wecom.unlink'), eq(auditLog.entityId, String(a))))).toHaveLength(1);
    expect((await call(t.app, 'DELETE', `/api/admin/staff/${a}/wecom`, { token: adminToken })).body).toMatchObject({ status: 4001, msg: WECOM_MSG.NOT_LINKED });
    expect((await link(b, 'LiZhuli')).body.status).toBe(200);
  });

  it('checks the member with WeCom, the account kind and the caller', async () => {
    const a = await accountIdOf(await createStaffToken(t, 'teacher'));
    expect((await link(a, 'nobody-here')).body).toMatchObject({ status: 4003, msg: WECOM_MSG.NOT_MEMBER });
    expect((await link(a, 'bad id!')).body).toMatchObject({ status: 4003, msg: WECOM_MSG.USER_ID_INVALID });
    const student = await registerStudent(t.app);
    expect((await link(await accountIdOf(student.token), 'LiZhuli')).http).toBe(404);
    expect((await link(999_999, 'LiZhuli')).http).toBe(404);
    const teacher = await createStaffToken(t, 'teacher');
    expect((await link(a, 'LiZhuli', teacher)).http).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/wecom/staff-links', { token: teacher })).http).toBe(403);
  });
});

describe('a student binds their WeCom identity on /register', () => {
  let xiaomingToken = '';

  it('an outsider gets a bind ticket; after registering, the ticket binds once; the bound student is then signed in from WeCom', async () => {
    const result = await signInAs('xiaoming');
    expect(result).toMatchObject({ outcome: 'bind', code: 0, bind_url: '/register?wecom=bind' });
    const ticket = result.outcome === 'bind' ? result.bind_ticket : '';
    const student = await registerStudent(t.app);
    xiaomingToken = student.token;
    const bound = await call<WecomStudentIdentity>(t.app, 'POST', '/api/student/wecom/bind', { token: student.token, body: { bind_ticket: ticket } });
    expect(bound.body).toMatchObject({ status: 200, msg: WECOM_MSG.BOUND, data: { bound: true, external_user_id: standin.externalUserIdOf('xiaoming'), open_id: standin.openIdOf('xiaoming') } });
    const mine = await call<WecomStudentIdentity>(t.app, 'GET', '/api/student/wecom', { token: student.token });
    expect(mine.body.data!.bound).toBe(true);

    // The ticket is single use.
    const replay = await call(t.app, 'POST', '/api/student/wecom/bind', { token: student.token, body: { bind_ticket: ticket } });
    expect(replay.body).toMatchObject({ status: 4001, msg: WECOM_MSG.BIND_TICKET_INVALID, data: { fail: 'eid-1' } });

    // Another account cannot take the same WeCom identity.
    const second = await signInAs('xiaoming');
    expect(second.outcome).toBe('signed_in');
    const again = await signInAs('visitor');
    const other = await registerStudent(t.app);
    const otherTicket = again.outcome === 'bind' ? again.bind_ticket : '';
    expect((await call(t.app, 'POST', '/api/student/wecom/bind', { token: other.token, body: { bind_ticket: otherTicket } })).body.status).toBe(200);
    // The first student already has a WeCom identity: a second one is refused.
    const third = await signInAs('xiaoming');
    expect(third).toMatchObject({ outcome: 'signed_in', login: { type: 'STUDENT' } });
    expect(await accountIdOf(third.outcome === 'signed_in' ? third.login.token : '')).toBe(await accountIdOf(student.token));

    // Admins see the bound identity on the student page.
    const seen = await call<WecomStudentIdentity>(t.app, 'GET', `/api/admin/students/${await accountIdOf(student.token)}/wecom`, { token: adminToken });
    expect(seen.body.data).toMatchObject({ bound: true, external_user_id: standin.externalUserIdOf('xiaoming') });
  });

  it('refuses an identity bound to another account (eid-2)', async () => {
    const owner = await registerStudent(t.app);
    const first = await call(t.app, 'POST', '/api/student/wecom/bind', { token: owner.token, body: { bind_ticket: await outsiderTicket('visitor') } });
    expect(first.body).toMatchObject({ status: 4001, msg: WECOM_MSG.ALREADY_BOUND_OTHER, data: { fail: 'eid-2' } });
    // An account holds one WeCom identity: another one is refused.
    const second = await call(t.app, 'POST', '/api/student/wecom/bind', { token: xiaomingToken, body: { bind_ticket: await mintTicket('o-someone-new') } });
    expect(second.body).toMatchObject({ status: 4001, msg: WECOM_MSG.ACCOUNT_HAS_WECOM, data: { fail: 'eid-2' } });
  });

  it('only a student binds; a bad ticket is a 4003', async () => {
    const teacher = await createStaffToken(t, 'teacher');
    expect((await call(t.app, 'POST', '/api/student/wecom/bind', { token: teacher, body: { bind_ticket: 'x'.repeat(32) } })).http).toBe(403);
    const student = await registerStudent(t.app);
    expect((await call(t.app, 'POST', '/api/student/wecom/bind', { token: student.token, body: { bind_ticket: 'short' } })).body.status).toBe(4003);
    expect((await call(t.app, 'POST', '/api/student/wecom/bind', { token: student.token, body: { bind_ticket: 'y'.repeat(32) } })).body).toMatchObject({ status: 4001, data: { fail: 'eid-1' } });
  });
});

/**
 * A bind ticket for an outsider. One already bound is signed in by the eid step instead, so for them the ticket
 * is written as the eid step writes it: what a second device would hold had it started before the binding.
 */
async function outsiderTicket(person: string): Promise<string> {
  const result = await signInAs(person);
  if (result.outcome === 'bind') return result.bind_ticket;
  return mintTicket(standin.openIdOf(person));
}

async function mintTicket(openId: string): Promise<string> {
  const { wecomOauthStates } = await import('../../db/schema-wecom.ts');
  const { createHash } = await import('node:crypto');
  const ticket = randomBytes(24).toString('base64url');
  await t.db.insert(wecomOauthStates).values({
    nonceHash: createHash('sha256').update(ticket).digest('hex'),
    purpose: 'ticket',
    returnPath: '/',
    corpId: WECOM_STANDIN_CORP.corpId,
    openId,
    externalUserId: null,
    expiresAt: new Date(t.clock.now().getTime() + 60_000),
    createdAt: t.clock.now(),
  });
  return ticket;
}

describe('WECOM_MODE', () => {
  it('standin (demo): the stand-in is mounted at /__wecom and the whole round trip runs in one process', async () => {
    const demo = await createPeerApp(t, { env: { WECOM_MODE: 'standin' } });
    try {
      const status = await call<{ enabled: boolean; mode: string }>(demo.app, 'GET', '/api/wecom/status');
      expect(status.body.data).toEqual({ enabled: true, mode: 'standin' });
      const start = await startAuthorize(demo.app);
      const url = new URL(start.authorize_url, 'http://localhost');
      expect(url.pathname).toBe('/__wecom/connect/oauth2/authorize');
      // The peer shares the database, where 'visitor' is bound above: the stand-in's identities are the same per corp.
      url.searchParams.set('choose', 'visitor');
      const page = await demo.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: 'localhost' } });
      expect(page.statusCode).toBe(302);
      const back = new URL(page.headers.location as string, 'http://localhost');
      const res = await call<WecomEidResult>(demo.app, 'POST', '/api/wecom/oauth/eid', { body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') } });
      expect(res.body.data).toMatchObject({ outcome: 'signed_in', login: { type: 'STUDENT' } });
    } finally {
      await demo.close();
    }
  });

  it('off: sign-in is hidden and the endpoints say so', async () => {
    const off = await createPeerApp(t, { env: { WECOM_MODE: 'off' } });
    try {
      expect((await call(off.app, 'GET', '/api/wecom/status')).body.data).toEqual({ enabled: false, mode: 'off' });
      expect((await call(off.app, 'POST', '/api/wecom/oauth/authorize', { body: { return_url: '/' } })).body).toMatchObject({ status: 4001, msg: WECOM_MSG.OFF });
    } finally {
      await off.close();
    }
  });

  it('refuses the stand-in outside demo mode', async () => {
    const { loadEnv } = await import('../../env.ts');
    expect(() => loadEnv({ DATABASE_URL: 'postgres://x@127.0.0.1/db', WECOM_MODE: 'standin' })).toThrow(/WECOM_MODE=standin/);
    expect(loadEnv({ DATABASE_URL: 'postgres://x@127.0.0.1/db' }).WECOM_MODE).toBe('off');
    expect(() => loadEnv({ DATABASE_URL: 'postgres://x@127.0.0.1/db', WECOM_MODE: 'live' })).toThrow(/WECOM_CORP_ID is required/);
  });
});
