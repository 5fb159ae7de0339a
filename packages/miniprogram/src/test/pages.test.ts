/**
 * The mini-program's pages (decision 097) with WeChat's runtime mocked (wx-mock.ts): what each page sends to the
 * API, what it shows, and what it hands to WeChat (the web-view's URL, the share, wx.requestPayment).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIG } from '../config';
import { installWx, instanceOf, settle, type WxMock } from './wx-mock';

let wx: WxMock;
let pages: ReturnType<typeof installWx>['pages'];

beforeEach(() => {
  ({ wx, pages } = installWx());
});

const CODE = 'A'.repeat(43);
const SCENE = 'Sc3n3Id_0123456789abcd';

async function load<T>(module: string, exportName: string): Promise<T> {
  const mod = (await import(module)) as Record<string, T>;
  return mod[exportName]!;
}

describe('the home page', () => {
  it('logs in with wx.login and opens the landing in the web-view with the one-time code in the fragment', async () => {
    const def = await load<{ data: Record<string, unknown> }>('../pages/index/index', 'homePage');
    const page = instanceOf(def) as ReturnType<typeof instanceOf> & { onLoad(o: object): void };
    wx.answer('/api/login-mp', { status: 200, data: { webview_code: CODE, bound: true, referrer_id: 'mine12345' } });
    page.onLoad({ landing: '105', mini_referrer_id: 'friend123' });
    await settle();
    expect(wx.logins).toBe(1);
    expect(wx.requests[0]).toMatchObject({ url: `${CONFIG.siteOrigin}/api/login-mp`, method: 'POST', header: { 'x-plat': 'wechat' } });
    expect(wx.requests[0]!.data).toEqual({ code: expect.stringMatching(/^wxcode/) });
    expect(page.data.src).toBe(`${CONFIG.siteOrigin}/mini/105?mini_referrer_id=friend123#mp_code=${CODE}`);
    expect(page.data.error).toBe('');
  });

  it('opens the landing a mini-program code names (scene l<id>) and a shared page (?to=)', async () => {
    const def = await load<{ data: Record<string, unknown> }>('../pages/index/index', 'homePage');
    const page = instanceOf(def) as ReturnType<typeof instanceOf> & { onLoad(o: object): void };
    wx.answer('/api/login-mp', { status: 200, data: { webview_code: CODE, bound: false, referrer_id: null } });
    page.onLoad({ scene: encodeURIComponent('l42') });
    await settle();
    expect(page.data.src).toBe(`${CONFIG.siteOrigin}/mini/42#mp_code=${CODE}`);

    const other = instanceOf(def) as ReturnType<typeof instanceOf> & { onLoad(o: object): void };
    wx.answer('/api/login-mp', { status: 200, data: { webview_code: CODE, bound: false, referrer_id: null } });
    other.onLoad({ to: encodeURIComponent('/courses?tab=all'), mini_referrer_id: 'friend123' });
    await settle();
    expect(other.data.src).toBe(`${CONFIG.siteOrigin}/mini/1?to=%2Fcourses%3Ftab%3Dall&mini_referrer_id=friend123#mp_code=${CODE}`);
  });

  it('shows the server’s message when the login is refused, and tries again on 重试', async () => {
    const def = await load<{ data: Record<string, unknown> }>('../pages/index/index', 'homePage');
    const page = instanceOf(def) as ReturnType<typeof instanceOf> & { onLoad(o: object): void; retry(): void };
    wx.answer('/api/login-mp', { status: 4001, msg: '微信服务暂不可用，请稍后重试' });
    page.onLoad({});
    await settle();
    expect(page.data).toMatchObject({ src: '', error: '微信服务暂不可用，请稍后重试' });
    wx.answer('/api/login-mp', 'network');
    page.retry();
    await settle();
    expect(page.data.error).toBe('网络错误，请检查网络后重试');
    expect(wx.logins).toBe(2);
  });

  it('shares the web-view’s page with the sharer’s referral code and never the one-time code', async () => {
    const def = await load<{ data: Record<string, unknown> }>('../pages/index/index', 'homePage');
    const page = instanceOf(def) as ReturnType<typeof instanceOf> & {
      onLoad(o: object): void;
      onMessage(e: object): void;
      onShareAppMessage(o: object): { title: string; path: string };
    };
    wx.answer('/api/login-mp', { status: 200, data: { webview_code: CODE, bound: true, referrer_id: 'mine12345' } });
    page.onLoad({});
    await settle();
    // Before the site posts anything: the web-view's URL and the student's own code.
    expect(page.onShareAppMessage({ webViewUrl: `${CONFIG.siteOrigin}/student/status#mp_code=${CODE}` }).path).toBe('/pages/index/index?to=%2Fstudent%2Fstatus&mini_referrer_id=mine12345');
    page.onMessage({ detail: { data: [{ type: 'share', path: '/a', title: 'A', referrer_id: null }, { type: 'share', path: '/courses', title: '一起选课', referrer_id: 'posted123' }] } });
    const share = page.onShareAppMessage({ webViewUrl: `${CONFIG.siteOrigin}/courses?mini_referrer_id=old000000#mp_code=${CODE}` });
    expect(share).toEqual({ title: '一起选课', path: '/pages/index/index?to=%2Fcourses&mini_referrer_id=posted123' });
    expect(share.path).not.toContain(CODE);
    expect(page.onShareAppMessage({ webViewUrl: `${CONFIG.siteOrigin}/mini/105` }).path).toBe('/pages/index/index?landing=105&mini_referrer_id=posted123');
  });
});

describe('the scan-confirm page', () => {
  type ConfirmPage = ReturnType<typeof instanceOf> & { onLoad(o: object): void; confirm(): void; cancel(): void; goHome(): void };
  const open = async () => instanceOf(await load<{ data: Record<string, unknown> }>('../pages/scan-confirm/index', 'scanConfirmPage')) as ConfirmPage;

  it('shows the asking device and place, and confirms with a fresh wx.login code', async () => {
    const page = await open();
    wx.answer('/api/login-mp/scene/view', { status: 200, data: { status: 'scanned', device: 'Chrome · Windows', place: '203.0.113.*', expires_at: '2026-07-01T00:00:00Z', account_name: '张*明' } });
    page.onLoad({ scene: encodeURIComponent(SCENE) });
    await settle();
    expect(wx.requests[0]!.data).toMatchObject({ scene_id: SCENE });
    expect(page.data).toMatchObject({ phase: 'ready', device: 'Chrome · Windows', place: '203.0.113.*', accountName: '张*明' });

    wx.answer('/api/login-mp/scene/confirm', { status: 200, msg: '已确认登录' });
    page.confirm();
    page.confirm();
    await settle();
    const confirms = wx.requests.filter((r) => r.url.endsWith('/scene/confirm'));
    expect(confirms).toHaveLength(1);
    expect(confirms[0]!.data!.code).not.toBe(wx.requests[0]!.data!.code);
    expect(page.data).toMatchObject({ phase: 'done', title: '已确认登录' });
  });

  it('refuses a code without a valid scene, and shows why the server refused', async () => {
    const bad = await open();
    bad.onLoad({ scene: encodeURIComponent('no spaces allowed') });
    await settle();
    expect(bad.data).toMatchObject({ phase: 'error', title: '二维码无效' });
    expect(wx.requests).toHaveLength(0);

    const expired = await open();
    wx.answer('/api/login-mp/scene/view', { status: 4001, msg: '二维码已过期，请刷新后重新扫码' });
    expired.onLoad({ scene: SCENE });
    await settle();
    expect(expired.data).toMatchObject({ phase: 'error', message: '二维码已过期，请刷新后重新扫码' });
  });

  it('cancels, and an unbound WeChat is sent to the home page to log in', async () => {
    const page = await open();
    wx.answer('/api/login-mp/scene/view', { status: 200, data: { status: 'scanned', device: 'Safari · Mac', place: '未知位置', expires_at: '2026-07-01T00:00:00Z', account_name: null } });
    page.onLoad({ scene: SCENE });
    await settle();
    expect(page.data.accountName).toBe('');
    page.goHome();
    expect(wx.relaunches).toEqual(['/pages/index/index']);
    wx.answer('/api/login-mp/scene/cancel', { status: 200, msg: '已取消登录' });
    page.cancel();
    await settle();
    expect(page.data).toMatchObject({ phase: 'done', title: '已取消登录' });
  });
});

describe('the pay page', () => {
  type PayPage = ReturnType<typeof instanceOf> & { onLoad(o: object): void; pay(): void };
  const PARAMS = { appId: 'wxd0e5a1c0ffee0002', timeStamp: '1760000000', nonceStr: 'n0nce', package: 'prepay_id=wx123', signType: 'RSA', paySign: 'c2lnbg==', amount_fen: 1280000, description: '学费' };
  const open = async () => instanceOf(await load<{ data: Record<string, unknown> }>('../pages/pay/index', 'payPage')) as PayPage;

  it('gets the order’s parameters with a fresh wx.login code, raises WeChat’s pay sheet, and goes back when paid', async () => {
    const page = await open();
    wx.answer('/api/login-mp/pay', { status: 200, data: PARAMS });
    page.onLoad({ order_id: 'SM20260701abcdef0123456789' });
    await settle();
    expect(wx.requests[0]!.data).toMatchObject({ order_id: 'SM20260701abcdef0123456789', code: expect.stringMatching(/^wxcode/) });
    expect(wx.payments).toHaveLength(1);
    expect(wx.payments[0]).toMatchObject({ timeStamp: '1760000000', nonceStr: 'n0nce', package: 'prepay_id=wx123', signType: 'RSA', paySign: 'c2lnbg==' });
    expect(page.data).toMatchObject({ phase: 'paid', amount: '¥12800.00', description: '学费' });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(wx.backs).toBe(1);
  });

  it('a closed sheet can be paid again; a bad order id asks nothing', async () => {
    wx.payOutcome = 'cancel';
    const page = await open();
    wx.answer('/api/login-mp/pay', { status: 200, data: PARAMS });
    page.onLoad({ order_id: 'SM20260701abcdef0123456789' });
    await settle();
    expect(page.data).toMatchObject({ phase: 'cancelled', statusText: '已取消支付' });
    wx.payOutcome = 'ok';
    page.pay();
    await settle();
    expect(wx.payments).toHaveLength(2);
    expect(page.data.phase).toBe('paid');

    const bad = await open();
    bad.onLoad({ order_id: '../../x' });
    expect(bad.data.phase).toBe('error');
    expect(wx.requests).toHaveLength(1);
  });

  it('shows the server’s refusal (an order of another WeChat)', async () => {
    const page = await open();
    wx.answer('/api/login-mp/pay', { status: 4001, msg: '订单不存在或不属于当前微信' });
    page.onLoad({ order_id: 'SM20260701abcdef0123456789' });
    await settle();
    expect(page.data).toMatchObject({ phase: 'error', message: '订单不存在或不属于当前微信' });
    expect(wx.payments).toHaveLength(0);
  });
});

describe('registration', () => {
  it('each page module registers its page with Page() when WeChat loads it', async () => {
    vi.resetModules();
    const home = await import('../pages/index/index.js');
    const confirm = await import('../pages/scan-confirm/index.js');
    const pay = await import('../pages/pay/index.js');
    expect(pages).toEqual([home.homePage, confirm.scanConfirmPage, pay.payPage]);
  });
});
