// 学生管理 (decisions 059–067): the admin searches a student by name, opens the student page, corrects a field,
// and finds the edit in 操作日志 with its before and after; then ticks the student and 发消息 opens the messages
// compose with that one student as the segment. Desktop, and at 375 px the list and the page are usable.
import { test, expect } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { LoginScreen } from '../support/login-screen.ts';
import { registerStudentViaApi, saveStudentInfoViaApi } from '../support/api.ts';
import { JOURNEY_PASSWORD } from '../support/journey.ts';
import { uniquePhone } from '../support/phone-numbers.ts';

test('search → student page → edit a field → 操作日志 shows the entry', async ({ page, baseURL }, testInfo) => {
  const isPhone = testInfo.project.name === 'phone';
  const suffix = Date.now().toString().slice(-6);
  const name = `检索${isPhone ? '手机' : '电脑'}${suffix}`;
  const note = `家长来电确认${suffix}`;

  const phone = uniquePhone();
  const { token } = await registerStudentViaApi(baseURL!, phone, JOURNEY_PASSWORD);
  await saveStudentInfoViaApi(baseURL!, token, { name, email: `${phone}@example.com`, school_country_id: 1, area_id: [110000, 110100, 110101], school_name: '检索测试中学' });

  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await page.waitForURL(/\/admin/);
  await page.goto('/admin/students');
  const console_ = page.getByRole('region', { name: '学生管理' });
  await console_.getByLabel('搜索学生').fill(name);
  await console_.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(console_.getByTestId('students-target')).toContainText('共 1 名学生');
  const link = console_.getByRole('link', { name });
  await expect(link).toBeVisible();
  // The phone is masked in the list.
  await expect(console_.getByText(`${phone.slice(0, 3)}****${phone.slice(7)}`)).toBeVisible();
  if (isPhone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await link.click();
  await expect(page).toHaveURL(/\/admin\/student\/\d+$/);
  const userId = /\/admin\/student\/(\d+)$/.exec(page.url())![1]!;
  await expect(page.getByTestId('student-name')).toHaveText(name);
  await expect(page.getByText('注册账号', { exact: true })).toBeVisible();

  const form = page.locator('form#student-edit');
  await form.getByLabel('备注（仅工作人员可见）').fill(note);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已保存', { exact: true })).toBeVisible();
  await expect(page.getByText(/资料修改：.*修改 备注/)).toBeVisible();
  if (isPhone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.goto('/admin/audit');
  const audit = page.getByRole('region', { name: '操作日志' });
  await audit.getByLabel('对象编号').fill(userId);
  await audit.getByLabel('操作', { exact: true }).fill('student.update');
  await audit.getByRole('button', { name: '查询' }).click();
  await expect(audit.getByText('student.update').first()).toBeVisible({ timeout: 30_000 });
  await expect(audit.getByText(`学生 #${userId}`).first()).toBeVisible();
  await audit.getByRole('button', { name: '查看变更' }).first().click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'student.update' });
  await expect(drawer.getByRole('table', { name: '变更内容' })).toContainText(note);
  await expect(drawer.getByRole('table', { name: '变更内容' })).toContainText('admin_note');

  // Bulk message: tick the student, 发消息 opens the compose with exactly that selection as its segment.
  await page.goto('/admin/students');
  await console_.getByLabel('搜索学生').fill(name);
  await console_.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(console_.getByTestId('students-target')).toContainText('共 1 名学生');
  await console_.getByRole('checkbox', { name: `选择 ${name}` }).check();
  await expect(console_.getByTestId('students-target')).toContainText('已选 1 名学生');
  await console_.getByRole('button', { name: '发消息' }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(page.getByTestId('message-students-filter')).toContainText('已选 1 名学生');
  await expect(page.getByTestId('message-recipient-count')).toHaveText('收件人：1 名学生');
});
