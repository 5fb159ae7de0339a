// Phone project only (see playwright.config.ts): docs/design.md §6, every page at 375 px, tap targets ≥ 44 px.
import { test, expect } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { LoginScreen } from '../support/login-screen.ts';
import { maskPhone } from '../support/phone-numbers.ts';
import { expectPhoneFriendly } from '../support/phone-check.ts';

test('login, register and reset fit 375 px with 44 px tap targets', async ({ page }) => {
  const screen = new LoginScreen(page);
  await page.goto('/login');
  await expect(screen.phone).toBeVisible();
  await expectPhoneFriendly(page, '/login');

  await screen.link('验证码登录').click();
  await expect(screen.code).toBeVisible();
  await expectPhoneFriendly(page, '/login 验证码登录');

  await page.goto('/register');
  await expect(screen.newPassword).toBeVisible();
  await expectPhoneFriendly(page, '/register');

  await page.goto('/reset');
  await expect(screen.resetPassword).toBeVisible();
  await expectPhoneFriendly(page, '/reset');
});

test('/info fits 375 px with 44 px tap targets', async ({ page }) => {
  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.newStudent, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/info$/);
  await expect(page.getByPlaceholder('请选择或输入学校全名')).toBeVisible();
  await expectPhoneFriendly(page, '/info');
});

test('/student/apply, /account and /account/edit fit 375 px with 44 px tap targets', async ({ page }) => {
  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.student, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/student\/apply/);
  await expect(page.getByRole('heading', { name: '我的申请' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '姓名（与证件一致）' })).toBeVisible();
  await expectPhoneFriendly(page, '/student/apply');

  await page.goto('/account');
  await expect(page.getByRole('main').getByText(maskPhone(DEMO.student))).toBeVisible();
  await expectPhoneFriendly(page, '/account');

  await page.goto('/account/edit');
  await expect(page.getByPlaceholder('请输入真实姓名')).toHaveValue(/.+/);
  await expectPhoneFriendly(page, '/account/edit');
});

test('the application fee page fits 375 px with 44 px tap targets', async ({ page }) => {
  // 13900000003: step 1 submitted, fee unpaid.
  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword('13900000003', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/pay\/apply/);
  await expect(page.getByRole('button', { name: '微信支付' })).toBeVisible();
  await expectPhoneFriendly(page, '/pay/apply');
});

test('the offer, tuition and parent pay pages fit 375 px with 44 px tap targets', async ({ page, browser }) => {
  // 13900000005: offer released, tuition unpaid.
  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword('13900000005', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/student\/admission\/pay/);
  await expect(page.getByRole('button', { name: '请家长代付' })).toBeVisible();
  await expectPhoneFriendly(page, '/student/admission/pay');
  await page.getByText('录取通知书', { exact: true }).first().click();
  await expect(page.getByRole('button', { name: '下载PDF' })).toBeVisible();
  await expectPhoneFriendly(page, '/student/admission');

  await page.goto('/student/admission/pay');
  await page.getByRole('button', { name: '请家长代付' }).click();
  const link = ((await page.getByTestId('parent-link').textContent()) ?? '').trim();
  const parent = await browser.newPage({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  await parent.goto(link);
  await expect(parent.getByRole('heading', { name: '家长代付学费' })).toBeVisible();
  await expect(parent.getByRole('button', { name: '微信支付' })).toBeVisible();
  await expectPhoneFriendly(parent, '/pay/admission-parent');
  await parent.close();
});
