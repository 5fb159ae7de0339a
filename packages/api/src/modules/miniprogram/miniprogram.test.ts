/**
 * The WeChat mini-program (decision 097) against the stand-in of the mini-program server API listening on a free
 * port, with the app in MINIPROGRAM_MODE=live: the real HTTP client, code2Session, the web-view's one-time code,
 * scan-to-log-in scenes, paying through the mini-program, referrals and landings.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MP_MSG, type MpExchangeResult, type MpLandingCreated, type MpLoginResult, type MpMe, type MpPayParams, type MpPollResult, type MpSceneCreated, type MpSceneView, type PaymentOrder } from '@summit/domain';
import { accounts } from '../../db/schema.ts';
import { call, registerStudent } from '../../test/flows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createWechatMiniStandin, type WechatMiniStandin } from '../../stand-ins/wechat-mini.ts';
import { readPayerTicket } from '../wechat/payer-ticket.ts';
import { payingStudent } from '../payments/payment-test-kit.ts';
import { eq } from 'drizzle-orm';

const MP_APP = 'wxm1m1m1m1m1m1m1m1';
const MP_SECRET = 'secret-of-the-mini-program-0001';
const COM_APP = 'wxc2c2c2c2c2c2c2c2';
const COM_SECRET = 'secret-of-the-club-mini-program';
const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let t: TestApp;
let standin: WechatMiniStandin;
let server: FastifyInstance;

beforeAll(async () => {
  let clockNow = () => Date.now();
  standin = createWechatMiniStandin({ apps: [{ appId: MP_APP, secret: MP_SECRET }, { appId: COM_APP, secret: COM_SECRET }], now: () => clockNow() });
  server = Fastify({ logger: false });
  await server.register(standin.plugin);
  const base = await server.listen({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({
    env: { MINIPROGRAM_MODE: 'live', MINIPROGRAM_APP_ID: MP_APP, MINIPROGRAM_APP_SECRET: MP_SECRET, MINIPROGRAM_COM_APP_ID: COM_APP, MINIPROGRAM_COM_APP_SECRET: COM_SECRET, MINIPROGRAM_API_BASE: base, WECHAT_MODE: 'off' },
  });
  clockNow = () => t.clock.now().getTime();
});
afterAll(async () => {
  await t?.close();
  await server?.close();
});

/** What wx.login answers inside the mini-program for a demo WeChat user. */
const wxLogin = (user: string, appId = MP_APP) => standin.issueCode(appId, user);

async function loginMp(user: string, path = '/api/login-mp', appId = MP_APP) {
  return call<MpLoginResult>(t.app, 'POST', path, { body: { code: wxLogin(user, appId) } });
}
async function exchange(code: string) {
  return call<MpExchangeResult>(t.app, 'POST', '/api/login-mp/exchange', { body: { code } });
}

/** A student whose phone login bound this WeChat to them (the unbound path end to end). */
async function boundStudent(user: string, token?: string) {
  const student = token ? { token, phone: '' } : await registerStudent(t.app);
  const first = await loginMp(user);
  expect(first.body).toMatchObject({ status: 200, data: { bound: false, referrer_id: null } });
  const swapped = await exchange(first.body.data!.webview_code);
  expect(swapped.body.data).toMatchObject({ app: 'main', login: null });
  const link = await call(t.app, 'POST', '/api/student/mini/link', { token: student.token, body: { bind_ticket: swapped.body.data!.bind_ticket } });
  expect(link.body).toMatchObject({ status: 200, msg: MP_MSG.BOUND });
  return student;
}

