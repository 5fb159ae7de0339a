import { test, expect } from '../support/fixtures.ts';
import { button, LoginScreen } from '../support/login-screen.ts';
import { maskPhone, uniquePhone } from '../support/phone-numbers.ts';
import { ProfileForm, schoolName } from '../support/profile-form.ts';

test('a new student registers, completes /info, reaches /student/apply, logs out and logs back in', async ({ page, readSmsCode }) => {
  const phone = uniquePhone();
  const password = 'Xuesheng2026!';
  const profile = {
    name: '李明轩',
    email: `lmx${phone.slice(-6)}@example.com`,
    area: ['广东省', '广州市', '天河区'] as [string, string, string],
    // A school of the chosen district from the region data, found by part of its name.
    school: { search: '华南师范', pick: '华南师范大学附属中学' },
  };
  const screen = new LoginScreen(page);

  await page.goto('/register');
  await expect(screen.submit('注册')).toBeVisible();
  await screen.phone.fill(phone);
  await screen.requestCode();
  await screen.code.fill(await readSmsCode(phone));
  await screen.newPassword.fill(password);

  // The agreement is required before anything is sent.
  await screen.submit('注册').click();
  await expect(page.getByText('请先阅读并同意用户协议和隐私政策')).toBeVisible();
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await screen.submit('注册').click();

  // A new student has no info yet: COMPLETE_INFO at /info, with no way to close it.
  await expect(page).toHaveURL(/\/info$/);
  const form = new ProfileForm(page);
  await form.fill(profile);
  await form.submit('保存并继续');

  await expect(page).toHaveURL(/\/student\/apply/);
  await expect(page.getByRole('heading', { name: '我的申请' })).toBeVisible();

  await page.goto('/account');
  const account = page.getByRole('main');
  await expect(account.getByText(maskPhone(phone))).toBeVisible();
  await expect(account.getByText(profile.name, { exact: true })).toBeVisible();
  await expect(account.getByText(profile.email)).toBeVisible();
  await expect(account.getByText(schoolName(profile.school))).toBeVisible();
  await expect(page.getByText(phone)).toHaveCount(0);

  await button(page, '退出登录').click();
  await expect(page).toHaveURL(/\/login/);

  // Logged out for real: the token is gone, so a student page asks to log in again.
  await page.goto('/student/apply');
  await expect(page).toHaveURL(/\/register\?r=/);

  await page.goto('/login');
  await screen.loginWithPassword(phone, password);
  await expect(page).toHaveURL(/\/student\/apply/);
  await expect(page.getByRole('heading', { name: '我的申请' })).toBeVisible();
});
