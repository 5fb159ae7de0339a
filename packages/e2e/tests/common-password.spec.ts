// Decision 035: a common password is refused by the server, and the register and reset
// forms show the refusal under the password field, where the person is typing (desktop and phone).
import type { Locator } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { LoginScreen } from '../support/login-screen.ts';
import { uniquePhone } from '../support/phone-numbers.ts';

const TOO_COMMON = '该密码过于常见，容易被猜中，请换一个更安全的密码';
/** The account forms are a lazily loaded chunk: on a loaded machine the first paint can take a while. */
const SLOW = { timeout: 30_000 };

/** The antd form item around an input: where its field error is shown. */
const itemOf = (input: Locator) => input.locator(`xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' ant-form-item ')][1]`);

test('register and reset refuse a common password under the password field; a stronger one goes through', async ({ page, readSmsCode, waitUntilSmsAllowed, spareStudent }) => {
  const phone = uniquePhone();
  const screen = new LoginScreen(page);

  await page.goto('/register');
  await expect(screen.submit('注册')).toBeVisible(SLOW);
  await screen.phone.fill(phone);
  await screen.requestCode();
  await screen.code.fill(await readSmsCode(phone));
  await screen.newPassword.fill('Password123');
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await screen.submit('注册').click();

  await expect(itemOf(screen.newPassword).getByText(TOO_COMMON)).toBeVisible(SLOW);
  await expect(page).toHaveURL(/\/register/);

  // The code was not used up by the refusal: a better password with the same code registers.
  await screen.newPassword.fill('Qiuzhi-Lantern-2026');
  await screen.submit('注册').click();
  await expect(page).toHaveURL(/\/info$/, SLOW);

  // 忘记密码: the same answer on the reset form, for an account registered by global setup (its first code was
  // sent long enough ago that the 60 s resend interval is over; the one just registered would wait it out).
  const spare = spareStudent('common-password');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/reset');
  await expect(screen.submit('重置密码')).toBeVisible(SLOW);
  await screen.phone.fill(spare.phone);
  await waitUntilSmsAllowed(spare.phone);
  await screen.requestCode();
  await screen.code.fill(await readSmsCode(spare.phone));
  await screen.resetPassword.fill('qwerty123');
  await screen.submit('重置密码').click();
  await expect(itemOf(screen.resetPassword).getByText(TOO_COMMON)).toBeVisible(SLOW);

  await screen.resetPassword.fill('Qiuzhi-Lantern-2027');
  await screen.submit('重置密码').click();
  await expect(page.getByText('密码已重置，请使用新密码登录')).toBeVisible();
});
