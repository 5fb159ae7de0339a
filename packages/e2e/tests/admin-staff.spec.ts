// Decision 063: an administrator creates a type-4 staff account in 员工账号 and reads its one-time
// password; the staff member logs in, reaches 管理后台 from the teacher area, sees only the tabs their type holds and
// uses one; an admin-only route called directly answers 无权限访问！. Desktop and phone (375 px) each create their
// own account, so the two projects and a retry never depend on each other.
import type { Page } from '@playwright/test';
import { MSG } from '@summit/domain';
import { test, expect, PHONE } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginViaApi } from '../support/journey.ts';
import { LoginScreen } from '../support/login-screen.ts';
import { uniquePhone } from '../support/phone-numbers.ts';
import { chooseOption } from '../support/admission.ts';

// In the console's group order (decision 088): 人员, 课程与教学, 运营.
const STAFF_TABS = ['学生管理', '成绩', '出勤', '签到', '入学清单', '消息', '学院杯', '工时', '活动', '徽章与荣誉', '论坛审核'];

/** The console's tab labels: a tab bar on a computer, the full-width select's options on a phone. */
async function tabLabels(page: Page, phone: boolean): Promise<string[]> {
  if (!phone) return (await page.getByRole('tab').allTextContents()).map((s) => s.trim());
  await page.getByLabel('管理模块').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  const labels = (await options.allTextContents()).map((s) => s.trim());
  await page.keyboard.press('Escape');
  return labels;
}

test('an admin creates a type-4 staff account; the staff member sees only their tabs and is refused admin-only routes', PHONE, async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const phone = testInfo.project.name === 'phone';
  const staffPhone = uniquePhone();
  const staffName = `运营${phone ? '手机' : '电脑'}${Date.now().toString(36).slice(-4)}`;

  // The administrator creates the account and reads the password shown once.
  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin/, { timeout: 60_000 });
  await page.goto('/admin/staff');
  const card = page.getByRole('region', { name: '员工账号' });
  await expect(card.getByRole('button', { name: '新建账号' })).toBeVisible({ timeout: 60_000 });
  await card.getByRole('button', { name: '新建账号' }).click();
  const dialog = page.getByRole('dialog', { name: '新建账号' });
  await dialog.getByLabel('手机号').fill(staffPhone);
  await dialog.getByLabel('姓名').fill(staffName);
  // The choice shows in the field before the account is created (a tap during the dropdown's animation can miss).
  await chooseOption(page, '类型', '工作人员');
  await dialog.getByRole('button', { name: '创建' }).click();
  const shown = page.getByRole('dialog', { name: '初始密码（只显示这一次）' });
  await expect(shown).toContainText(staffPhone);
  const password = ((await shown.getByTestId('staff-password').locator('code').textContent()) ?? '').trim();
  expect(password).toHaveLength(16);
  await shown.getByRole('button', { name: '我已记下' }).click();
  await expect(card.getByTestId(`staff-${staffPhone}`)).toHaveText(staffName);
  // The new account's own row (a table row on a computer, a card on a phone) says 工作人员.
  await expect(card.locator('tr, li').filter({ hasText: staffPhone }).first()).toContainText('工作人员');
  if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The staff member logs in with that password, in their own browser.
  const staffContext = await browser.newContext(phone ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } });
  const staffPage = await staffContext.newPage();
  await staffPage.goto('/login');
  await new LoginScreen(staffPage).loginWithPassword(staffPhone, password);
  await expect(staffPage).toHaveURL(/\/teacher/, { timeout: 60_000 });
  await staffPage.getByRole('navigation', { name: '教师中心导航' }).getByRole('link', { name: '管理后台' }).click();
  await expect(staffPage).toHaveURL(/\/admin/);
  await expect(staffPage.getByRole('heading', { name: '管理后台' })).toBeVisible();
  await expect.poll(() => tabLabels(staffPage, phone), { timeout: 30_000 }).toEqual(STAFF_TABS);

  // A tab they hold works: 学院杯 shows the board.
  await staffPage.goto('/admin/house-cup');
  await expect(staffPage.getByRole('region', { name: '积分榜' }).getByRole('list', { name: '学院杯积分榜' })).toBeVisible({ timeout: 60_000 });
  // A tab they do not hold, typed into the address bar, shows their first tab instead, never the accounts.
  await staffPage.goto('/admin/staff');
  await expect(staffPage.getByRole('heading', { name: '管理后台' })).toBeVisible({ timeout: 60_000 });
  await expect(staffPage.getByRole('region', { name: '员工账号' })).toHaveCount(0);
  if (phone) expect(await staffPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // A direct call to an admin-only route: 403 with the spec's 无权限访问！; a route they hold answers.
  const token = await loginViaApi(baseURL!, staffPhone, password);
  const refused = await staffPage.request.get(`${baseURL}/api/admin/staff`, { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ status: 4001, msg: MSG.NO_PERMISSION });
  const applications = await staffPage.request.get(`${baseURL}/api/admin/applications`, { headers: { authorization: `Bearer ${token}` } });
  expect(await applications.json()).toMatchObject({ status: 4001, msg: MSG.NO_PERMISSION });
  const allowed = await staffPage.request.get(`${baseURL}/api/admin/house-cup/leaderboard`, { headers: { authorization: `Bearer ${token}` } });
  expect((await allowed.json()).status).toBe(200);
  await staffContext.close();
});
