import { test, expect, PHONE } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { button, LoginScreen } from '../support/login-screen.ts';

test('a student page without a login sends to /register?r=<path>', async ({ page }) => {
  await page.goto('/student/apply');
  await expect(page).toHaveURL(/\/register\?r=%2Fstudent%2Fapply|\/register\?r=\/student\/apply/);
  await expect(page.getByText('请重新登录！')).toBeVisible();
});

test('a 401 (stale token) sends to /register?r=..., and logging in returns to that page', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-stale-token-set')) {
      sessionStorage.setItem('e2e-stale-token-set', '1');
      localStorage.setItem('student_token', 'stale-token-that-the-server-does-not-know');
      localStorage.setItem('last_login_role', 'student');
    }
  });
  await page.goto('/account');
  await expect(page).toHaveURL(/\/register\?r=(%2F|\/)account/);
  await expect(page.getByText('请重新登录！')).toBeVisible();

  const screen = new LoginScreen(page);
  await screen.link('已有账号？去登录').click();
  // The login form replaces the register form in place: fill it only once it is there (filling at once can
  // land the phone number in the register form that is going away).
  await expect(page).toHaveURL(/\/login\?r=(%2F|\/)account/);
  await expect(screen.submit('登录')).toBeVisible();
  await screen.loginWithPassword(DEMO.student, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await expect(button(page, '退出登录')).toBeVisible();
});

test('the demo teacher lands on /teacher', async ({ page }) => {
  const screen = new LoginScreen(page);
  await page.goto('/login');
  await screen.loginWithPassword(DEMO.teacher, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/teacher$/);
  await expect(button(page, '退出登录')).toBeVisible();
});

test('the demo admin lands on /admin', PHONE, async ({ page }, testInfo) => {
  const screen = new LoginScreen(page);
  await page.goto('/login');
  await screen.loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: '管理后台' })).toBeVisible();
  // On a desktop the sections are tabs; on a phone one select names the section shown (decision 031).
  if (testInfo.project.name === 'phone') await expect(page.getByRole('combobox', { name: '管理模块' })).toBeVisible();
  else await expect(page.getByRole('tab', { name: '申请管理' })).toBeVisible();
  // The staff top bar's 退出 logs out.
  await button(page.getByRole('banner'), '退出').click();
  await expect(page).toHaveURL(/\/login/);
});

test('a student with incomplete info logs in to /info', async ({ page }) => {
  const screen = new LoginScreen(page);
  await page.goto('/login');
  await screen.loginWithPassword(DEMO.newStudent, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/info$/);
  await expect(page.getByPlaceholder('请输入真实姓名')).toBeVisible();
});
