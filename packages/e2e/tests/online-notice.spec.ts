// Decisions 017 and 029: the 改为线上举办 notice card and the 确认线上参加 dialog appear only to a student who
// paid tuition for the in-person programme before it switched to online; the demo programme is online from
// the start, so nobody else (visitors, unpaid students, students who paid after the switch) sees either.
// Every student here is made fresh through the API, so the desktop and phone projects never share an answer;
// the programme is flipped by the admin's API and put back to "online from the start" after each test.
import type { Browser, Page } from '@playwright/test';
import { DEFAULT_PROGRAMME_FACTS, type OnlineNoticeState, type ProgrammeFacts, type ProgrammeMode } from '@summit/domain';
import { test, expect } from '../support/fixtures.ts';
import { callApi } from '../support/api.ts';
import { JOURNEY_PASSWORD, loginViaApi, studentAt } from '../support/journey.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';

const NOTICE_TEXT = '本届 Summit 改为线上举办';
const DIALOG_TITLE = '本届 Summit 改为线上举办';

/** callApi has no PUT; the admin's decision needs one. */
async function put<T>(baseURL: string, path: string, token: string, body: unknown): Promise<{ status: unknown; msg: string; data?: T }> {
  const res = await fetch(new URL(path, baseURL), { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return (await res.json()) as { status: unknown; msg: string; data?: T };
}

async function ok<T>(what: string, answer: Promise<{ status: unknown; msg: string; data?: T }>): Promise<T> {
  const res = await answer;
  if (res.status !== 200) throw new Error(`${what}: ${String(res.status)} ${res.msg}`);
  return res.data as T;
}

const { switched_to_online_at: _never, ...FACTS } = DEFAULT_PROGRAMME_FACTS;

async function setProgramme(baseURL: string, mode: ProgrammeMode, extra: { clear_switch?: boolean } = {}): Promise<ProgrammeFacts> {
  const admin = await loginViaApi(baseURL, DEMO.admin, DEMO_PASSWORD);
  return ok(`programme ${mode}`, put<ProgrammeFacts>(baseURL, '/api/admin/settings/programme', admin, { ...FACTS, mode, ...extra }));
}

/** Paid tuition while the programme was in person; the programme then switched to online. */
async function studentPaidBeforeSwitch(baseURL: string, name: string): Promise<{ phone: string; token: string }> {
  await setProgramme(baseURL, 'offline');
  const s = await studentAt(baseURL, 'paid', name);
  const online = await setProgramme(baseURL, 'online');
  expect(online.switched_to_online_at).toEqual(expect.any(String));
  return s;
}

test.afterEach(async ({ baseURL }) => {
  // Other specs (and the demo) expect a programme that was online from the start.
  await setProgramme(baseURL as string, 'online', { clear_switch: true });
});

async function loginInBrowser(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => {
    localStorage.setItem('student_token', t);
    localStorage.setItem('last_login_role', 'student');
  }, token);
}

const noticeCard = (page: Page) => page.getByRole('status').filter({ hasText: NOTICE_TEXT });
const isNoticeRead = (r: { url(): string; request(): { method(): string } }) => new URL(r.url()).pathname === '/api/student/online-notice' && r.request().method() === 'GET';

async function freshPage(browser: Browser, page: Page, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: page.viewportSize() });
  return context.newPage();
}

/** The notice waits for the visitor's first interaction (decision 018); a key press is one on every device. */
async function interact(page: Page) {
  await expect(page.getByTestId('side-helper')).toBeVisible();
  await page.keyboard.press('Shift');
  await expect(page.getByTestId('side-helper')).toHaveAttribute('data-interacted', 'true');
}

test('nobody the switch does not concern sees the notice: a visitor, a student, a student who paid for the online programme', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  await page.goto('/faq');
  await interact(page);
  await expect(noticeCard(page)).toHaveCount(0);

  const student = await studentAt(baseURL as string, 'info', testInfo.project.name === 'phone' ? '唐知秋' : '宋远航');
  const other = await freshPage(browser, page, baseURL as string);
  await loginInBrowser(other, student.token);
  const asked = other.waitForResponse(isNoticeRead, { timeout: 60_000 });
  await other.goto('/faq');
  expect(await (await asked).json()).toMatchObject({ status: 200, data: { concerned: false, switch_notice: null } });
  await interact(other);
  await expect(noticeCard(other)).toHaveCount(0);
  await other.context().close();

  // Online from the start: a paid student is not asked either.
  const paid = await studentAt(baseURL as string, 'paid', testInfo.project.name === 'phone' ? '许清和' : '杜若溪');
  const third = await freshPage(browser, page, baseURL as string);
  await loginInBrowser(third, paid.token);
  const state = third.waitForResponse(isNoticeRead, { timeout: 60_000 });
  await third.goto('/student/admission/success');
  // The admission page's chunk is large; on a loaded 2-core machine it takes longer than the default wait.
  await expect(third.getByRole('heading', { name: '学费缴纳成功' })).toBeVisible({ timeout: 45_000 });
  expect(await (await state).json()).toMatchObject({ status: 200, data: { concerned: false, offline_to_online_due: false } });
  await expect(third.getByRole('dialog', { name: DIALOG_TITLE })).toHaveCount(0);
  await third.context().close();
});

