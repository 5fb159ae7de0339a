// Decision 046: an admitted student who paid tuition opens 入学清单 from 我的账户,
// saves a draft of the basic information, submits it and the health form (with the guardian's confirmation) in
// the browser, has the address and schooling forms submitted, ticks the readings, hands in a file, signs up on each sign-up page
// the checklist links to, and sees every item done; an admin sees the completion in 入学清单, messages the
// student, and the student reads the message on the checklist. Each project makes its own student and its own
// offerings (unique titles); the items are shared and created idempotently (a duplicate key is refused, which
// leaves the existing item).
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { callApi } from '../support/api.ts';
import { chooseOption, formItem } from '../support/admission.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginViaApi, studentAt } from '../support/journey.ts';
import { LoginScreen } from '../support/login-screen.ts';

const ITEMS = [
  { key: 'form:basic', title: '填写基本信息', kind: 'form', target_path: '/scene-form/basic', sort: 1 },
  { key: 'form:health', title: '填写健康信息', kind: 'form', target_path: '/scene-form/health', sort: 2 },
  { key: 'form:address', title: '填写邮寄地址', kind: 'form', target_path: '/scene-form/address', sort: 3 },
  { key: 'form:previous', title: '填写教育背景', kind: 'form', target_path: '/student/previous/info', sort: 4 },
  { key: 'confirm:e2e-handbook', title: '阅读学生手册', kind: 'reading', target_path: '', sort: 5 },
  { key: 'upload:e2e-photo', title: '上传证件照', kind: 'upload', target_path: '', sort: 6 },
];
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function ensureItems(baseURL: string, admin: string) {
  const due = new Date(Date.now() + 30 * 86_400_000).toISOString();
  for (const item of ITEMS) {
    const res = await callApi(baseURL, 'POST', '/api/admin/checklist/items', { token: admin, body: { ...item, description: '', required: true, due_at: due } });
    if (res.status !== 200 && res.status !== 4003) throw new Error(`item ${item.key}: ${String(res.status)} ${res.msg}`);
  }
}

const row = (page: Page, key: string) => page.getByTestId(`checklist-item-${key}`);

/** The checklist's sign-up keys and the offering kind each is done by. */
const SIGNUP_KINDS: Record<string, string> = {
  'signup:major_confirmed': 'major',
  'signup:csi': 'csi',
  'signup:podcast': 'podcast',
  'signup:master_class': 'master_class',
  'signup:pilot_study': 'pilot_study',
  'signup:info_session': 'info_session',
};

/** One open offering of every kind for this run, so each sign-up item can be done on its page. */
async function createOfferings(baseURL: string, admin: string, tag: string) {
  const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  for (const kind of Object.values(SIGNUP_KINDS)) {
    const body = { kind, title: `${tag} ${kind}`, capacity: 5, closes_at: at(7), ...(kind === 'info_session' ? { starts_at: at(8), duration_minutes: 60, join_url: 'https://meet.example.com/e2e' } : {}) };
    const res = await callApi(baseURL, 'POST', '/api/admin/onboarding/offerings', { token: admin, body });
    if (res.status !== 200) throw new Error(`offering ${kind}: ${String(res.status)} ${res.msg}`);
  }
}