describe('logging in from the mini-program', () => {
  it('an unbound WeChat gets a one-time code, then a bind ticket; after a phone login it binds, and next time logs in', async () => {
    const first = await loginMp('xiaoming');
    expect(first.body).toMatchObject({ status: 200, data: { bound: false } });
    const code = first.body.data!.webview_code;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(first.body.data!.expires_at).getTime() - t.clock.now().getTime()).toBe(60_000);

    const swapped = await exchange(code);
    expect(swapped.body).toMatchObject({ status: 200, data: { app: 'main', login: null } });
    const ticket = swapped.body.data!.bind_ticket!;
    // The payer ticket names the mini-program's app id and this WeChat's open id there.
    expect(await readPayerTicket(t.app.ctx, swapped.body.data!.wx_payer)).toEqual({ appId: MP_APP, openId: standin.openIdOf(MP_APP, 'xiaoming') });

    const student = await registerStudent(t.app);
    expect((await call(t.app, 'POST', '/api/student/mini/link', { token: student.token, body: { bind_ticket: ticket } })).body).toMatchObject({ status: 200, msg: MP_MSG.BOUND });
    // Single use.
    expect((await call(t.app, 'POST', '/api/student/mini/link', { token: student.token, body: { bind_ticket: ticket } })).body).toMatchObject({ status: 4001, msg: MP_MSG.BIND_INVALID });

    const second = await loginMp('xiaoming');
    expect(second.body.data).toMatchObject({ bound: true });
    expect(second.body.data!.referrer_id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const session = await exchange(second.body.data!.webview_code);
    expect(session.body.data).toMatchObject({ login: { type: 'STUDENT' }, bind_ticket: null });
    const info = await call(t.app, 'GET', '/api/auth/info', { token: session.body.data!.login!.token });
    expect(JSON.stringify(info.body.data)).toContain(student.phone.slice(-4));
  });

  it('a one-time code is refused when replayed, expired, or made up', async () => {
    await boundStudent('xiaohong');
    const a = (await loginMp('xiaohong')).body.data!.webview_code;
    expect((await exchange(a)).body.data?.login?.type).toBe('STUDENT');
    expect((await exchange(a)).body).toMatchObject({ status: 4001, msg: MP_MSG.TICKET_INVALID });

    const b = (await loginMp('xiaohong')).body.data!.webview_code;
    t.clock.advance(61_000);
    expect((await exchange(b)).body).toMatchObject({ status: 4001, msg: MP_MSG.TICKET_INVALID });

    expect((await exchange('A'.repeat(43))).body).toMatchObject({ status: 4001, msg: MP_MSG.TICKET_INVALID });
    expect((await exchange('short')).body).toMatchObject({ status: 4003 });
  });

  it('code2Session failures answer in the envelope: a used or unknown code, and WeChat being down', async () => {
    const code = wxLogin('parent');
    expect((await call(t.app, 'POST', '/api/login-mp', { body: { code } })).body.status).toBe(200);
    expect((await call(t.app, 'POST', '/api/login-mp', { body: { code } })).body).toMatchObject({ status: 4003, msg: MP_MSG.CODE_INVALID });
    expect((await call(t.app, 'POST', '/api/login-mp', { body: { code: 'f'.repeat(32) } })).body).toMatchObject({ status: 4003, msg: MP_MSG.CODE_INVALID });
    // A code of the club's mini-program is not one of the programme's.
    expect((await call(t.app, 'POST', '/api/login-mp', { body: { code: wxLogin('parent', COM_APP) } })).body).toMatchObject({ status: 4003, msg: MP_MSG.CODE_INVALID });
    standin.failNextSession(-1, 'system error');
    const down = await call(t.app, 'POST', '/api/login-mp', { body: { code: wxLogin('parent') } });
    expect([down.http, down.body.status, down.body.msg]).toEqual([503, 4001, MP_MSG.WECHAT_UNAVAILABLE]);
    expect((await call(t.app, 'POST', '/api/login-mp', { body: { code: '<script>' } })).body).toMatchObject({ status: 4003 });
  });

  it('/api/login-mp-com logs in through the club mini-program; the same WeChat (union id) needs no second binding', async () => {
    const student = await boundStudent('wang');
    const me = await call<MpMe>(t.app, 'GET', '/api/student/mini', { token: student.token });
    expect(me.body.data).toMatchObject({ bound: true, club: false, referred: false });

    const club = await loginMp('wang', '/api/login-mp-com', COM_APP);
    expect(club.body.data).toMatchObject({ bound: true });
    const swapped = await exchange(club.body.data!.webview_code);
    expect(swapped.body.data).toMatchObject({ app: 'com', login: { type: 'STUDENT' } });
    expect(await readPayerTicket(t.app.ctx, swapped.body.data!.wx_payer)).toMatchObject({ appId: COM_APP });
    // Now a club user.
    expect((await call<MpMe>(t.app, 'GET', '/api/student/mini', { token: student.token })).body.data).toMatchObject({ bound: true, club: true });

    // A WeChat nobody bound is unbound in the club's mini-program too.
    expect((await loginMp('stranger', '/api/login-mp-com', COM_APP)).body.data).toMatchObject({ bound: false });
  });

  it('a disabled account does not log in; staff never log in through the mini-program', async () => {
    const s = await boundStudent('disabled-one');
    const status = await call<{ user_id: number }>(t.app, 'GET', '/api/student/status', { token: s.token });
    await t.db.update(accounts).set({ disabledAt: new Date() }).where(eq(accounts.id, status.body.data!.user_id));
    const res = await loginMp('disabled-one');
    expect(res.body.status).toBe(4001);
  });
});

