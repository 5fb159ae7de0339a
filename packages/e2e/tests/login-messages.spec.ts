import { test, expect } from '../support/fixtures.ts';
import { DEMO } from '../support/demo-accounts.ts';
import { LoginScreen } from '../support/login-screen.ts';

// The spec's §5 messages, shown under the field; server answers shown as a toast.

test('bad phone numbers: 手机格式错误, 请填写11位手机!, 请填写手机号', async ({ page }) => {
  const screen = new LoginScreen(page);
  await page.goto('/login');
  await screen.password.fill('GoodPass123');

  await screen.phone.fill('12345678901');
  await screen.submit('登录').click();
  await expect(page.getByText('手机格式错误')).toBeVisible();

  await screen.phone.fill('1390000');
  await screen.submit('登录').click();
  await expect(page.getByText('请填写11位手机!')).toBeVisible();
  await expect(page.getByText('手机格式错误')).toHaveCount(0);

  await screen.phone.fill('');
  await screen.submit('登录').click();
  await expect(page.getByText('请填写手机号')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a bad password format: 格式错误！密码为8-32位只能包含英文 数字 符号', async ({ page }) => {
  const screen = new LoginScreen(page);
  await page.goto('/login');
  await screen.phone.fill(DEMO.student);
  await screen.password.fill('short');
  await screen.submit('登录').click();
  await expect(page.getByText('格式错误！密码为8-32位只能包含英文 数字 符号')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a wrong password: 手机号或密码错误', async ({ page }) => {
  const screen = new LoginScreen(page);
  await page.goto('/login');
  await screen.loginWithPassword(DEMO.student, 'NotThePassword1');
  await expect(page.getByText('手机号或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('bad SMS codes: 验证码格式错误 for 12a, 验证码错误或已过期 for a wrong code', async ({ page }) => {
  const screen = new LoginScreen(page);
  await page.goto('/login');
  await screen.link('验证码登录').click();
  await screen.phone.fill(DEMO.student);

  await screen.code.fill('12a');
  await screen.submit('登录').click();
  await expect(page.getByText('验证码格式错误')).toBeVisible();

  // No code was sent to this phone in this test, so any 4 digits are wrong.
  await screen.code.fill('0000');
  await screen.submit('登录').click();
  await expect(page.getByText('验证码格式错误')).toHaveCount(0);
  await expect(page.getByText('验证码错误或已过期')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
