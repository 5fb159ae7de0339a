// An administrator ends another staff account's sessions (decision 037): from 员工两步验证 in the
// settings tab, 退出所有设备 on its row; its token is refused at once and the admin stays signed in. The demo
// school account is used because no other spec signs in with it, so ending its sessions disturbs none of theirs.
import { expect, test } from '../support/fixtures.ts';
import { callApi } from '../support/api.ts';
import { loginViaApi } from '../support/journey.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { button, LoginScreen } from '../support/login-screen.ts';

const SCHOOL_NAME = '北京市第四中学招生办';

test('an administrator signs a school account out of every device from 员工两步验证', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const base = baseURL as string;
  // The account is signed in somewhere (here: through the API, as another device would be).
  const otherToken = await loginViaApi(base, DEMO.school, DEMO_PASSWORD);
  expect((await callApi(base, 'GET', '/api/auth/info', { token: otherToken })).status).toBe(200);

  await page.goto('/login');
  await expect(new LoginScreen(page).phone).toBeEditable({ timeout: 60_000 });
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin/, { timeout: 30_000 });
  await page.goto('/admin/settings');
  const card = page.getByRole('region', { name: '员工两步验证' });
  const row = card.getByRole('row').filter({ hasText: SCHOOL_NAME });
  await expect(row.getByRole('button', { name: '退出所有设备' })).toBeVisible({ timeout: 30_000 });
  // Not offered on the administrator's own row (their own devices are at 登录设备).
  const ownRow = card.getByRole('row').filter({ hasText: '138****0001' });
  await expect(ownRow).toBeVisible();
  await expect(ownRow.getByRole('button', { name: '退出所有设备' })).toHaveCount(0);

  // At 375 px the table scrolls inside its card; the page itself does not get wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await row.getByRole('button', { name: '退出所有设备' }).click();
  await expect(page.getByText(`让 ${SCHOOL_NAME} 在所有设备上退出登录？`)).toBeVisible();
  await button(page, '确认退出').click();
  await expect(page.getByText(/已退出 [1-9]\d* 台设备/)).toBeVisible({ timeout: 30_000 });

  expect((await callApi(base, 'GET', '/api/auth/info', { token: otherToken })).status).toBe(401);
  // The administrator is still signed in.
  await page.reload();
  await expect(card.getByRole('row').filter({ hasText: SCHOOL_NAME })).toBeVisible({ timeout: 30_000 });
});