// Scan to log in ----------------------------------------------------------------------------------------------------

async function newScene(ua = BROWSER_UA, ip = '203.0.113.77') {
  const res = await t.app.inject({ method: 'POST', url: '/api/login-mp/scene', headers: { 'user-agent': ua }, remoteAddress: ip });
  const body = res.json() as { status: number; data: MpSceneCreated };
  expect(body.status).toBe(200);
  return body.data;
}
async function poll(sceneId: string, secret: string | null) {
  const res = await t.app.inject({ method: 'GET', url: `/api/login-mp/poll?scene_id=${sceneId}`, headers: secret ? { 'x-mp-poll-secret': secret } : {} });
  return { http: res.statusCode, body: res.json() as { status: number; msg: string; data?: MpPollResult } };
}
const sceneAction = (action: 'view' | 'confirm' | 'cancel', sceneId: string, user: string) =>
  call<MpSceneView>(t.app, 'POST', `/api/login-mp/scene/${action}`, { body: { scene_id: sceneId, code: wxLogin(user) } });

describe('scan to log in on the web', () => {
  it('the code is a PNG for a fresh scene; the mini-program sees device and place; confirming logs in the asking browser once', async () => {
    const student = await boundStudent('scanner');
    const scene = await newScene();
    expect(scene.scene_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(scene.poll_interval_ms).toBe(3000);
    expect(new Date(scene.expires_at).getTime() - t.clock.now().getTime()).toBe(120_000);
    const png = Buffer.from(scene.qr_image.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(scene.qr_image).not.toContain(scene.poll_secret);

    expect((await poll(scene.scene_id, scene.poll_secret)).body.data).toEqual({ status: 'pending', login: null });

    const view = await sceneAction('view', scene.scene_id, 'scanner');
    expect(view.body).toMatchObject({ status: 200, data: { status: 'scanned', device: 'Chrome · Windows', place: '203.0.113.*', account_name: expect.any(String) } });
    expect((await poll(scene.scene_id, scene.poll_secret)).body.data?.status).toBe('scanned');

    expect((await sceneAction('confirm', scene.scene_id, 'scanner')).body).toMatchObject({ status: 200, msg: MP_MSG.SCENE_CONFIRMED });

    // Another browser (no secret, a wrong one) learns nothing and logs in as nobody.
    const stranger = await poll(scene.scene_id, null);
    expect([stranger.http, stranger.body.status, stranger.body.msg, stranger.body.data]).toEqual([403, 4001, MP_MSG.SCENE_SECRET, undefined]);
    const other = await newScene();
    expect((await poll(scene.scene_id, other.poll_secret)).http).toBe(403);

    const done = await poll(scene.scene_id, scene.poll_secret);
    expect(done.body.data).toMatchObject({ status: 'confirmed', login: { type: 'STUDENT' } });
    const info = await call(t.app, 'GET', '/api/auth/info', { token: done.body.data!.login!.token });
    expect(JSON.stringify(info.body.data)).toContain(student.phone.slice(-4));
    // Single use: the next poll gets no session, and the scene cannot be confirmed again.
    expect((await poll(scene.scene_id, scene.poll_secret)).body.data).toEqual({ status: 'consumed', login: null });
    expect((await sceneAction('confirm', scene.scene_id, 'scanner')).body).toMatchObject({ status: 4001, msg: MP_MSG.SCENE_INVALID });
  });

  it('expires after 2 minutes', async () => {
    await boundStudent('late-scanner');
    const scene = await newScene();
    t.clock.advance(120_001);
    expect((await poll(scene.scene_id, scene.poll_secret)).body.data).toEqual({ status: 'expired', login: null });
    expect((await sceneAction('view', scene.scene_id, 'late-scanner')).body).toMatchObject({ status: 4001, msg: MP_MSG.SCENE_EXPIRED });
    expect((await sceneAction('confirm', scene.scene_id, 'late-scanner')).body).toMatchObject({ status: 4001, msg: MP_MSG.SCENE_EXPIRED });
  });

  it('a confirmed scene that is not collected in time logs nobody in', async () => {
    await boundStudent('slow-browser');
    const scene = await newScene();
    expect((await sceneAction('confirm', scene.scene_id, 'slow-browser')).body.status).toBe(200);
    t.clock.advance(120_001);
    expect((await poll(scene.scene_id, scene.poll_secret)).body.data).toEqual({ status: 'expired', login: null });
  });

  it('an unbound WeChat cannot confirm; cancelling ends the scene', async () => {
    const scene = await newScene();
    const view = await sceneAction('view', scene.scene_id, 'nobody-bound');
    expect(view.body.data).toMatchObject({ account_name: null });
    expect((await sceneAction('confirm', scene.scene_id, 'nobody-bound')).body).toMatchObject({ status: 4001, msg: MP_MSG.NOT_BOUND });
    expect((await sceneAction('cancel', scene.scene_id, 'nobody-bound')).body).toMatchObject({ status: 200, msg: MP_MSG.SCENE_CANCELLED });
    expect((await poll(scene.scene_id, scene.poll_secret)).body.data).toEqual({ status: 'cancelled', login: null });
  });

  it('refuses unknown and malformed scenes, and actions without a valid wx.login code', async () => {
    expect((await poll('A'.repeat(22), 'x')).body).toMatchObject({ status: 4001, msg: MP_MSG.SCENE_INVALID });
    expect((await poll('bad scene', 'x')).body).toMatchObject({ status: 4003 });
    const scene = await newScene();
    const used = wxLogin('scanner');
    await call(t.app, 'POST', '/api/login-mp/scene/view', { body: { scene_id: scene.scene_id, code: used } });
    expect((await call(t.app, 'POST', '/api/login-mp/scene/confirm', { body: { scene_id: scene.scene_id, code: used } })).body).toMatchObject({ status: 4003, msg: MP_MSG.CODE_INVALID });
  });
});

// Pay ----------------------------------------------------------------------------------------------------------------

describe('paying in the mini-program', () => {
  it('the pay page gets the order’s JSAPI parameters for the mini-program’s app id, only for the WeChat that will pay', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const first = await loginMp('payer');
    const swapped = (await exchange(first.body.data!.webview_code)).body.data!;
    await call(t.app, 'POST', '/api/student/mini/link', { token: s.token, body: { bind_ticket: swapped.bind_ticket } });

    const order = await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'tuition', provider: 'WX', channel: 'wechat_mp', wx_payer: swapped.wx_payer } });
    expect(order.body).toMatchObject({ status: 200, data: { pay: { kind: 'jsapi', params: { app_id: MP_APP } } } });
    const orderId = order.body.data!.id;

    const params = await call<MpPayParams>(t.app, 'POST', '/api/login-mp/pay', { body: { code: wxLogin('payer'), order_id: orderId } });
    expect(params.body).toMatchObject({ status: 200, data: { appId: MP_APP, signType: 'RSA', package: expect.stringMatching(/^prepay_id=/), amount_fen: order.body.data!.amount_fen } });
    const pay = order.body.data!.pay as { params: { pay_sign: string } };
    expect(params.body.data!.paySign).toBe(pay.params.pay_sign);

    // Another WeChat, or an unknown order, is told the same: no such order.
    expect((await call(t.app, 'POST', '/api/login-mp/pay', { body: { code: wxLogin('xiaoming'), order_id: orderId } }))).toMatchObject({ http: 404, body: { status: 4001, msg: MP_MSG.ORDER_NOT_FOUND } });
    expect((await call(t.app, 'POST', '/api/login-mp/pay', { body: { code: wxLogin('payer'), order_id: 'SM20260101ffffffffffffffffffff' } }))).toMatchObject({ http: 404, body: { status: 4001 } });
  });
});

