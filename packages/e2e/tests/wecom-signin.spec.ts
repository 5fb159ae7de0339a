// WeCom sign-in and binding (decision 098), at 375 px through the stand-in of WeCom's servers (demo mode,
// /__wecom): 运营老师, linked in the demo to the WeCom member 张老师, signs in from WeCom; an unlinked member lands
// on the 员工账户！ failure page; a forged return is 认证异常！; a reload of the return answers 66 and starts again.
// A student opening the entry for the first time registers on /register and the WeCom identity is bound; a lost
// ticket shows 绑定失败 and 参数丢失. At 1280 px an administrator links and unlinks a staff account in 员工账号.
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { callApi } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { JOURNEY_PASSWORD, openStudentAsAdmin, studentAt } from '../support/journey.ts';
import { button, LoginScreen } from '../support/login-screen.ts';
import { uniquePhone } from '../support/phone-numbers.ts';

/** Outside WeCom (this browser) the entry sends to WeCom's QR sign-in page, served here by the stand-in. */
const AUTHORIZE = /\/__wecom\/wwlogin\/sso\/login\?login_type=CorpApp&appid=ww/;

/** Opens the entry and picks who is holding the phone on WeCom's (stand-in) authorize page. */
async function enterAs(page: Page, person: RegExp, entry = '/wecom/oauth/entry') {
  await page.goto(entry);
  await expect(page).toHaveURL(AUTHORIZE, { timeout: 60_000 });
  await page.getByRole('link', { name: person }).click();
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('a linked staff member signs in from WeCom; a reload of the return starts again (66); failures show §8’s messages', async ({ page, baseURL }) => {
    const eid = page.waitForRequest((r) => r.url().endsWith('/api/wecom/oauth/eid'));
    await enterAs(page, /以「张老师」的身份继续/, '/wecom/oauth/entry?r=%2Fteacher');
    const sent = JSON.parse((await eid).postData() ?? '{}') as { code: string; state: string };
    await expect(page.getByRole('heading', { name: '企业微信登录成功' })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/teacher/, { timeout: 30_000 });
    const token = await page.evaluate(() => localStorage.getItem('teacher_token'));
    const me = await callApi<{ name: string; type: string }>(baseURL as string, 'GET', '/api/auth/info', { token: token ?? '' });
    expect(me.data).toMatchObject({ name: '运营老师', type: 'TEACHER' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The same return again (a reload, the back button): the state is used, so code 66 goes back to the entry.
    await page.goto(`/wecom/oauth/middle?code=${sent.code}&state=${sent.state}`);
    await expect(page).toHaveURL(AUTHORIZE, { timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('state')).not.toBe(sent.state);

    // A corp member no staff account is linked to.
    await page.getByRole('link', { name: /以「李助理」的身份继续/ }).click();
    await expect(page).toHaveURL(/\/wecom\/oauth\/fail\/employee$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: '员工账户！' })).toBeVisible();
    await expect(page.getByRole('link', { name: '重新进入' })).toBeVisible();

    // A return this tab did not start (someone else's link): 认证异常！ before anything is sent.
    await page.goto('/wecom/oauth/middle?code=abcdef123456&state=someone-elses-state-0123456789');
    await expect(page).toHaveURL(/\/wecom\/oauth\/fail\/eid-1$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: '认证异常！' })).toBeVisible();
    await page.goto('/wecom/oauth/middle');
    await expect(page.getByRole('heading', { name: '参数丢失' })).toBeVisible({ timeout: 30_000 });
    await page.goto('/wecom/oauth/fail/user-1');
    await expect(page.getByRole('heading', { name: '认证异常！' })).toBeVisible({ timeout: 30_000 });
    await page.goto('/wecom/oauth/fail');
    await expect(page.getByRole('heading', { name: '出错了！' })).toBeVisible({ timeout: 30_000 });
  });

  test('a student opening WeCom for the first time registers on /register and their WeCom identity is bound', async ({ page, baseURL, readSmsCode }) => {
    test.setTimeout(180_000);
    await enterAs(page, /以「新同学」的身份继续/);
    await expect(page).toHaveURL(/\/register\?wecom=bind/, { timeout: 30_000 });
    await expect(page.getByText('登录或注册后，将把你的企业微信绑定到此账号')).toBeVisible();

    const phone = uniquePhone();
    const screen = new LoginScreen(page);
    await expect(screen.phone).toBeEditable({ timeout: 60_000 });
    await screen.phone.fill(phone);
    await screen.requestCode();
    await screen.code.fill(await readSmsCode(phone));
    await screen.newPassword.fill('Xuesheng2026!');
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await screen.submit('注册').click();

    await expect(page.getByRole('heading', { name: '企业微信绑定成功' })).toBeVisible({ timeout: 30_000 });
    // Then on to what a new student does next: complete the profile.
    await expect(page).toHaveURL(/\/info/, { timeout: 30_000 });
    const token = (await page.evaluate(() => localStorage.getItem('student_token'))) ?? '';
    const identity = await callApi<{ bound: boolean; external_user_id: string | null }>(baseURL as string, 'GET', '/api/student/wecom', { token });
    expect(identity.data).toMatchObject({ bound: true });
    expect(identity.data?.external_user_id).toMatch(/^wm/);

    // Signed in already, the student opens the entry as another WeCom person: bound at once, and refused, since an
    // account holds one WeCom identity (绑定失败, eid异常！).
    await enterAs(page, /以「新同学」的身份继续/);
    await expect(page.getByText('绑定失败')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/wecom\/oauth\/fail\/eid-2$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'eid异常！' })).toBeVisible();
  });

  test('binding without the ticket shows 绑定失败 and the 参数丢失 page', async ({ page, baseURL }) => {
    const student = await studentAt(baseURL as string, 'info', '韦企微');
    await callApi(baseURL as string, 'POST', '/api/logout', { token: student.token });
    await page.goto('/login?wecom=bind');
    await expect(page.getByText('登录或注册后，将把你的企业微信绑定到此账号')).toBeVisible({ timeout: 60_000 });
    const screen = new LoginScreen(page);
    await expect(screen.phone).toBeEditable({ timeout: 60_000 });
    await screen.loginWithPassword(student.phone, JOURNEY_PASSWORD);
    await expect(page.getByText('绑定失败')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/wecom\/oauth\/fail\/user_bind_para$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: '参数丢失' })).toBeVisible();
  });
});

