// Minors' data (decision 064): in the application drawer an administrator sees the ID number
// masked, reveals it (after a confirmation that says it is logged), finds the reveal in 操作日志 with the
// student but not the number, and downloads the student's data as Excel and JSON. Desktop and 375 px.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from '../support/fixtures.ts';
import { residentIdFor } from '../support/admission.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { studentAt } from '../support/journey.ts';
import { button, LoginScreen } from '../support/login-screen.ts';

test('an admin reveals a student ID (audited, shown in 操作日志) and exports the student data', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const tag = `${testInfo.project.name === 'phone' ? '手机' : '电脑'}${Date.now().toString().slice(-5)}`;
  const name = `隐私生${tag}`;
  const student = await studentAt(baseURL!, 'step1', name);
  // studentAt's step 1 uses this number (Beijing Dongcheng, born 2009-05-01, sequence 456).
  const id = residentIdFor('2009-05-01', '456');
  const masked = `${id.slice(0, 4)}**********${id.slice(-4)}`;

  await page.goto('/login');
  await expect(new LoginScreen(page).phone).toBeEditable({ timeout: 60_000 });
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin/, { timeout: 30_000 });
  await page.goto('/admin/applications');
  await page.getByLabel('关键词').fill(name);
  await page.getByLabel('关键词').press('Enter');
  // A table row on a desktop, a card at 375 px: either opens the drawer when its name is clicked.
  await page.locator('.ant-table-row, .admin-card-row').filter({ hasText: name }).getByText(name, { exact: true }).first().click();

  const panel = page.getByRole('region', { name: '个人数据' });
  await expect(panel.getByTestId('privacy-id-number')).toHaveText(masked, { timeout: 30_000 });
  await expect(panel).toContainText('周丽华（母亲） 于');
  await expect(page.locator('.ant-drawer')).not.toContainText(id);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await panel.getByRole('button', { name: '查看完整证件号' }).click();
  await expect(page.getByText('查看完整证件号将记入操作日志')).toBeVisible();
  await button(page, '确认查看').click();
  await expect(panel.getByTestId('privacy-id-number')).toHaveText(id);

  // Excel: the file opens and holds the full number (the export is for the student's own request).
  const [xlsx] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: '导出个人数据（Excel）' }).click()]);
  expect(xlsx.suggestedFilename()).toBe(`学生个人数据-${student.userId}.xlsx`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await xlsx.path());
  const lines: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => lines.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
  expect(lines[0]).toEqual(['类别', '项目', '内容']);
  expect(lines).toContainEqual(['证件', 'id_number', id]);
  expect(lines).toContainEqual(['账户', 'name', name]);
  const [json] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: '导出个人数据（JSON）' }).click()]);
  const exported = JSON.parse(await readFile(await json.path(), 'utf8')) as { data: { identity: { id_number: string }; account: { id: number } } };
  expect(exported.data.identity.id_number).toBe(id);
  expect(exported.data.account.id).toBe(student.userId);

  // 操作日志: the reveal and the exports, by this admin, about this student; never the number.
  await page.goto('/admin/audit');
  const audit = page.getByRole('region', { name: '操作日志' });
  await audit.getByLabel('操作', { exact: true }).fill('student.id_number.reveal');
  await audit.getByLabel('对象编号').fill(String(student.userId));
  await audit.getByRole('button', { name: '查询' }).click();
  await expect(audit.getByText('student.id_number.reveal').first()).toBeVisible({ timeout: 30_000 });
  await expect(audit.getByText('查看完整证件号').first()).toBeVisible();
  await expect(audit).not.toContainText(id);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
