// The WeChat mini-program (decision 097), at 375 px. The mini-program itself runs in WeChat, not here: what its
// pages do is done through the same API calls, with wx.login's codes from the demo's stand-in of the mini-program
// server API (/__wechat/mini/login). The browser is the asking browser of scan-to-log-in, and (with the web-view's
// user agent) the site inside the mini-program's web-view.
import { test, expect } from '../support/fixtures.ts';
import { callApi, ok } from '../support/api.ts';
import { JOURNEY_PASSWORD, studentAt } from '../support/journey.ts';
import { LoginScreen } from '../support/login-screen.ts';

/** The demo's mini-programs (packages/api/src/modules/miniprogram/miniprogram-runtime.ts: no app ids set). */
const MINI_APP_ID = 'wxd0e5a1c0ffee0002';
const CLUB_APP_ID = 'wxd0e5a1c0ffee0003';
/** What the mini-program's web-view says it is: WeChat's browser with "miniProgram" in its user agent. */
const WEBVIEW_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN miniProgram/wxd0e5a1c0ffee0002';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

/** wx.login inside the mini-program, for this (made-up) WeChat user. */
async function wxLogin(baseURL: string, user: string, appId = MINI_APP_ID): Promise<string> {
  const res = await fetch(`${baseURL}/__wechat/mini/login?appid=${appId}&user=${user}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { code: string }).code;
}

/** What the mini-program's home does: wx.login → POST /api/login-mp → the web-view's one-time code. */
async function miniLogin(baseURL: string, user: string, path = '/api/login-mp', appId = MINI_APP_ID) {
  return ok('login-mp', callApi<{ webview_code: string; bound: boolean; referrer_id: string | null }>(baseURL, 'POST', path, { body: { code: await wxLogin(baseURL, user, appId) } }));
}

/** A student whose phone login has bound this WeChat (the unbound path, through the API). */
async function boundStudent(baseURL: string, user: string, name: string) {
  const student = await studentAt(baseURL, 'info', name);
  const first = await miniLogin(baseURL, user);
  const swapped = await ok('exchange', callApi<{ bind_ticket: string }>(baseURL, 'POST', '/api/login-mp/exchange', { body: { code: first.webview_code } }));
  await ok('link', callApi(baseURL, 'POST', '/api/student/mini/link', { token: student.token, body: { bind_ticket: swapped.bind_ticket } }));
  return student;
}

const unique = (prefix: string, project: string) => `${prefix}-${project}-${Date.now().toString(36)}`;

test('scan to log in: the login screen shows a mini-program code, polls, and logs in once the student confirms in the mini-program', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const user = unique('scan', testInfo.project.name);
  const student = await boundStudent(baseURL!, user, testInfo.project.name === 'phone' ? '林扫码' : '周扫码');

  await page.goto('/login?mode=wx');
  const code = page.getByRole('img', { name: /Summit 小程序码/ });
  await expect(code).toBeVisible({ timeout: 60_000 });
  expect(await code.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await expect(page.getByText('请使用微信扫描小程序码')).toBeVisible();
  await expect(page.getByText(/\d+ 秒后失效/)).toBeVisible();
  const sceneId = (await code.getAttribute('data-scene'))!;
  expect(sceneId).toMatch(/^[A-Za-z0-9_-]{22}$/);

  // The mini-program's scan-confirm page opens: it shows which device and place asked.
  const view = await ok('view', callApi<{ device: string; place: string; account_name: string | null }>(baseURL!, 'POST', '/api/login-mp/scene/view', { body: { scene_id: sceneId, code: await wxLogin(baseURL!, user) } }));
  expect(view.device).toContain('·');
  expect(view.place).toMatch(/\*|位置/);
  expect(view.account_name).toContain('*');
  await expect(page.getByText('已扫码，请在手机上确认登录')).toBeVisible({ timeout: 15_000 });

  // Another browser that knows the scene (it is in the code) but not the secret gets nothing.
  const stranger = await callApi<unknown>(baseURL!, 'GET', `/api/login-mp/poll?scene_id=${sceneId}`);
  expect(stranger.status).toBe(4001);

  // 确认登录 in the mini-program: this browser logs in at its next poll (every 3 s).
  await ok('confirm', callApi(baseURL!, 'POST', '/api/login-mp/scene/confirm', { body: { scene_id: sceneId, code: await wxLogin(baseURL!, user) } }));
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
  const token = await page.evaluate(() => localStorage.getItem('student_token'));
  expect(token).toBeTruthy();
  const info = await ok('info', callApi<{ phone: string }>(baseURL!, 'GET', '/api/auth/info', { token: token! }));
  expect(JSON.stringify(info)).toContain(student.phone.slice(-4));
});

test('in the demo the whole scan runs on one machine: the stand-in’s phone page confirms as 小明 (bound to 孙浩然)', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto('/login?mode=wx');
  await expect(page.getByRole('img', { name: /Summit 小程序码/ })).toBeVisible({ timeout: 60_000 });
  const [phone] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: '演示：在本机模拟手机扫码' }).click()]);
  await phone.getByRole('link', { name: '以「小明」的微信扫码' }).click();
  await expect(phone.getByRole('heading', { name: '网页登录确认（模拟小程序）' })).toBeVisible();
  await expect(phone.getByText('孙*然')).toBeVisible();
  await phone.getByRole('button', { name: '确认登录' }).click();
  await expect(phone.getByRole('heading', { name: '已确认登录' })).toBeVisible();
  await phone.close();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
  const token = await page.evaluate(() => localStorage.getItem('student_token'));
  expect((await ok('info', callApi<{ name: string }>(page.url().split('/').slice(0, 3).join('/'), 'GET', '/api/auth/info', { token: token! }))).name).toBe('孙浩然');
});

test('an expired mini-program code says so and can be refreshed', async ({ page }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await page.goto('/login?mode=wx');
  const code = page.getByRole('img', { name: /Summit 小程序码/ });
  await expect(code).toBeVisible({ timeout: 60_000 });
  const first = await code.getAttribute('data-scene');
  await page.clock.fastForward(121_000);
  await expect(page.getByText('二维码已过期，请刷新后重新扫码')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: '刷新小程序码' }).click();
  await expect(code).toBeVisible({ timeout: 30_000 });
  await expect(code).not.toHaveAttribute('data-scene', first!);
});

test.describe('inside the mini-program’s web-view', () => {
  test.use({ userAgent: WEBVIEW_UA });

  test('the one-time code logs the site in, leaves the address, has no top bar, and works only once', async ({ page, baseURL }, testInfo) => {
    test.setTimeout(180_000);
    const user = unique('webview', testInfo.project.name);
    await boundStudent(baseURL!, user, testInfo.project.name === 'phone' ? '林网页' : '周网页');
    const { webview_code: webviewCode, bound } = await miniLogin(baseURL!, user);
    expect(bound).toBe(true);

    await page.goto(`/mini/1#mp_code=${webviewCode}`);
    await expect(page).not.toHaveURL(/\/mini\/1/, { timeout: 30_000 });
    expect(page.url()).not.toContain(webviewCode);
    expect(await page.evaluate(() => localStorage.getItem('student_token'))).toBeTruthy();
    // §9: no top bar inside the mini-program (its own navigation bar is there instead).
    await expect(page.locator('main')).toBeVisible();
    await expect(page.locator('header.topbar')).toHaveCount(0);
    // Not a club user: no recommendation icon.
    await expect(page.getByTestId('mini-recommend')).toHaveCount(0);

    // The same code again (a replayed link) is refused.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/mini/1#mp_code=${webviewCode}`);
    await expect(page.getByRole('heading', { name: '登录已失效' })).toBeVisible({ timeout: 30_000 });
  });

  test('a club user sees the recommendation icon; its sheet carries a mini-program code of the page', async ({ page, baseURL }, testInfo) => {
    test.setTimeout(180_000);
    const user = unique('club', testInfo.project.name);
    await boundStudent(baseURL!, user, testInfo.project.name === 'phone' ? '林社团' : '周社团');
    // Logging in once through the club's mini-program makes the student a club user (same WeChat, same union id).
    expect((await miniLogin(baseURL!, user, '/api/login-mp-com', CLUB_APP_ID)).bound).toBe(true);
    const { webview_code: webviewCode } = await miniLogin(baseURL!, user);

    await page.goto(`/mini/1#mp_code=${webviewCode}`);
    await expect(page).not.toHaveURL(/\/mini\/1/, { timeout: 30_000 });
    const icon = page.getByTestId('mini-recommend');
    await expect(icon).toBeVisible({ timeout: 30_000 });
    await icon.click();
    const sheet = page.getByRole('dialog', { name: '推荐给好友' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('img', { name: '本页的小程序码（带你的推荐）' })).toBeVisible({ timeout: 30_000 });
    await sheet.getByRole('button', { name: '知道了' }).click();
    await expect(sheet).toHaveCount(0);
  });

  test('an unbound WeChat is asked for a phone login once, which binds it and keeps the referrer', async ({ page, baseURL }, testInfo) => {
    test.setTimeout(180_000);
    const referrer = await studentAt(baseURL!, 'info', testInfo.project.name === 'phone' ? '林推荐' : '周推荐');
    const referrerId = (await ok('me', callApi<{ referrer_id: string }>(baseURL!, 'GET', '/api/student/mini', { token: referrer.token }))).referrer_id;
    const student = await studentAt(baseURL!, 'info', testInfo.project.name === 'phone' ? '林新人' : '周新人');
    await callApi(baseURL!, 'POST', '/api/logout', { token: student.token });
    const user = unique('fresh', testInfo.project.name);
    const first = await miniLogin(baseURL!, user);
    expect(first.bound).toBe(false);

    // A shared page carries the sharer's referral code; the mini-program opens it with its one-time code.
    await page.goto(`/mini/1?mini_referrer_id=${referrerId}#mp_code=${first.webview_code}`);
    await expect(page.getByRole('heading', { name: '该微信尚未绑定账号' })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('mini_referrer_id'))).toBe(referrerId);
    await page.getByRole('link', { name: '手机号登录' }).click();
    const screen = new LoginScreen(page);
    await expect(screen.phone).toBeEditable({ timeout: 60_000 });
    await screen.loginWithPassword(student.phone, JOURNEY_PASSWORD);
    await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });

    // Bound and referred: the referrer is gone from the browser, the next mini-program login is this student's.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('mini_referrer_id')), { timeout: 15_000 }).toBeNull();
    const token = (await page.evaluate(() => localStorage.getItem('student_token')))!;
    expect((await ok('me', callApi<{ bound: boolean; referred: boolean }>(baseURL!, 'GET', '/api/student/mini', { token })))).toMatchObject({ bound: true, referred: true });
    expect((await miniLogin(baseURL!, user)).bound).toBe(true);
  });
});

