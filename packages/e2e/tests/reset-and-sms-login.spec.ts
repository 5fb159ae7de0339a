import { test, expect } from '../support/fixtures.ts';
import { LoginScreen } from '../support/login-screen.ts';

test('忘记密码？ resets the password with an SMS code; the old one stops working, the new one logs in', async ({
  page,
  spareStudent,
  readSmsCode,
  waitUntilSmsAllowed,
}) => {
  const student = spareStudent('reset');
  const newPassword = `Reset#${Date.now() % 100000}x`;
  const screen = new LoginScreen(page);

  await page.goto('/login');
  await screen.link('忘记密码？').click();
  await expect(screen.submit('重置密码')).toBeVisible();
  await screen.phone.fill(student.phone);
  await waitUntilSmsAllowed(student.phone);
  await screen.requestCode();
  await screen.code.fill(await readSmsCode(student.phone));
  await screen.resetPassword.fill(newPassword);
  await screen.submit('重置密码').click();

  await expect(page.getByText('密码已重置，请使用新密码登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await screen.loginWithPassword(student.phone, student.password);
  await expect(page.getByText('手机号或密码错误')).toBeVisible();

  await screen.password.fill(newPassword);
  await screen.submit('登录').click();
  await expect(page).toHaveURL(/\/student\/apply/);
});

test('/reset opens the reset form directly', async ({ page }) => {
  const screen = new LoginScreen(page);
  await page.goto('/reset');
  await expect(screen.phone).toBeVisible();
  await expect(screen.code).toBeVisible();
  await expect(screen.resetPassword).toBeVisible();
  await expect(screen.submit('重置密码')).toBeVisible();
});

test('验证码登录 logs a student in with an SMS code', async ({ page, spareStudent, readSmsCode, waitUntilSmsAllowed }) => {
  const student = spareStudent('sms');
  const screen = new LoginScreen(page);

  await page.goto('/login');
  await screen.link('验证码登录').click();
  await expect(screen.password).toHaveCount(0);
  await screen.phone.fill(student.phone);
  await waitUntilSmsAllowed(student.phone);
  await screen.requestCode();
  await screen.code.fill(await readSmsCode(student.phone));
  await screen.submit('登录').click();

  // Info is complete and nothing is applied yet: the status redirect is the application page.
  await expect(page).toHaveURL(/\/student\/apply/);
});