test('a student who paid before the switch confirms the notice: the server keeps it, so another browser does not show it', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const student = await studentPaidBeforeSwitch(baseURL as string, testInfo.project.name === 'phone' ? '唐知夏' : '宋远舟');
  await loginInBrowser(page, student.token);
  const asked = page.waitForResponse(isNoticeRead);
  await page.goto('/faq');
  expect(await (await asked).json()).toMatchObject({ status: 200, data: { concerned: true } });
  await interact(page);
  await expect(noticeCard(page)).toBeVisible();
  await expect(noticeCard(page)).toContainText('7月17日—8月22日');
  await expect(noticeCard(page)).toContainText('2,000 元');
  await expect(noticeCard(page)).toContainText('8月3日 23:59');
  const stored = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/student/online-read');
  await noticeCard(page).getByRole('button', { name: '我已知晓' }).click();
  expect(await (await stored).json()).toMatchObject({ status: 200 });
  // docs/product/states.md: confirming goes to the student's course card (decision 040).
  await expect(page).toHaveURL(/\/student\/card\/course$/);
  await page.goto('/notice/online-notice-free');
  // The full notice quotes the same facts.
  await expect(page.getByText('7月17日—8月22日').first()).toBeVisible();

  const server = await callApi<OnlineNoticeState>(baseURL as string, 'GET', '/api/student/online-notice', { token: student.token });
  expect(server.data?.read_at).toEqual(expect.any(String));

  // Another device: a new login of the same student.
  const other = await freshPage(browser, page, baseURL as string);
  await loginInBrowser(other, await loginViaApi(baseURL as string, student.phone, JOURNEY_PASSWORD));
  const answered = other.waitForResponse(isNoticeRead);
  await other.goto('/faq');
  expect(await (await answered).json()).toMatchObject({ status: 200, data: { read_at: server.data?.read_at } });
  await interact(other);
  await expect(other.getByText(NOTICE_TEXT)).toHaveCount(0);
  await other.context().close();
});

test('a student who paid before the switch confirms attending online: the full notice opens in a new page, the dialog closes and stays closed', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const student = await studentPaidBeforeSwitch(baseURL as string, testInfo.project.name === 'phone' ? '江晚晴' : '顾北辰');
  await loginInBrowser(page, student.token);
  await page.goto('/student/admission/success');
  await expect(page.getByRole('heading', { name: '学费缴纳成功' })).toBeVisible({ timeout: 45_000 });
  const dialog = page.getByRole('dialog', { name: DIALOG_TITLE });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('7月17日—8月22日');
  await expect(dialog).toContainText('2,000 元');
  await expect(dialog).toContainText('8月3日 23:59');

  const [notice] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: '查看完整通知' }).click()]);
  await notice.waitForLoadState();
  expect(new URL(notice.url()).pathname).toBe('/notice/online-notice-free');
  // noopener: the notice page cannot reach back into the student's page.
  expect(await notice.evaluate(() => window.opener)).toBeNull();
  await notice.close();
  await expect(dialog).toBeVisible();

  const confirmed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/student/offline-to-online');
  await dialog.getByRole('button', { name: '确认线上参加' }).click();
  expect(await (await confirmed).json()).toMatchObject({ status: 200, data: { offline_to_online: { chosen: 'online' }, offline_to_online_due: false } });
  await expect(dialog).toBeHidden();

  const asked = page.waitForResponse(isNoticeRead);
  await page.reload();
  expect(await (await asked).json()).toMatchObject({ status: 200, data: { offline_to_online_due: false } });
  await expect(page.getByRole('heading', { name: '学费缴纳成功' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: DIALOG_TITLE })).toHaveCount(0);
});
