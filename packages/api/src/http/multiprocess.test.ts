/**
 * Decision 038: two API instances on one database behave as one server.
 * Limits and lockouts count across them; on PostgreSQL an edit in one instance drops the other's cached HTML
 * and a logout there evicts the token from the other's cache at once (LISTEN/NOTIFY), without waiting for the
 * caches' TTLs. Instance B is a second app with its own connection pool (createPeerApp), as a second process
 * would have.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { CONTENT_API, MFA_MSG, MSG, type AdminContentPage } from '@summit/domain';
import { call, createStaffToken, newPhone, registerStudent, TEST_PASSWORD } from '../test/flows.ts';
import { createClock, createPeerApp, createTestApp, type TestApp } from '../test/test-app.ts';
import { LocalMessageBus, type BusMessage, type MessageBus } from '../providers/bus/message-bus.ts';
import { PostgresMessageBus } from '../providers/bus/postgres-message-bus.ts';
import { SHARED_ROUTE_LIMITS } from './rate-limit-store.ts';
import { accounts } from '../db/schema.ts';
import { hashPassword } from '../lib/password.ts';

const TEMPLATE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="UTF-8" /><title>Summit 高中生夏季学术项目</title></head>
<body><div id="root"><div id="boot">Summit 加载中…</div></div><script type="module" src="/assets/index-abc.js"></script></body></html>`;

const LIMIT = 6;
let a: TestApp;
let b: TestApp;
let dist: string;
const onPostgres = Boolean(process.env.DATABASE_URL);
const busFor = async (url: string | undefined): Promise<MessageBus> => (url ? new PostgresMessageBus(url).connect() : new LocalMessageBus());

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'summit-dist-'));
  writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  // Mid-minute, so the test's requests share one fixed window.
  const start = new Date();
  start.setUTCSeconds(20, 0);
  const env = { WEB_DIST_DIR: dist, SENSITIVE_RATE_LIMIT_PER_MINUTE: String(LIMIT) };
  a = await createTestApp({ env, clock: createClock(start), bus: busFor });
  b = await createPeerApp(a, { env, bus: busFor });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  rmSync(dist, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('rate limits shared by two instances', () => {
  it('a sensitive route allows the limit in total, not per instance', async () => {
    const ip = '198.51.100.7';
    const body = { phone_code: '86', phone: newPhone(), password: 'wrong-password-1' };
    const answers: number[] = [];
    for (let i = 0; i < LIMIT; i++) answers.push((await call(i % 2 === 0 ? a.app : b.app, 'POST', '/api/login', { body, ip })).http);
    expect(answers.every((h) => h !== 429), answers.join(',')).toBe(true);
    // Either instance now refuses the next one: it has counted the other's requests.
    for (const app of [a.app, b.app]) {
      const refused = await call(app, 'POST', '/api/login', { body, ip });
      expect(refused.http).toBe(429);
      expect(refused.body).toMatchObject({ status: 4001, msg: MSG.TOO_MANY_REQUESTS });
    }
    // Another address is not affected, and the next window starts afresh.
    expect((await call(b.app, 'POST', '/api/login', { body, ip: '198.51.100.8' })).http).not.toBe(429);
    a.clock.advance(60_000);
    expect((await call(b.app, 'POST', '/api/login', { body, ip })).http).not.toBe(429);
  });

  it('each sensitive route counts on its own', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < LIMIT; i++) await call(i % 2 ? a.app : b.app, 'POST', '/api/login', { body: { phone_code: '86', phone: newPhone(), password: 'x-wrong-1' }, ip });
    expect((await call(a.app, 'POST', '/api/login', { body: { phone_code: '86', phone: newPhone(), password: 'x' }, ip })).http).toBe(429);
    expect((await call(a.app, 'POST', '/api/captcha/question', { body: { phone_code: '86', phone: newPhone() }, ip })).http).toBe(200);
  });

  it('every route of the shared list exists, so a renamed route cannot drop out of it silently', () => {
    for (const key of Object.keys(SHARED_ROUTE_LIMITS)) {
      const [method, url] = key.split(' ') as [HTTPMethods, string];
      expect(a.app.hasRoute({ method, url }), key).toBe(true);
    }
  });

  it('the capability links added later (certificate, letter, calendar feed) are counted across instances too', async () => {
    a.clock.advance(60_000);
    for (const [n, url] of ['/api/certificate/verify/guess', '/api/recommend-letter/verify/guess', '/api/recommend-letter/file/guess', '/api/calendar/guess.ics'].entries()) {
      const ip = `198.51.100.${20 + n}`;
      for (let i = 0; i < LIMIT; i++) expect((await call(i % 2 === 0 ? a.app : b.app, 'GET', url, { ip })).http, url).not.toBe(429);
      for (const app of [a.app, b.app]) expect((await call(app, 'GET', url, { ip })).http, url).toBe(429);
    }
  });

  it('second-factor codes are counted across instances per address', async () => {
    a.clock.advance(60_000);
    const ip = '198.51.100.30';
    const body = { challenge: 'x'.repeat(43), code: '123456' };
    for (let i = 0; i < LIMIT; i++) expect((await call(i % 2 === 0 ? a.app : b.app, 'POST', '/api/auth/mfa/verify', { body, ip })).http).not.toBe(429);
    for (const app of [a.app, b.app]) expect((await call(app, 'POST', '/api/auth/mfa/verify', { body, ip })).http).toBe(429);
  });
});

describe('lockouts shared by two instances', () => {
  it('wrong passwords made on both instances lock the account on both', async () => {
    a.clock.advance(60_000);
    const student = await registerStudent(a.app);
    // Many addresses, so the per-IP rate limit stays out of the way: this is the per-phone lockout.
    for (let i = 0; i < 10; i++) {
      const res = await call(i % 2 ? a.app : b.app, 'POST', '/api/login', { body: { phone_code: '86', phone: student.phone, password: `wrong-${i}-pass` }, ip: `203.0.113.${i + 1}` });
      expect(res.body.msg).toBe(MSG.WRONG_PASSWORD);
    }
    for (const app of [a.app, b.app]) {
      const res = await call(app, 'POST', '/api/login', { body: { phone_code: '86', phone: student.phone, password: TEST_PASSWORD }, ip: '203.0.113.99' });
      expect(res.body.msg).toBe(MSG.LOGIN_TOO_MANY);
    }
  });
});

describe.skipIf(!onPostgres)('caches follow changes made by the other instance (PostgreSQL LISTEN/NOTIFY; PGlite is a single process)', () => {
  it('a page published on A is served fresh by B at once, not after the 60 s HTML cache', async () => {
    const slug = 'academic/pedagogy';
    const page = async () => (await b.app.inject({ method: 'GET', url: `/${slug}` })).body;
    // B renders the page and caches it.
    expect(await page()).toContain('data-prerendered="academic/pedagogy"');
    expect(await page()).not.toContain('跨进程发布的标题');
    const admin = await createStaffToken(a, 'teacher', { isAdmin: true });
    const draft = { title: '跨进程发布的标题', description: '描述', document: { hero: { title: '跨进程发布的标题', subtitle: '副标题' }, sections: [{ id: 'intro', heading: '简介', html: '<p>正文</p>' }] } };
    expect((await call(a.app, 'PUT', CONTENT_API.adminDraft(slug), { token: admin, body: draft })).body.status).toBe(200);
    expect((await call<AdminContentPage>(a.app, 'POST', CONTENT_API.adminPublish(slug), { token: admin })).body.status).toBe(200);
    await until(async () => (await page()).includes('跨进程发布的标题'), "B's cached HTML to be dropped");
  });

  it('a fee edit on A reaches B as settings-changed', async () => {
    const seen: BusMessage[] = [];
    const off = b.app.ctx.bus.subscribe((m) => seen.push(m));
    const admin = await createStaffToken(a, 'teacher', { isAdmin: true });
    const res = await call(a.app, 'PUT', '/api/admin/settings/fees', { token: admin, body: { apply_fen: 12_300, tuition_fen: 4_560_000 } });
    expect(res.body.status).toBe(200);
    await until(async () => seen.some((m) => m.channel === 'settings-changed'), 'settings-changed on B');
    off();
  });

  it('a logout on A ends the session on B at once, not after B’s 10 s token cache', async () => {
    const student = await registerStudent(a.app);
    // B resolves the token and caches it.
    expect((await call(b.app, 'GET', '/api/auth/info', { token: student.token })).http).toBe(200);
    expect((await call(a.app, 'POST', '/api/logout', { token: student.token })).body.status).toBe(200);
    await until(async () => (await call(b.app, 'GET', '/api/auth/info', { token: student.token })).http === 401, 'B to refuse the revoked token');
  });

  it('turning on two-factor on A ends the account\'s other sessions on B at once, not after B’s token cache', async () => {
    const phone = newPhone();
    await a.db.insert(accounts).values({ role: 'teacher', phone, name: '两步验证教师', passwordHash: await hashPassword(TEST_PASSWORD, 8192), teacherType: 1 });
    const signIn = async () => (await call<{ token: string }>(a.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: TEST_PASSWORD } })).body.data!.token;
    const here = await signIn();
    const elsewhere = await signIn();
    // B resolves the other session's token and caches it.
    expect((await call(b.app, 'GET', '/api/auth/info', { token: elsewhere })).http).toBe(200);
    const begin = await call<{ secret: string }>(a.app, 'POST', '/api/auth/mfa/enrol', { token: here });
    const code = new TOTP({ secret: Secret.fromBase32(begin.body.data!.secret), digits: 6, period: 30 }).generate({ timestamp: a.clock.now().getTime() });
    expect((await call(a.app, 'POST', '/api/auth/mfa/enrol/confirm', { token: here, body: { code } })).body.msg).toBe(MFA_MSG.ENABLED_OTHERS_ENDED);
    await until(async () => (await call(b.app, 'GET', '/api/auth/info', { token: elsewhere })).http === 401, 'B to refuse the other session');
    expect((await call(b.app, 'GET', '/api/auth/info', { token: here })).http).toBe(200);
  });

  it('after a lost connection the bus reconnects, tells its caches to resync, and carries messages again', async () => {
    const bus = b.app.ctx.bus as PostgresMessageBus;
    const seen: BusMessage[] = [];
    const off = bus.subscribe((m) => seen.push(m));
    bus.dropConnectionForTest();
    await until(async () => seen.some((m) => m.channel === 'resync'), 'the bus to reconnect');
    a.app.ctx.bus.publish({ channel: 'content-changed', slug: 'faq' });
    await until(async () => seen.some((m) => m.channel === 'content-changed' && m.slug === 'faq'), 'a message after the reconnect');
    off();
  });
});
