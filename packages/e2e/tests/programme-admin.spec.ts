// 其他项目 in the admin console (decision 075): an admin creates a new programme in the editor — no code
// change — with one step holding a text and a choice question, free; a fresh student applies to it on the generic
// /{code}/apply page; the admin finds the application, reads the answers in the drawer, saves 录取 as a draft and releases it
// from the list; the student then reads 已录取 and reaches the programme's portal at /programmes/{code}. At 375 px
// the list page fits the screen.
import { test, expect, PHONE } from '../support/fixtures.ts';
import type { Locator, Page } from '@playwright/test';
import { callApi } from '../support/api.ts';
import { confirmDialog } from '../support/admission.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, studentAt } from '../support/journey.ts';
import { applicationViaApi, fillProgrammeStep } from '../support/programme-form.ts';
import { button, LoginScreen } from '../support/login-screen.ts';

/** The antd form item labelled `label` inside `scope` (the editor repeats labels per step and question). */
function field(scope: Locator, label: string): Locator {
  return scope.locator('.ant-form-item').filter({ has: scope.page().locator('label', { hasText: new RegExp(`^\\s*${label}\\s*$`) }) }).first();
}

async function pick(page: Page, item: Locator, option: string): Promise<void> {
  // A click while the dropdown is still animating in is dropped by antd: try again until the choice shows.
  await expect(async () => {
    const dropdown = page.locator('.ant-select-dropdown:visible');
    if ((await dropdown.count()) === 0) await item.locator('.ant-select').click();
    await dropdown.getByTitle(option, { exact: true }).click({ timeout: 2_000 });
    await expect(item).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

async function loginAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await expect(new LoginScreen(page).phone).toBeEditable({ timeout: 60_000 });
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin/, { timeout: 30_000 });
}

test('an admin creates a programme, a student applies, the admin admits and releases', async ({ page, browser, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the editor journey runs on a desktop; the phone check is the next test');
  test.setTimeout(240_000);
  const base = baseURL as string;
  const code = `e2e-${Date.now().toString(36)}`;
  const name = `测试项目${code.slice(-4)}`;

  await loginAdmin(page);
  await page.goto('/admin/programmes');
  await button(page, '新建项目').click();
  await expect(page.getByRole('heading', { name: '新建项目' })).toBeVisible({ timeout: 30_000 });

  // Saving the untouched form shows what is missing under each field, and nothing typed so far is lost.
  const basics = page.getByRole('region', { name: '基本信息' });
  await field(basics, '项目名称').locator('input').fill(name);
  await button(page, '创建项目').click();
  await expect(field(basics, '项目代码')).toContainText('项目代码须为2至30位小写字母');
  await expect(field(basics, '项目名称').locator('input')).toHaveValue(name);

  await field(basics, '项目代码').locator('input').fill(code);
  await pick(page, field(basics, '状态'), '开放申请');
  await field(basics, '简介').locator('textarea').fill('端到端测试创建的项目');

  const step = page.getByRole('group', { name: '第 1 步' });
  await field(step, '步骤名称').locator('input').fill('基本信息');
  const first = step.getByRole('group', { name: '第 1 题' });
  await field(first, '题目').locator('input').fill('你的学校');
  await button(step, '添加题目').click();
  const second = step.getByRole('group', { name: '第 2 题' });
  await field(second, '题目').locator('input').fill('参加过的活动');
  await expect(field(second, '题目标识').locator('input')).toHaveValue('q2');
  await pick(page, field(second, '题型'), '单选');
  await field(second, '选项（每行一个）').locator('textarea').fill('科技营\n夏令营');

  const created = page.waitForResponse((r) => r.url().endsWith('/api/admin/programmes') && r.request().method() === 'POST');
  await button(page, '创建项目').click();
  expect(((await (await created).json()) as { status: number }).status).toBe(200);
  await expect(page.getByText(`${name}（${code}）的申请`)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`code=${code}`));

  // A fresh student applies to it in their own browser, on the generic /{code}/apply page (no code for this programme).
  const student = await studentAt(base, 'info', `项目学生${code.slice(-4)}`);
  const studentContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const studentPage = await studentContext.newPage();
  await loginInBrowser(studentPage, student.token);
  await studentPage.goto(`/${code}/apply`);
  const definition = await applicationViaApi(base, 'student', code, student.token);
  await fillProgrammeStep(studentPage, definition.programme.steps[0]!);
  await button(studentPage, '提交本步').click();
  await expect(studentPage.getByTestId('programme-state')).toContainText('审核中', { timeout: 30_000 });

  // The admin finds it (search by name), opens the drawer and reads the answers.
  await page.reload();
  await page.getByLabel('搜索申请人').fill(student.name);
  await page.getByLabel('搜索申请人').press('Enter');
  const row = page.getByRole('row').filter({ hasText: student.name });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByText(student.name).click();
  const drawer = page.getByRole('dialog', { name: '申请详情' });
  await expect(drawer.getByText('你的学校')).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByText('测试填写', { exact: true })).toBeVisible();
  await expect(drawer.getByText('科技营', { exact: true })).toBeVisible();

  // 录取 as a draft.
  await drawer.getByText('录取', { exact: true }).click();
  await button(drawer, '保存草稿').click();
  await expect(page.getByText('草稿已保存')).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByText(/当前：录取，草稿未发布/)).toBeVisible();
  await page.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  // Released from the list, behind a confirm dialog.
  await expect(row).toContainText('录取（草稿）', { timeout: 30_000 });
  await row.getByRole('checkbox', { name: `选择 ${student.name}` }).check();
  await button(page, '发布结果').click();
  await confirmDialog(page, '确认发布');
  await expect(page.getByText('已发布 1 个结果')).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('已录取');

  const mine = await callApi<{ state: string; decision: { decision: string } | null }>(base, 'GET', `/api/student/programmes/${code}/application`, { token: student.token });
  expect(mine.status).toBe(200);
  expect(mine.data?.state).toBe('admitted');
  expect(mine.data?.decision?.decision).toBe('admit');

  // The student sees 已录取 and finds the way on: the programme's own portal under /programmes/{code}.
  await studentPage.reload();
  await expect(studentPage.getByTestId('programme-state')).toContainText('已录取', { timeout: 30_000 });
  await studentPage.getByRole('link', { name: /查看录取与下一步/ }).click();
  await expect(studentPage).toHaveURL(new RegExp(`/programmes/${code}$`));
  await expect(studentPage.getByRole('heading', { name: `恭喜你被${name}录取！` })).toBeVisible({ timeout: 30_000 });
  // 我的账户 leads with it under 我的项目 (the summer programme untouched: decision 088), with the same way on.
  await studentPage.goto('/account');
  const listed = studentPage.getByRole('region', { name: '我的项目' }).getByRole('listitem').filter({ hasText: name });
  await expect(listed).toContainText('已录取', { timeout: 30_000 });
  await expect(listed.getByRole('link', { name: /查看录取与下一步/ })).toHaveAttribute('href', `/programmes/${code}`);
  await studentContext.close();

  // The release told the student under 消息 (and by SMS); 撤回结果 in the drawer takes it back and tells her again.
  const titles = async () => (await callApi<{ items: Array<{ title: string }> }>(base, 'GET', '/api/student/messages', { token: student.token })).data?.items.map((m) => m.title);
  expect(await titles()).toContain(`${name}录取结果已公布`);
  await row.getByText(student.name).click();
  await button(drawer, '撤回结果').click();
  await confirmDialog(page, '确认撤回');
  await expect(page.getByText('已撤回，学生已收到通知')).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByText(/当前：录取，草稿未发布/)).toBeVisible();
  expect(await titles()).toContain(`${name}录取结果已撤回`);
});

test('the programme list fits a phone', PHONE, async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'phone width only');
  test.setTimeout(120_000);
  await loginAdmin(page);
  await page.goto('/admin/programmes');
  await expect(page.getByRole('combobox', { name: '管理模块' })).toBeVisible({ timeout: 30_000 });
  await expect(button(page, '新建项目')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.admin-cards')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
