// Decision 039: an admin sets up the programme structure: a venue, a course with a meeting, an
// Excel import whose bad row is reported by row and column with nothing imported, the fixed file imported, and the
// export downloaded. On a phone the courses tab stays usable at 375 px.
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { COURSE_SHEET_COLUMNS } from '@summit/domain';
import { test, expect, PHONE } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { LoginScreen } from '../support/login-screen.ts';

async function openAdminTab(page: Page, tab: string) {
  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  // Slow machines: the first admin page pulls the lazily loaded admin chunk.
  await expect(page).toHaveURL(/\/admin/, { timeout: 60_000 });
  await page.goto(`/admin/${tab}`);
  await expect(page.locator('.admin-structure').first()).toBeVisible({ timeout: 60_000 });
}

async function sheetOf(rows: Array<Record<string, string | number>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('课程');
  const headers = COURSE_SHEET_COLUMNS.map((c) => c.header);
  ws.addRow(headers);
  for (const r of rows) ws.addRow(headers.map((h) => r[h] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('an admin creates a venue and a course, imports courses from Excel (bad row reported, then fixed) and exports them', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the desktop journey; the phone check is below');
  test.setTimeout(300_000);
  const run = Date.now().toString(36);
  const place = `v${run}`;

  // 会场: a new venue through the drawer.
  await openAdminTab(page, 'venues');
  const venues = page.getByRole('region', { name: '会场' });
  await venues.getByRole('button', { name: '新建会场' }).click();
  const venueDrawer = page.locator('.ant-drawer').filter({ hasText: '新建会场' });
  await venueDrawer.getByLabel('会场名称').fill(`杭州会场${run}`);
  await venueDrawer.getByLabel('会场标识').fill(place);
  await venueDrawer.getByLabel('城市').fill('杭州');
  await venueDrawer.getByLabel('容量（人）').fill('120');
  await venueDrawer.getByRole('button', { name: '保存会场' }).click();
  await expect(venues.getByRole('row', { name: new RegExp(`杭州会场${run}`) })).toContainText(place);

  // 课程: a course with one meeting at that venue. The drawer closes first; under load a click during its close
  // animation was seen to land without switching the tab (CI, twice), so the switch is checked and retried.
  await expect(venueDrawer).toBeHidden();
  await expect(async () => {
    await page.getByRole('tab', { name: '课程' }).click();
    await expect(page).toHaveURL(/\/admin\/courses$/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const courses = page.getByRole('region', { name: '课程' });
  await expect(courses.getByRole('button', { name: '新建课程' })).toBeVisible({ timeout: 60_000 });
  await courses.getByRole('button', { name: '新建课程' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '新建课程' });
  await drawer.getByLabel('课程代码').fill(`E2E-${run}`);
  await drawer.getByLabel('课程名称').fill('端到端测试课程');
  await drawer.getByLabel('会场').click();
  await page.locator('.ant-select-item-option').filter({ hasText: `杭州会场${run}` }).click();
  await drawer.getByLabel('容量').fill('12');
  await drawer.getByLabel('上课时间').fill('2027-07-18 25:00-26:00');
  await drawer.getByRole('button', { name: '保存课程' }).click();
  await expect(drawer.getByText(/上课时间格式应为/)).toBeVisible();
  await drawer.getByLabel('上课时间').fill('2027-07-18 09:00-10:30 @教室A');
  await drawer.getByRole('button', { name: '保存课程' }).click();
  const row = courses.getByRole('row', { name: new RegExp(`E2E-${run}`) });
  await expect(row).toContainText('0/12');
  await expect(row).toContainText('2027-07-18 09:00-10:30 @教室A');

  // 导入 Excel: one bad row → 第3行 容量列 …, nothing imported.
  const good = { 课程代码: `IMP-${run}-1`, 课程名称: '导入课程一', 类别: '研讨课', 期次: '第一期', 会场: place, 容量: 20, 上课时间: '2027-07-19 14:00-15:30' };
  const bad = { ...good, 课程代码: `IMP-${run}-2`, 课程名称: '导入课程二', 容量: 0 };
  const input = courses.locator('input[type=file]');
  await input.setInputFiles({ name: 'courses.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await sheetOf([good, bad]) });
  const errors = courses.getByRole('list', { name: '导入错误' });
  await expect(errors).toContainText('第3行 容量列：容量须为正整数');
  await expect(courses.getByText('有 1 处错误，未导入任何课程')).toBeVisible();
  await courses.getByPlaceholder('代码、名称或教师').fill(`IMP-${run}`);
  await courses.getByPlaceholder('代码、名称或教师').press('Enter');
  await expect(courses.getByText('没有符合条件的课程')).toBeVisible();

  // Fixed → both imported.
  await input.setInputFiles({ name: 'courses.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await sheetOf([good, { ...bad, 容量: 15 }]) });
  await expect(page.getByText('导入成功：新增 2 门，更新 0 门')).toBeVisible();
  await expect(errors).toBeHidden();
  await expect(courses.getByRole('row', { name: /导入课程二/ })).toContainText('0/15');

  // 导出 Excel exports what the filters show: cleared, that is every course, the new ones included.
  await courses.getByPlaceholder('代码、名称或教师').fill('');
  await courses.getByPlaceholder('代码、名称或教师').press('Enter');
  await expect(courses.getByRole('row', { name: /CAP-01/ })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), courses.getByRole('button', { name: '导出 Excel' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^课程-\d{12}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const codes = wb.getWorksheet('课程')!.getColumn(1).values.map(String);
  expect(codes).toEqual(expect.arrayContaining([`E2E-${run}`, `IMP-${run}-1`, `IMP-${run}-2`, 'SEM-101']));
});

test('on a phone the courses tab is usable at 375 px: section select, full-width buttons, cards, no sideways scroll', PHONE, async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'phone layout only');
  test.setTimeout(180_000);
  await openAdminTab(page, 'courses');
  await expect(page.getByRole('combobox', { name: '管理模块' })).toBeVisible();
  const courses = page.getByRole('region', { name: '课程' });
  const create = courses.getByRole('button', { name: '新建课程' });
  await expect(create).toBeVisible();
  const box = (await create.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThan(280);
  await expect(courses.getByRole('list', { name: '列表' }).getByText('CAP-01 毕业项目：小组研究展示')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The drawer opens over the page and its form is one column.
  await create.click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '新建课程' });
  await expect(drawer.getByLabel('课程代码')).toBeVisible();
  expect((await drawer.getByLabel('课程代码').boundingBox())!.width).toBeGreaterThan(250);
});
