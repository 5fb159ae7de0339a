/**
 * The WeChat browser (decision 069) against the stand-in of WeChat's servers listening on a free port, with the
 * app in WECHAT_MODE=live: the real HTTP client, OAuth states, codes, identities per app id, JS-SDK signatures
 * and the shared access token / jsapi_ticket.
 */
import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WECHAT_MSG } from '@summit/domain';
import { wechatIdentities } from '../../db/schema-wechat.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';
import { createPeerApp, createTestApp, type TestApp } from '../../test/test-app.ts';
import { createWechatStandin, type WechatStandin } from '../../stand-ins/wechat-open.ts';
import { readPayerTicket } from './payer-ticket.ts';
import { dbCredentialStore, redisCredentialStore } from './wechat-credentials.ts';
import { readCredential } from './wechat.repo.ts';
import { jsapiSignature } from './wechat.service.ts';

const APP_A = 'wxaaaaaaaaaaaaaaa1';
const SECRET_A = 'secret-of-app-a-0123456789';
const APP_B = 'wxbbbbbbbbbbbbbbb2';
const SECRET_B = 'secret-of-app-b-0123456789';
const PUBLIC_URL = 'https://summit.example.cn';

let t: TestApp;
let standin: WechatStandin;
let server: FastifyInstance;
let base: string;

