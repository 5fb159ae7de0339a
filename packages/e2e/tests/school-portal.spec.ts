// The school portal (decision 059): the demo school logs in, finds one of its applicants by name, opens
// the student, recommends them, and exports the list as an .xlsx that opens with exceljs.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { test, expect, PHONE } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { button, LoginScreen } from '../support/login-screen.ts';
import { callApi, registerStudentViaApi, saveStudentInfoViaApi, ok } from '../support/api.ts';
import { residentIdFor } from '../support/admission.ts';
import { loginViaApi } from '../support/journey.ts';
import { uniquePhone } from '../support/phone-numbers.ts';


/** A student of the demo school (北京市第四中学) who has submitted step 1. */
async function applicantOfDemoSchool(baseURL: string, name: string): Promise<{ userId: number }> {
  const school = await loginViaApi(baseURL, DEMO.school, DEMO_PASSWORD);
  const info = await ok('school info', callApi<{ school_id: number; school_name: string }>(baseURL, 'GET', '/api/school/info', { token: school }));
  const phone = uniquePhone();
  const { token } = await registerStudentViaApi(baseURL, phone, 'Xuesheng2026!');
  await saveStudentInfoViaApi(baseURL, token, { name, email: `${phone}@example.com`, school_country_id: 1, area_id: [110000, 110100, 110102], school_id: info.school_id });
  const step1 = {
    legal_name: name,
    gender: 1,
    birth_date: '2009-04-01',
    card_type: 'id_card',
    card_number: residentIdFor('2009-04-01', '357'),
    school_id: info.school_id,
    school_name: info.school_name,
    grade: 'G11',
    guardian_name: '王建国',
    guardian_relation: 'father',
    guardian_phone: '13700004321',
    guardian_consent: true,
    session_preference: '第一期',
    track_preference: '人文社科',
  };
  await ok('step 1', callApi(baseURL, 'POST', '/api/student/v5/apply/step1', { token, body: { submit: true, data: step1 } }));
  const userId = (await ok('status', callApi<{ user_id: number }>(baseURL, 'GET', '/api/student/status', { token }))).user_id;
  return { userId };
}

test('a school finds its applicant, recommends them and exports the list', PHONE, async ({ page, baseURL }, testInfo) => {
  const isPhone = testInfo.project.name === 'phone';
  const name = `四中${isPhone ? '手机' : '电脑'}${Date.now().toString().slice(-5)}`;
  await applicantOfDemoSchool(baseURL!, name);

  const screen = new LoginScreen(page);
  await page.goto('/login');
  await screen.loginWithPassword(DEMO.school, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/school-student$/);
  await expect(page.getByRole('heading', { name: '学校中心' })).toBeVisible();
  await expect(page.getByText('北京市第四中学 ·')).toBeVisible();

  // The applications tab is its own address; search runs on the server.
  await page.getByRole('tab', { name: '申请情况' }).click();
  await expect(page).toHaveURL(/\/school-studentApply$/);
  await page.getByPlaceholder('姓名或手机号').fill(name);
  await button(page, '搜索').click();
  const row = isPhone ? page.locator('.school-card', { hasText: name }) : page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('第一步');
  await expect(row).toContainText('未公布');
  if (isPhone) {
    // Cards, not a table, at 375 px; nothing scrolls sideways.
    await expect(page.locator('.school-table')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }

  // The student: detail, history, and the recommendation.
  await row.click();
  const drawer = page.getByRole('dialog', { name: '学生详情' });
  await expect(drawer.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
  await expect(drawer.getByText('历年记录')).toBeVisible();
  await expect(drawer.getByText(/提交申请第一步 · \d{4}-\d{2}-\d{2} \d{2}:\d{2}/)).toBeVisible();
  await drawer.getByRole('textbox', { name: '推荐理由' }).fill('品学兼优，担任学生会主席，推荐参加项目。');
  await button(drawer, '推荐该学生').click();
  await expect(page.getByText('推荐已提交')).toBeVisible();
  await expect(button(drawer, '更新推荐')).toBeVisible();
  await expect(drawer.getByText(/已于 .* 推荐/)).toBeVisible();
  await drawer.getByRole('button', { name: /关闭|Close/ }).click();
  // The drawer slides out before the list underneath takes clicks again.
  await expect(drawer).toBeHidden();
  await expect(row).toContainText('已推荐');

  // Export with the search applied: the download is an .xlsx with the student in it.
  const downloading = page.waitForEvent('download');
  await button(page, '导出Excel').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^北京市第四中学-学生名单-\d{8}\.xlsx$/);
  const file = await download.path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
  const sheet = wb.getWorksheet('学生名单');
  expect(sheet).toBeDefined();
  const header = (sheet!.getRow(1).values as unknown[]).slice(1);
  expect(header.slice(0, 3)).toEqual(['学生ID', '姓名', '手机号']);
  expect(sheet!.rowCount).toBe(2);
  const values = (sheet!.getRow(2).values as unknown[]).slice(1).map(String);
  expect(values[1]).toBe(name);
  expect(values).toContain('已推荐');
  expect(values.join(' ')).not.toMatch(/¥|元/);
});