// Referrals and landings ------------------------------------------------------------------------------------------------

describe('the referrer and /mini/{id}', () => {
  it('binds a kept mini_referrer_id once: the same again is fine, oneself, an unknown one or a second referrer are refused', async () => {
    const a = await registerStudent(t.app);
    const b = await registerStudent(t.app);
    const c = await registerStudent(t.app);
    const codeA = (await call<MpMe>(t.app, 'GET', '/api/student/mini', { token: a.token })).body.data!.referrer_id;
    const codeC = (await call<MpMe>(t.app, 'GET', '/api/student/mini', { token: c.token })).body.data!.referrer_id;
    expect((await call<MpMe>(t.app, 'GET', '/api/student/mini', { token: a.token })).body.data!.referrer_id).toBe(codeA);

    const bind = (token: string, referrer_id: string) => call(t.app, 'POST', '/api/student/mini/referrer', { token, body: { referrer_id } });
    expect((await bind(b.token, codeA)).body).toMatchObject({ status: 200, data: { bound: true } });
    expect((await bind(b.token, codeA)).body).toMatchObject({ status: 200, data: { bound: true } });
    expect((await bind(b.token, codeC)).body).toMatchObject({ status: 4001, msg: MP_MSG.REFERRER_BOUND });
    expect((await bind(a.token, codeA)).body).toMatchObject({ status: 4003, msg: MP_MSG.REFERRER_SELF });
    expect((await bind(c.token, 'unknown-code')).body).toMatchObject({ status: 4003, msg: MP_MSG.REFERRER_INVALID });
    expect((await call<MpMe>(t.app, 'GET', '/api/student/mini', { token: b.token })).body.data).toMatchObject({ referred: true });
  });

  it('landing 1 is the programme entry; a student’s landing keeps the page and them as referrer, once per page', async () => {
    expect((await call(t.app, 'GET', '/api/mini/landing/1')).body).toMatchObject({ status: 200, data: { id: 1, target_path: '/', referrer_id: null } });
    const s = await registerStudent(t.app);
    const made = await call<MpLandingCreated>(t.app, 'POST', '/api/student/mini/landing', { token: s.token, body: { path: '/courses?tab=all', title: '一起来选课' } });
    expect(made.body).toMatchObject({ status: 200, data: { target_path: '/courses?tab=all', title: '一起来选课' } });
    expect(made.body.data!.qr_image).toMatch(/^data:image\/png;base64,/);
    expect(made.body.data!.id).toBeGreaterThanOrEqual(100);
    const again = await call<MpLandingCreated>(t.app, 'POST', '/api/student/mini/landing', { token: s.token, body: { path: '/courses?tab=all' } });
    expect(again.body.data!.id).toBe(made.body.data!.id);
    const me = (await call<MpMe>(t.app, 'GET', '/api/student/mini', { token: s.token })).body.data!;
    expect((await call(t.app, 'GET', `/api/mini/landing/${made.body.data!.id}`)).body).toMatchObject({ status: 200, data: { target_path: '/courses?tab=all', referrer_id: me.referrer_id } });

    for (const path of ['https://evil.example.com/', '//evil.example.com', '/mini/1']) {
      expect((await call(t.app, 'POST', '/api/student/mini/landing', { token: s.token, body: { path } })).body.status).toBe(4003);
    }
    expect(await call(t.app, 'GET', '/api/mini/landing/99999')).toMatchObject({ http: 404, body: { status: 4001, msg: MP_MSG.LANDING_NOT_FOUND } });
    expect((await call(t.app, 'GET', '/api/mini/landing/abc')).body.status).toBe(4003);
  });
});