beforeAll(async () => {
  let clockNow = () => Date.now();
  standin = createWechatStandin({ apps: [{ appId: APP_A, secret: SECRET_A }, { appId: APP_B, secret: SECRET_B }], now: () => clockNow() });
  server = Fastify({ logger: false });
  await server.register(standin.plugin);
  base = await server.listen({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({
    env: { WECHAT_MODE: 'live', WECHAT_APP_ID: APP_A, WECHAT_APP_SECRET: SECRET_A, WECHAT_API_BASE: base, WECHAT_OPEN_BASE: base, PUBLIC_URL },
  });
  clockNow = () => t.clock.now().getTime();
});
afterAll(async () => {
  await t?.close();
  await server?.close();
});

/** What the browser does on WeChat's authorize page: pick the demo user (or refuse); answers where WeChat sends it back. */
async function authorize(oauthUrl: string, user: string | null): Promise<URL> {
  const url = new URL(oauthUrl);
  expect(url.hash).toBe('#wechat_redirect');
  url.hash = '';
  url.searchParams.set(user ? 'choose' : 'deny', user ?? '1');
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function startLogin(returnUrl = '/student/status') {
  const res = await call<{ oauth_url: string }>(t.app, 'GET', `/api/wechat/oauth/login?return_url=${encodeURIComponent(returnUrl)}`);
  expect(res.body.status).toBe(200);
  return res.body.data!.oauth_url;
}

type Callback = { purpose: string; return_path: string; login?: { token: string; type: string } | null; bind_ticket?: string | null; nickname?: string | null; payer_ticket?: string };
async function callback(code: string, state: string) {
  return call<Callback>(t.app, 'POST', '/api/wechat/oauth/callback', { body: { code, state } });
}

async function wechatLogin(user: string) {
  const back = await authorize(await startLogin(), user);
  return callback(back.searchParams.get('code')!, back.searchParams.get('state')!);
}

async function bindAs(token: string, user: string) {
  const start = await call<{ oauth_url: string }>(t.app, 'POST', '/api/student/wechat/bind-start', { token, body: { return_url: '/account' } });
  expect(start.body.status).toBe(200);
  expect(new URL(start.body.data!.oauth_url).searchParams.get('scope')).toBe('snsapi_userinfo');
  const back = await authorize(start.body.data!.oauth_url, user);
  return callback(back.searchParams.get('code')!, back.searchParams.get('state')!);
}

describe('the authorize URL', () => {
  it('is WeChat’s, with our app id, our /wx-code-redirect, scope snsapi_base and an opaque state', async () => {
    const url = new URL(await startLogin());
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/connect/oauth2/authorize`);
    expect([...url.searchParams.keys()]).toEqual(['appid', 'redirect_uri', 'response_type', 'scope', 'state']);
    expect(url.searchParams.get('appid')).toBe(APP_A);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/wx-code-redirect`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('snsapi_base');
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('refuses a return path on another origin', async () => {
    for (const bad of ['https://evil.example.com/x', '//evil.example.com/x', '/\\evil.example.com', 'student']) {
      const res = await call(t.app, 'GET', `/api/wechat/oauth/login?return_url=${encodeURIComponent(bad)}`);
      expect([bad, res.body.status, res.body.msg]).toEqual([bad, 4003, WECHAT_MSG.RETURN_URL_INVALID]);
      const pay = await call(t.app, 'GET', `/api/payment/wechat/oauth?return_url=${encodeURIComponent(bad)}&scope=base`);
      expect([bad, pay.body.status]).toEqual([bad, 4003]);
    }
  });
});

describe('logging in with WeChat', () => {
  it('an unbound open id gets a bind ticket; after a phone login the ticket binds it; next time WeChat logs in', async () => {
    const first = await wechatLogin('xiaoming');
    expect(first.body).toMatchObject({ status: 200, data: { purpose: 'login', return_path: '/student/status', login: null } });
    const ticket = first.body.data!.bind_ticket!;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const student = await registerStudent(t.app);
    const link = await call(t.app, 'POST', '/api/student/wechat/link', { token: student.token, body: { bind_ticket: ticket } });
    expect(link.body).toMatchObject({ status: 200, msg: WECHAT_MSG.BOUND });
    // Single use.
    const again = await call(t.app, 'POST', '/api/student/wechat/link', { token: student.token, body: { bind_ticket: ticket } });
    expect(again.body).toMatchObject({ status: 4001, msg: WECHAT_MSG.STATE_INVALID });

    const second = await wechatLogin('xiaoming');
    expect(second.body.data).toMatchObject({ purpose: 'login', bind_ticket: null, login: { type: 'STUDENT' } });
    const info = await call<{ phone: string }>(t.app, 'GET', '/api/auth/info', { token: second.body.data!.login!.token });
    expect(info.body.status).toBe(200);
    expect(JSON.stringify(info.body.data)).toContain(student.phone.slice(-4));
  });

  it('a refused authorisation comes back without a code', async () => {
    const back = await authorize(await startLogin(), null);
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});

describe('OAuth state', () => {
  it('a tampered, unknown, reused or expired state is refused in the envelope', async () => {
    const back = await authorize(await startLogin(), 'xiaoming');
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    const tampered = (state[0] === 'A' ? 'B' : 'A') + state.slice(1);
    expect((await callback(code, tampered)).body).toMatchObject({ status: 4001, msg: WECHAT_MSG.STATE_INVALID });
    expect((await callback(code, randomBytes(24).toString('base64url'))).body).toMatchObject({ status: 4001, msg: WECHAT_MSG.STATE_INVALID });
    expect((await callback(code, 'short')).body).toMatchObject({ status: 4003 });
    // The tampered tries did not use the real state up; the real one works once.
    expect((await callback(code, state)).body.status).toBe(200);
    const back2 = await authorize(await startLogin(), 'xiaoming');
    expect((await callback(back2.searchParams.get('code')!, state)).body).toMatchObject({ status: 4001, msg: WECHAT_MSG.STATE_INVALID });

    const late = await authorize(await startLogin(), 'xiaoming');
    t.clock.advance(10 * 60_000 + 1000);
    expect((await callback(late.searchParams.get('code')!, late.searchParams.get('state')!)).body).toMatchObject({ status: 4001, msg: WECHAT_MSG.STATE_INVALID });
  });

  it('a bind ticket cannot stand in for a state', async () => {
    const first = await wechatLogin('parent');
    const ticket = first.body.data!.bind_ticket!;
    const back = await authorize(await startLogin(), 'parent');
    expect((await callback(back.searchParams.get('code')!, ticket)).body).toMatchObject({ status: 4001, msg: WECHAT_MSG.STATE_INVALID });
  });
});

describe('codes', () => {
  it('a code used twice is refused (WeChat answers 40163)', async () => {
    const back = await authorize(await startLogin(), 'xiaohong');
    const code = back.searchParams.get('code')!;
    expect((await callback(code, back.searchParams.get('state')!)).body.status).toBe(200);
    const freshState = new URL(await startLogin()).searchParams.get('state')!;
    expect((await callback(code, freshState)).body).toMatchObject({ status: 4001, msg: WECHAT_MSG.CODE_INVALID });
  });

  it('a code WeChat issued to another app id is refused', async () => {
    const code = standin.issueCode(APP_B, 'xiaoming', 'snsapi_base');
    const state = new URL(await startLogin()).searchParams.get('state')!;
    expect((await callback(code, state)).body).toMatchObject({ status: 4001, msg: WECHAT_MSG.CODE_INVALID });
  });
});

describe('identities are per app id', () => {
  it('an open id bound under another app id neither logs in nor blocks a binding here', async () => {
    const victim = await registerStudent(t.app);
    const { accountId } = await accountOf(victim.token);
    // The same open id string, but under app B: it means a different person (or nobody) to app A.
    await t.db.insert(wechatIdentities).values({ accountId, appId: APP_B, openId: standin.openIdOf(APP_A, 'parent'), unionId: null, nickname: null, avatarUrl: null });
    const res = await wechatLogin('parent');
    expect(res.body.data).toMatchObject({ purpose: 'login', login: null });
    expect(res.body.data!.bind_ticket).toBeTruthy();
  });

  it('a payer ticket carries this app id and the open id WeChat gave this app', async () => {
    const res = await call<{ wechat_pay_oauth_url: string }>(t.app, 'GET', `/api/payment/wechat/oauth?return_url=${encodeURIComponent('/pay/admission-parent/abc')}&scope=base`);
    expect(new URL(res.body.data!.wechat_pay_oauth_url).searchParams.get('scope')).toBe('snsapi_base');
    const back = await authorize(res.body.data!.wechat_pay_oauth_url, 'parent');
    const done = await callback(back.searchParams.get('code')!, back.searchParams.get('state')!);
    expect(done.body.data).toMatchObject({ purpose: 'pay', return_path: '/pay/admission-parent/abc' });
    expect(await readPayerTicket(t.app.ctx, done.body.data!.payer_ticket)).toEqual({ appId: APP_A, openId: standin.openIdOf(APP_A, 'parent') });
  });
});

async function accountOf(token: string): Promise<{ accountId: number }> {
  const info = await call<{ user_id: number }>(t.app, 'GET', '/api/auth/info', { token });
  return { accountId: info.body.data!.user_id };
}

describe('binding and unbinding', () => {
  it('binds with the profile, refuses a second account for the same WeChat, and unbinds only one’s own', async () => {
    const owner = await registerStudent(t.app);
    const other = await registerStudent(t.app);
    const before = await call<{ bound: boolean; enabled: boolean }>(t.app, 'GET', '/api/student/wechat', { token: owner.token });
    expect(before.body.data).toMatchObject({ enabled: true, bound: false });

    const bound = await bindAs(owner.token, 'xiaohong');
    expect(bound.body.data).toMatchObject({ purpose: 'bind', return_path: '/account', nickname: '小红' });
    const after = await call<{ bound: boolean; nickname: string; avatar_url: string }>(t.app, 'GET', '/api/student/wechat', { token: owner.token });
    expect(after.body.data).toMatchObject({ bound: true, nickname: '小红' });
    expect(after.body.data!.avatar_url).toMatch(/^https:\/\//);

    // The same WeChat for another account, and a second WeChat for the owner: both refused.
    expect((await bindAs(other.token, 'xiaohong')).body).toMatchObject({ status: 4001, msg: WECHAT_MSG.ALREADY_BOUND_OTHER });
    expect((await bindAs(owner.token, 'parent')).body).toMatchObject({ status: 4001, msg: WECHAT_MSG.ACCOUNT_HAS_WECHAT });

    // The other account cannot unbind the owner's WeChat; it has none of its own.
    expect((await call(t.app, 'POST', '/api/student/wechat/unbind', { token: other.token })).body).toMatchObject({ status: 4001, msg: WECHAT_MSG.NOT_BOUND });
    expect((await wechatLogin('xiaohong')).body.data!.login).not.toBeNull();

    expect((await call(t.app, 'POST', '/api/student/wechat/unbind', { token: owner.token })).body).toMatchObject({ status: 200, msg: WECHAT_MSG.UNBOUND });
    expect((await wechatLogin('xiaohong')).body.data).toMatchObject({ login: null });
    // Now free: the other account may bind it.
    expect((await bindAs(other.token, 'xiaohong')).body.status).toBe(200);
  });

  it('is for students only', async () => {
    const teacher = await createStaffToken(t, 'teacher');
    expect((await call(t.app, 'POST', '/api/student/wechat/bind-start', { token: teacher, body: {} })).http).toBe(403);
  });
});

describe('JS-SDK config', () => {
  it('matches WeChat’s published example (JS-SDK appendix 1)', () => {
    expect(
      jsapiSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value#ignored',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs our page with the shared jsapi_ticket, and refuses other sites', async () => {
    const page = `${PUBLIC_URL}/pay/admission?x=1#top`;
    const res = await call<{ app_id: string; timestamp: number; nonce_str: string; signature: string; js_api_list: string[] }>(t.app, 'GET', `/api/wechat/js-config?url=${encodeURIComponent(page)}`);
    expect(res.body.status).toBe(200);
    const data = res.body.data!;
    expect(data.app_id).toBe(APP_A);
    expect(data.timestamp).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(data.js_api_list).toContain('chooseWXPay');
    const ticket = (await readCredential(t.db, APP_A, 'jsapi_ticket'))!.value!;
    expect(data.signature).toBe(jsapiSignature({ ticket, nonceStr: data.nonce_str, timestamp: data.timestamp, url: `${PUBLIC_URL}/pay/admission?x=1` }));

    const other = await call(t.app, 'GET', `/api/wechat/js-config?url=${encodeURIComponent('https://evil.example.com/')}`);
    expect(other.body).toMatchObject({ status: 4003, msg: WECHAT_MSG.URL_INVALID });
  });
});

describe('access token and jsapi_ticket refresh', () => {
  it('is fetched once however many requests and processes ask at once, and again only near expiry', async () => {
    t.clock.advance(3 * 3600_000); // whatever an earlier test cached is stale now
    const peer = await createPeerApp(t, { env: { WECHAT_MODE: 'live', WECHAT_APP_ID: APP_A, WECHAT_APP_SECRET: SECRET_A, WECHAT_API_BASE: base, WECHAT_OPEN_BASE: base, PUBLIC_URL } });
    try {
      const tokens0 = standin.stats.tokenFetches;
      const tickets0 = standin.stats.ticketFetches;
      const url = encodeURIComponent(`${PUBLIC_URL}/`);
      const answers = await Promise.all([t.app, peer.app, t.app, peer.app, t.app, peer.app].map((app) => call(app, 'GET', `/api/wechat/js-config?url=${url}`)));
      expect(answers.map((a) => a.body.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(standin.stats.tokenFetches - tokens0).toBe(1);
      expect(standin.stats.ticketFetches - tickets0).toBe(1);

      // Still fresh 100 minutes on: no fetch. Within five minutes of the 2 h expiry: one refresh.
      t.clock.advance(100 * 60_000);
      await call(t.app, 'GET', `/api/wechat/js-config?url=${url}`);
      expect(standin.stats.ticketFetches - tickets0).toBe(1);
      t.clock.advance(16 * 60_000);
      await Promise.all([call(t.app, 'GET', `/api/wechat/js-config?url=${url}`), call(peer.app, 'GET', `/api/wechat/js-config?url=${url}`)]);
      expect(standin.stats.ticketFetches - tickets0).toBe(2);
      expect(standin.stats.tokenFetches - tokens0).toBe(2);
    } finally {
      await peer.close();
    }
  });

  it('refetches the access token once when WeChat says it is no longer valid', async () => {
    t.clock.advance(3 * 3600_000);
    const url = encodeURIComponent(`${PUBLIC_URL}/`);
    await call(t.app, 'GET', `/api/wechat/js-config?url=${url}`);
    const tokens0 = standin.stats.tokenFetches;
    // The cached token is still in date for us, but WeChat revoked it; the ticket is due.
    standin.expireTokens();
    await t.db.update((await import('../../db/schema-wechat.ts')).wechatCredentials).set({ expiresAt: new Date(0) }).where((await import('drizzle-orm')).eq((await import('../../db/schema-wechat.ts')).wechatCredentials.kind, 'jsapi_ticket'));
    const res = await call(t.app, 'GET', `/api/wechat/js-config?url=${url}`);
    expect(res.body.status).toBe(200);
    expect(standin.stats.tokenFetches - tokens0).toBe(1);
  });

  it('the database store: concurrent gets with a slow fetch make one fetch', async () => {
    const store = dbCredentialStore(t.db, t.clock.now);
    let fetches = 0;
    const slow = async () => {
      fetches += 1;
      await new Promise((r) => setTimeout(r, 50));
      return { value: `v${fetches}`, expiresInS: 7200 };
    };
    const values = await Promise.all([1, 2, 3, 4].map(() => store.get('wxdbstoretest00001', 'access_token', slow)));
    expect(fetches).toBe(1);
    expect(new Set(values)).toEqual(new Set(['v1']));
  });
});

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisReachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(redisUrl);
  const socket = createConnection({ host: hostname, port: Number(port || 6379) });
  socket.setTimeout(500);
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => (socket.destroy(), resolve(false)));
});

describe.skipIf(!redisReachable)(`the Redis store (skipped: no Redis at ${redisUrl})`, () => {
  it('two processes’ stores racing make one fetch; a refused value is forgotten', async () => {
    const { Redis } = await import('ioredis');
    const a = new Redis(redisUrl);
    const b = new Redis(redisUrl);
    const prefix = `summit:test:wx:${randomBytes(6).toString('hex')}:`;
    try {
      const storeA = redisCredentialStore(a, t.clock.now, { prefix });
      const storeB = redisCredentialStore(b, t.clock.now, { prefix });
      let fetches = 0;
      const slow = async () => {
        fetches += 1;
        await new Promise((r) => setTimeout(r, 80));
        return { value: `r${fetches}`, expiresInS: 7200 };
      };
      const values = await Promise.all([storeA, storeB, storeA, storeB].map((s) => s.get(APP_A, 'access_token', slow)));
      expect(fetches).toBe(1);
      expect(new Set(values)).toEqual(new Set(['r1']));
      await storeB.invalidate(APP_A, 'access_token', 'r1');
      expect(await storeA.get(APP_A, 'access_token', slow)).toBe('r2');
    } finally {
      const keys = await a.keys(`${prefix}*`);
      if (keys.length) await a.del(...keys);
      a.disconnect();
      b.disconnect();
    }
  });
});