/** 今天 in the field's date picker; once more if a click during the dropdown's opening animation was lost. */
async function pickToday(page: Page, label: string) {
  const input = formItem(page, label).locator('input');
  await expect(async () => {
    await formItem(page, label).locator('.ant-picker').click();
    await page.locator('.ant-picker-dropdown:visible').getByText('今天').click();
    await expect(input).not.toHaveValue('', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test('an admitted, paid student works through the forms of the checklist; the admin sees it done', async ({ page, baseURL, browser }, testInfo) => {
  test.setTimeout(240_000);
  const base = baseURL as string;
  const admin = await loginViaApi(base, DEMO.admin, DEMO_PASSWORD);
  await ensureItems(base, admin);
  const tag = `清单${testInfo.project.name}${Date.now().toString(36)}`;
  await createOfferings(base, admin, tag);
  const student = await studentAt(base, 'paid', testInfo.project.name === 'phone' ? '清单手机' : '清单桌面');

  await loginInBrowser(page, student.token);
  // The student's own page leads to the checklist: 我的账户's card, and the paid success page.
  await page.goto('/account');
  await page.locator('#my-application').getByRole('link', { name: '入学清单' }).click();
  await expect(page).toHaveURL(/\/checklist$/);
  await page.goto('/student/admission/success');
  await page.getByTestId('checklist-link').click();
  await expect(page).toHaveURL(/\/checklist$/);
  await expect(page.getByRole('heading', { name: '入学清单' })).toBeVisible();
  for (const item of ITEMS) await expect(row(page, item.key).getByTestId('checklist-state')).toHaveText('待完成');
  // The progress ring has a name for screen readers, not only a number drawn inside it.
  await expect(page.getByRole('progressbar', { name: '入学清单完成进度' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('checklist-todo.png'), fullPage: true });

  // Basic information: a draft first (kept on reload), then the full form.
  await row(page, 'form:basic').getByRole('link', { name: '去完成' }).click();
  await expect(page).toHaveURL(/\/scene-form\/basic$/);
  await formItem(page, '中文姓名').getByRole('textbox').fill(student.name);
  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(page.getByTestId('form-state')).toHaveText('草稿');
  await page.reload();
  await expect(formItem(page, '中文姓名').getByRole('textbox')).toHaveValue(student.name);
  await page.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(formItem(page, '英文名（拼音）')).toContainText('输入框不能为空');
  await formItem(page, '英文名（拼音）').getByRole('textbox').fill('Qingdan Test');
  await page.getByLabel('女').check();
  await pickToday(page, '出生日期');
  await chooseOption(page, 'T恤尺码', 'M');
  await page.getByLabel('无特殊要求').check();
  await page.screenshot({ path: testInfo.outputPath('basic-form.png'), fullPage: true });
  await page.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(page.getByTestId('form-state')).toContainText('已提交');

  // Health, signed by the guardian.
  await page.goto('/student/base-health-info');
  await formItem(page, '既往病史与慢性疾病').locator('textarea').fill('无');
  await formItem(page, '过敏情况').locator('textarea').fill('青霉素过敏');
  await formItem(page, '正在使用的药物').locator('textarea').fill('无');
  await formItem(page, '姓名').getByRole('textbox').fill('周丽华');
  await chooseOption(page, '与学生关系', '母亲');
  await formItem(page, '手机').getByRole('textbox').fill('13700001234');
  await formItem(page, '监护人姓名').getByRole('textbox').fill('周丽华');
  await pickToday(page, '签字日期');
  await page.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(page.getByText('请监护人勾选确认')).toBeVisible();
  await page.getByRole('checkbox', { name: /本人为该学生的监护人/ }).check();
  await page.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(page.getByTestId('form-state')).toContainText('已提交');
  await page.screenshot({ path: testInfo.outputPath('health-form.png'), fullPage: true });

  // Address and schooling through the same API the pages use (the area picker is covered by the profile tests).
  for (const [form_name, value] of [
    ['address', { recipient: '周丽华', phone: '13700001234', area: [440000, 440100, 440106], area_str: '广东省 / 广州市 / 天河区', detail: '天河路1号', postcode: '' }],
    ['previous', { curriculum: 'gaokao', schools: [{ school_name: '广州市天河区测试中学', start_year: '2023', end_year: '2026' }], awards: '' }],
  ] as const) {
    const res = await callApi(base, 'POST', '/api/student/form', { token: student.token, body: { form_name, value } });
    expect(res.status, form_name).toBe(200);
  }

  await page.goto('/checklist');
  await row(page, 'confirm:e2e-handbook').getByRole('button', { name: '我已阅读' }).click();
  await expect(row(page, 'confirm:e2e-handbook').getByTestId('checklist-state')).toHaveText('已完成');
  // Other readings (the demo programme's own) are ticked the same way.
  const more = page.getByRole('button', { name: '我已阅读' });
  while ((await more.count()) > 0) {
    const before = await more.count();
    await more.first().click();
    await expect(more).toHaveCount(before - 1);
  }
  // An upload item: the file is handed in on the checklist itself.
  await row(page, 'upload:e2e-photo').getByTestId('file-input').setInputFiles({ name: '证件照.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(row(page, 'upload:e2e-photo').getByTestId('checklist-state')).toHaveText('已完成', { timeout: 30_000 });
  await expect(row(page, 'upload:e2e-photo')).toContainText('证件照.pdf');
  for (const item of ITEMS) await expect(row(page, item.key).getByTestId('checklist-state')).toHaveText('已完成');
  // What is left are the demo programme's sign-ups (major, SSI, …): done only by signing up on their pages.
  const left = await page.locator('[data-testid^="checklist-item-"]').filter({ has: page.getByTestId('checklist-state').filter({ hasNotText: '已完成' }) }).evaluateAll((rows) => rows.map((r) => (r.getAttribute('data-testid') ?? '').replace('checklist-item-', '')));
  expect(left.length).toBeGreaterThan(0);
  for (const key of left) {
    const kind = SIGNUP_KINDS[key];
    expect(kind, key).toBeDefined();
    await row(page, key).getByRole('link', { name: '去完成' }).click();
    const card = page.getByRole('article', { name: `${tag} ${kind}` });
    await card.getByRole('button', { name: kind === 'major' ? /确认此专业|更换为此专业/ : '报名' }).click();
    await expect(card.getByText(kind === 'major' ? '已确认' : '已报名', { exact: true })).toBeVisible();
    await page.goto('/checklist');
    await expect(row(page, key).getByTestId('checklist-state')).toHaveText('已完成');
  }
  await expect(page.locator('[data-testid^="checklist-item-"]').filter({ has: page.getByTestId('checklist-state').filter({ hasNotText: '已完成' }) })).toHaveCount(0);
  const [, doneCount, totalCount] = /已完成 (\d+) \/ (\d+) 项/.exec((await page.getByTestId('checklist-progress').textContent()) ?? '') ?? [];
  expect(Number(doneCount)).toBeGreaterThan(0);
  expect(doneCount).toBe(totalCount);
  await page.screenshot({ path: testInfo.outputPath('checklist-done.png'), fullPage: true });

  // The admin's 入学清单 (a desktop console; the phone project checks it at the phone's width as well).
  const context = await browser.newContext({ viewport: page.viewportSize() ?? { width: 1280, height: 800 } });
  const adminPage = await context.newPage();
  await adminPage.goto('/login');
  await new LoginScreen(adminPage).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await expect(adminPage).toHaveURL(/\/admin/, { timeout: 30_000 });
  await adminPage.goto('/admin/checklist');
  const search = adminPage.getByPlaceholder('姓名或手机');
  await expect(search).toBeEditable({ timeout: 60_000 });
  await search.fill(student.phone);
  await search.press('Enter');
  const studentRow = adminPage.getByRole('row').filter({ hasText: student.phone });
  // Every item done: the progress reads n/n.
  await expect(adminPage.getByTestId(`progress-${student.userId}`)).toHaveText(/^(\d+)\/\1$/, { timeout: 30_000 });
  const [, total] = ((await adminPage.getByTestId(`progress-${student.userId}`).textContent()) ?? '').split('/');
  expect(Number(total)).toBeGreaterThanOrEqual(ITEMS.length + left.length);
  await expect(studentRow).toBeVisible();
  await adminPage.screenshot({ path: testInfo.outputPath('admin-checklist.png'), fullPage: true });
  // The forms and the handed-in file.
  await studentRow.getByRole('button', { name: '查看' }).first().click();
  const formsDialog = adminPage.getByRole('dialog', { name: '入学表单' });
  await expect(formsDialog).toContainText('已提交');
  await expect(formsDialog.getByRole('button', { name: /证件照\.pdf/ })).toBeVisible();
  await adminPage.keyboard.press('Escape');
  await context.close();

  // The office's message reaches the student's checklist.
  const sent = await callApi(base, 'POST', '/api/admin/checklist/message', { token: admin, body: { student_ids: [student.userId], title: '欢迎入营', body: `${tag} 请留意开营通知` } });
  expect(sent.status).toBe(200);
  await page.reload();
  await expect(page.getByTestId('checklist-notice').filter({ hasText: `${tag} 请留意开营通知` })).toContainText('欢迎入营');
});
