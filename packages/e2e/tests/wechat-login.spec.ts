// The WeChat browser (decision 069): inside "WeChat" (its user agent) a student taps
// 微信一键登录 on the login screen; the stand-in of WeChat's servers (demo mode, /__wechat) asks which WeChat user
// this is; the WeChat is not bound yet, so the student logs in with phone and password once, which binds it.
// Logged out, the next 微信一键登录 logs the same student straight in. 我的账户 shows the binding and unbinds it.
import { test, expect } from '../support/fixtures.ts';
import { callApi } from '../support/api.ts';
import { JOURNEY_PASSWORD, studentAt } from '../support/journey.ts';
import { button, LoginScreen } from '../support/login-screen.ts';

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN';

test.describe('inside WeChat', () => {
  test.use({ userAgent: WECHAT_UA });

  test('inside WeChat a student binds WeChat with one phone login, then logs in with 微信一键登录', async ({ page, baseURL }, testInfo) => {
    test.setTimeout(240_000);
    // Desktop and phone each use their own demo WeChat user: one WeChat binds one account.
    const wechatUser = testInfo.project.name === 'phone' ? '小红' : '小明';
    const student = await studentAt(baseURL as string, 'info', testInfo.project.name === 'phone' ? '许嘉禾' : '唐知远');
    await callApi(baseURL as string, 'POST', '/api/logout', { token: student.token });

    await page.goto('/login');
    const oneTap = button(page, '微信一键登录');
    await expect(oneTap).toBeVisible({ timeout: 60_000 });
    await oneTap.click();

    // WeChat's authorize page (the stand-in): pick who is holding the phone.
    await expect(page).toHaveURL(/\/__wechat\/connect\/oauth2\/authorize\?appid=wx/);
    await page.getByRole('link', { name: `继续：以「${wechatUser}」的身份` }).click();

    // Not bound yet: back on the login screen, told that this login will bind it.
    await expect(page).toHaveURL(/\/login\?wx=bind/, { timeout: 30_000 });
    await expect(page.getByText('该微信尚未绑定账号，请用手机号登录或注册，登录后自动绑定')).toBeVisible();
    await expect(oneTap).toHaveCount(0);
    const screen = new LoginScreen(page);
    await expect(screen.phone).toBeEditable({ timeout: 60_000 });
    await screen.loginWithPassword(student.phone, JOURNEY_PASSWORD);
    await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });

    await page.goto('/account');
    const card = page.getByTestId('wechat-binding');
    await expect(card).toContainText('已绑定微信', { timeout: 30_000 });
    await button(page, '退出登录').click();
    await expect(page).toHaveURL(/\/login/, { timeout: 30_000 });

    // Second time: 微信一键登录 alone logs the student in.
    await expect(oneTap).toBeVisible({ timeout: 60_000 });
    await oneTap.click();
    await page.getByRole('link', { name: `继续：以「${wechatUser}」的身份` }).click();
    await expect(page).not.toHaveURL(/\/login|\/wx-code-redirect|__wechat/, { timeout: 30_000 });
    await page.goto('/account');
    await expect(page.locator('.account-details').getByText(student.name)).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText('已绑定微信');

    // Unbinding: the next WeChat login is a stranger again.
    await button(card, '解绑微信').click();
    await button(page, '解绑').click();
    await expect(card).toContainText('未绑定', { timeout: 30_000 });
    await button(page, '退出登录').click();
    await expect(oneTap).toBeVisible({ timeout: 60_000 });
    await oneTap.click();
    await page.getByRole('link', { name: `继续：以「${wechatUser}」的身份` }).click();
    await expect(page).toHaveURL(/\/login\?wx=bind/, { timeout: 30_000 });
  });
});

test('outside WeChat the login screen offers WX_SERVICE: a QR that opens the login inside WeChat', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('link', { name: '微信登录' })).toBeVisible({ timeout: 60_000 });
  await expect(button(page, '微信一键登录')).toHaveCount(0);
  await page.getByRole('link', { name: '微信登录' }).click();
  await expect(page).toHaveURL(/\/login\?mode=wx/);
  const qr = page.getByRole('img', { name: '用微信扫一扫，在手机上登录' });
  await expect(qr).toBeVisible({ timeout: 30_000 });
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await expect(page.getByText('关注公众号「Summit 高中生夏季学术项目」', { exact: false })).toBeVisible();
});