test.describe('inside WeCom (its user agent)', () => {
  test.use({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.22 MicroMessenger/7.0.1 Language/zh ColorScheme/Light',
  });

  test('the entry uses WeCom’s OAuth page rather than the QR sign-in, and signs the staff member in', async ({ page }) => {
    await page.goto('/wecom/oauth/entry');
    await expect(page).toHaveURL(/\/__wecom\/connect\/oauth2\/authorize\?appid=ww/, { timeout: 60_000 });
    await page.getByRole('link', { name: /以「张老师」的身份继续/ }).click();
    await expect(page.getByRole('heading', { name: '企业微信登录成功' })).toBeVisible({ timeout: 30_000 });
  });
});

test('an administrator links a staff account to a WeCom member in 员工账号 and unlinks it; the student page shows a binding', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  const screen = new LoginScreen(page);
  await expect(screen.phone).toBeEditable({ timeout: 60_000 });
  await screen.loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await page.waitForURL(/\/admin/);
  await page.goto('/admin/staff');
  const card = page.getByRole('region', { name: '员工账号' });
  const cell = card.getByTestId(`wecom-${DEMO.teacher2}`);
  await expect(cell).toBeVisible({ timeout: 60_000 });
  // A run that stopped half-way left the link: start from unlinked.
  if (await cell.getByRole('button', { name: /^解除/ }).isVisible()) {
    await cell.getByRole('button', { name: /^解除/ }).click();
    await button(page, '解除').last().click();
    await expect(cell).toContainText('未关联', { timeout: 30_000 });
  }
  await expect(cell).toContainText('未关联');
  await cell.getByRole('button', { name: /^关联/ }).click();
  const dialog = page.getByRole('dialog', { name: /关联企业微信/ });
  await dialog.getByLabel('企业微信账号（成员 UserID）').fill('no such member');
  await button(dialog, '保存').click();
  await expect(dialog.getByText('请填写企业微信账号', { exact: false })).toBeVisible();
  await dialog.getByLabel('企业微信账号（成员 UserID）').fill('nobody');
  await button(dialog, '保存').click();
  await expect(dialog.getByText('企业微信通讯录中没有这个成员')).toBeVisible({ timeout: 30_000 });
  await dialog.getByLabel('企业微信账号（成员 UserID）').fill('LiZhuli');
  await button(dialog, '保存').click();
  await expect(cell).toContainText('LiZhuli（李助理）', { timeout: 30_000 });

  await cell.getByRole('button', { name: /^解除/ }).click();
  await button(page, '解除').last().click();
  await expect(cell).toContainText('未关联', { timeout: 30_000 });

  // The student page's 企业微信 line.
  const student = await studentAt(baseURL as string, 'info', '企微未绑');
  await openStudentAsAdmin(page, student, '企微未绑');
  await expect(page.getByTestId('student-wecom')).toHaveText('未绑定', { timeout: 30_000 });
});

// The WeChat OAuth code relay (decision 069) forwards only to this site's own pages: the allow-list is the
// platform's origin, so a relay link is never an open redirect, however the address is disguised.
test('the /wx-code relay refuses every other host and /wx-code-redirect never leaves the site', async ({ page, baseURL }) => {
  for (const target of ['https://evil.example.com/', '//evil.example.com/x', '/\\evil.example.com', 'javascript:alert(1)', encodeURIComponent('https://evil.example.com/')]) {
    await page.goto(`/wx-code/${encodeURIComponent(target)}`);
    await expect(page.getByRole('heading', { name: '无法打开' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('链接无效：只能打开本站页面')).toBeVisible();
    expect(new URL(page.url()).origin).toBe(new URL(baseURL as string).origin);
  }
  // A return address on another host is refused by the API before any WeChat state exists.
  for (const bad of ['https://evil.example.com/', '//evil.example.com']) {
    const res = await callApi(baseURL as string, 'GET', `/api/payment/wechat/oauth?return_url=${encodeURIComponent(bad)}&scope=base`);
    expect(res.status).toBe(4003);
  }
  // Without a code the return page stays on the site and says the authorisation did not finish.
  await page.goto('/wx-code-redirect');
  await expect(page.getByRole('heading', { name: '微信授权未完成' })).toBeVisible({ timeout: 30_000 });
  expect(new URL(page.url()).origin).toBe(new URL(baseURL as string).origin);
});