test.describe('paying inside the mini-program’s web-view', () => {
  test.use({ userAgent: WEBVIEW_UA });

  test('the order is made for the mini-program’s app id; its pay page gets the parameters; the site turns paid by its poll', async ({ page, baseURL }, testInfo) => {
    test.setTimeout(240_000);
    const user = unique('payer', testInfo.project.name);
    const student = await studentAt(baseURL!, 'offer', testInfo.project.name === 'phone' ? '林小付' : '周小付');
    const first = await miniLogin(baseURL!, user);
    const swapped = await ok('exchange', callApi<{ bind_ticket: string }>(baseURL!, 'POST', '/api/login-mp/exchange', { body: { code: first.webview_code } }));
    await ok('link', callApi(baseURL!, 'POST', '/api/student/mini/link', { token: student.token, body: { bind_ticket: swapped.bind_ticket } }));

    // The mini-program opens the site: the exchange leaves the session and the payer ticket (wx_payer).
    const { webview_code: webviewCode } = await miniLogin(baseURL!, user);
    await page.goto(`/mini/1?to=${encodeURIComponent('/student/admission/pay')}#mp_code=${webviewCode}`);
    await expect(page).toHaveURL(/\/student\/admission\/pay/, { timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('wx_payer'))).toBeTruthy();

    const ordered = page.waitForResponse((r) => r.url().endsWith('/api/student/payment') && r.request().method() === 'POST');
    await page.getByRole('button', { name: /微信支付/ }).first().click();
    const order = ((await (await ordered).json()) as { data: { id: string; pay: { kind: string; params: { app_id: string } } } }).data;
    expect(order.pay).toMatchObject({ kind: 'jsapi', params: { app_id: MINI_APP_ID } });

    // What the mini-program's pay page asks (with its own wx.login code) before wx.requestPayment.
    const params = await ok('pay params', callApi<{ appId: string; package: string }>(baseURL!, 'POST', '/api/login-mp/pay', { body: { code: await wxLogin(baseURL!, user), order_id: order.id } }));
    expect(params.appId).toBe(MINI_APP_ID);
    expect(params.package).toMatch(/^prepay_id=/);
    // Another WeChat is told there is no such order.
    expect((await callApi(baseURL!, 'POST', '/api/login-mp/pay', { body: { code: await wxLogin(baseURL!, `${user}-x`), order_id: order.id } })).status).toBe(4001);

    // Without WeChat's bridge (this is not the real app) the demo's simulated sheet pays; the page's poll sees it.
    const sheet = page.getByRole('dialog', { name: '微信支付' });
    await expect(sheet).toBeVisible({ timeout: 15_000 });
    await sheet.getByRole('button', { name: '确认支付' }).click();
    await expect(page).toHaveURL(/\/student\/admission\/success/, { timeout: 30_000 });
  });
});
