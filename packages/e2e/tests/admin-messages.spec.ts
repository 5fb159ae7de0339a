// Admin messages (decisions 059–067): the admin sends a message to a segment (one province, which only this
// test's student lives in), the student sees the unread badge in the top bar, opens 消息 and reads it, and the
// admin's table shows the read count go up.
import { test, expect } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { LoginScreen } from '../support/login-screen.ts';
import { registerStudentViaApi, saveStudentInfoViaApi } from '../support/api.ts';
import { JOURNEY_PASSWORD, loginInBrowser } from '../support/journey.ts';
import { uniquePhone } from '../support/phone-numbers.ts';

// Each project its own province, so the desktop and phone runs never message each other's student.
const PROVINCES = {
  desktop: { area: [540000, 540100, 540102], name: '西藏自治区' },
  phone: { area: [650000, 650100, 650102], name: '新疆维吾尔自治区' },
} as const;

test('an admin messages a segment; the student sees the badge, reads it; the read count goes up', async ({ page, browser, baseURL }, testInfo) => {
  const isPhone = testInfo.project.name === 'phone';
  const province = PROVINCES[isPhone ? 'phone' : 'desktop'];
  const title = `开营须知${isPhone ? '手机' : '电脑'}${Date.now().toString().slice(-6)}`;

  const phone = uniquePhone();
  const { token } = await registerStudentViaApi(baseURL!, phone, JOURNEY_PASSWORD);
  await saveStudentInfoViaApi(baseURL!, token, { name: '边疆同学', email: `${phone}@example.com`, school_country_id: 1, area_id: [...province.area], school_name: '测试中学' });

  // The admin composes to the province's students and sees how many will get it before sending.
  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await page.waitForURL(/\/admin/);
  await page.goto('/admin/messages');
  const provinceSelect = page.getByRole('combobox', { name: '省份' });
  await provinceSelect.click();
  await provinceSelect.fill(province.name.slice(0, 2));
  await page.getByTitle(province.name).click();
  await expect(page.getByTestId('message-recipient-count')).toHaveText(/收件人：[1-9]\d* 名学生/);
  await page.getByRole('textbox', { name: '标题' }).fill(title);
  await page.getByRole('textbox', { name: '内容' }).fill('请在 7 月 15 日前完成入学清单。\n开营式在线上举行。');
  await page.getByRole('button', { name: '发送', exact: true }).click();
  await expect(page.getByText(/已发送给 \d+ 名学生/)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('已发送');
  const readCell = row.locator('[data-testid^="message-read-"]');
  await expect(readCell).toHaveText('0');

  // The student, in a browser of their own.
  const context = await browser.newContext({ ...(isPhone ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : {}), baseURL: baseURL! });
  const student = await context.newPage();
  await loginInBrowser(student, token);
  await student.goto('/account');
  await expect(student.getByTestId('topbar-unread')).toHaveText(/^[1-9]/);
  await student.getByTestId('topbar-messages').click();
  await expect(student).toHaveURL(/\/student\/messages$/);
  await expect(student.getByRole('heading', { name: '消息' })).toBeVisible();
  const item = student.getByTestId('message-item').filter({ hasText: title });
  await expect(item).toContainText('未读');
  await item.getByRole('button').click();
  await expect(item).toContainText('请在 7 月 15 日前完成入学清单。');
  await expect(item).not.toContainText('未读');
  await expect(student.getByTestId('topbar-unread')).toHaveCount(0);
  if (isPhone) expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();

  // Back on the admin's page: one read.
  await page.getByRole('button', { name: '刷新' }).click();
  await expect(readCell).toHaveText('1');
});
