// Decision 100: the programme office schedules an activity in 社区 › 活动 and publishes it; a paid student finds it
// lit on /student/card/hub (an upcoming one with its date) and opens it; a ceremony's live link is handed out in its
// window and marks the student present; the teacher holding an agenda item sees it with its cue on /teacher/ending.
// Desktop and phone (375 px) each make their own activities (titles carry the project's name), so they never collide.
import type { Browser, Page } from '@playwright/test';
import { test, expect, PHONE } from '../support/fixtures.ts';
import { callApi, ok } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginTeacherInBrowser, loginViaApi } from '../support/journey.ts';
import { LoginScreen } from '../support/login-screen.ts';

const PAID_STUDENT = '13900000006';
const MIN = 60_000;
const HOUR = 60 * MIN;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
/** 2026-11-28 09:30 for an instant, as the Beijing wall clock the console's pickers take. */
const beijingInput = (offsetMs: number) => {
  const d = new Date(Date.now() + offsetMs + 8 * HOUR);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
};

async function studentPage(browser: Browser, baseURL: string, phone: boolean): Promise<Page> {
  const token = await loginViaApi(baseURL, PAID_STUDENT, DEMO_PASSWORD);
  const context = await browser.newContext(phone ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await loginInBrowser(page, token);
  return page;
}

async function createViaApi(baseURL: string, token: string, body: Record<string, unknown>): Promise<number> {
  const created = await ok('create activity', callApi<{ id: number }>(baseURL, 'POST', '/api/admin/activities', { token, body }));
  await ok('publish activity', callApi(baseURL, 'PUT', `/api/admin/activities/${created.id}/publish`, { token, body: { published: true } }));
  return created.id;
}

async function pickDate(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

test('an admin schedules and publishes an activity; the student sees it lit on the hub, an upcoming one with its date, and opens it', PHONE, async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const phone = testInfo.project.name === 'phone';
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const title = `见面会 ${tag}`;

  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin/, { timeout: 60_000 });
  await page.goto('/admin/activities');
  const section = page.getByRole('region', { name: '活动排期' });
  await expect(section.getByRole('button', { name: '新建活动' })).toBeVisible({ timeout: 60_000 });
  await section.getByRole('button', { name: '新建活动' }).click();

  const dialog = page.getByRole('dialog', { name: '新建活动' });
  // The kind list is searchable: type to narrow it, then pick.
  await dialog.getByLabel('活动类型').fill('城市');
  await page.locator('.ant-select-item-option').filter({ hasText: '城市见面会' }).click();
  await dialog.getByLabel('标题', { exact: true }).fill(title);
  await pickDate(page, '开始时间', beijingInput(-HOUR));
  await pickDate(page, '结束时间', beijingInput(2 * 24 * HOUR));
  await dialog.getByLabel('按钮文字').fill('报名');
  await dialog.getByLabel('按钮链接').fill('https://example.com/land');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(`已创建「${title}」（未发布）`)).toBeVisible();
  await section.getByRole('button', { name: `发布「${title}」` }).click();
  await expect(page.getByText(`已发布「${title}」`)).toBeVisible();
  if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // An upcoming one, scheduled through the API, shows on the hub with its date.
  const admin = await loginViaApi(baseURL!, DEMO.admin, DEMO_PASSWORD);
  const upcomingTitle = `HAA 征集 ${tag}`;
  await createViaApi(baseURL!, admin, { kind: 'haa', title: upcomingTitle, opens_at: iso(3 * 24 * HOUR), closes_at: iso(5 * 24 * HOUR), audience: { kind: 'all', values: [] } });

  const student = await studentPage(browser, baseURL!, phone);
  await student.goto('/student/card/hub');
  await expect(student.getByRole('heading', { name: '活动中心', level: 1 })).toBeVisible({ timeout: 60_000 });
  const lit = student.getByRole('region', { name: /进行中/ });
  await expect(lit.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  const upcoming = student.getByRole('region', { name: /即将开始/ });
  await expect(upcoming.getByRole('link', { name: new RegExp(upcomingTitle) })).toContainText(/\d+月\d+日 \d\d:\d\d 开始/);
  if (phone) expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await lit.getByRole('link', { name: new RegExp(title) }).click();
  await expect(student).toHaveURL(/\/student\/card\/land\?id=\d+/);
  await expect(student.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(student.getByRole('link', { name: '报名' })).toHaveAttribute('href', 'https://example.com/land');
  await student.context().close();
});

test('a ceremony: the student enters the live room in its window and is marked present; the teacher sees their part and cue', PHONE, async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const phone = testInfo.project.name === 'phone';
  const title = `结营典礼 ${testInfo.project.name}-${Date.now().toString(36)}`;
  // Each project's own teacher, so the two projects' ceremonies never stand for one another on a teacher's page.
  const teacherPhone = phone ? DEMO.teacher2 : DEMO.teacher;
  const cue = `${testInfo.project.name} 提示：颁奖前检查麦克风`;
  const teacherToken = await loginViaApi(baseURL!, teacherPhone, DEMO_PASSWORD);
  const teacherId = (await ok('teacher info', callApi<{ user_id: number }>(baseURL!, 'GET', '/api/teacher/info', { token: teacherToken }))).user_id;
  const admin = await loginViaApi(baseURL!, DEMO.admin, DEMO_PASSWORD);
  const id = await createViaApi(baseURL!, admin, {
    kind: 'ending',
    title,
    opens_at: iso(-5 * MIN),
    closes_at: iso(2 * HOUR),
    live_url: 'https://live.example.com/ending-e2e',
    replay_url: 'https://live.example.com/ending-e2e/replay',
    agenda: [
      { starts_at: iso(-5 * MIN), title: '开场', speaker: '主持人', cue: '' },
      { starts_at: iso(20 * MIN), title: '学院杯颁奖', speaker: '颁奖嘉宾', teacher_id: teacherId, cue },
    ],
  });

  const student = await studentPage(browser, baseURL!, phone);
  await student.goto('/student/card/hub');
  const lit = student.getByRole('region', { name: /进行中/ });
  await lit.getByRole('link', { name: new RegExp(title) }).click();
  await expect(student).toHaveURL(new RegExp(`/student/card/ending\\?id=${id}`));
  await expect(student.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 30_000 });
  const agenda = student.getByRole('region', { name: '议程' });
  await expect(agenda).toContainText('学院杯颁奖');
  await expect(agenda).toContainText('颁奖嘉宾');
  // Cues are for the teacher only.
  await expect(student.getByText(cue)).toHaveCount(0);
  await student.getByRole('button', { name: '进入直播' }).click();
  await expect(student.getByText(/已为你记录出席/)).toBeVisible();
  await expect(student.getByRole('link', { name: '打开直播间' })).toHaveAttribute('href', 'https://live.example.com/ending-e2e');
  if (phone) expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await student.context().close();

  const attendance = await ok('attendance', callApi<{ total: number }>(baseURL!, 'GET', `/api/admin/activities/${id}/attendance`, { token: admin }));
  expect(attendance.total).toBe(1);

  const context = await browser.newContext(phone ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } });
  const teacher = await context.newPage();
  await loginTeacherInBrowser(teacher, teacherToken);
  await teacher.goto('/teacher/ending');
  await expect(teacher.getByRole('heading', { name: title })).toBeVisible({ timeout: 60_000 });
  const mine = teacher.getByRole('region', { name: '我的环节' });
  await expect(mine).toContainText('学院杯颁奖');
  await expect(mine).toContainText(cue);
  await expect(teacher.getByRole('link', { name: '进入直播间' })).toHaveAttribute('href', 'https://live.example.com/ending-e2e');
  if (phone) expect(await teacher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});

test('every activities route shows a real page for its role', PHONE, async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const phone = testInfo.project.name === 'phone';
  const student = await studentPage(browser, baseURL!, phone);
  for (const [path, heading] of [
    ['/student/card/hub', '活动中心'],
    ['/student/card/opening', /开营典礼/],
    ['/student/card/ending', /结营典礼/],
    ['/student/card/sbp', /SBP/],
    ['/student/card/land', /城市见面会|见面会/],
    ['/student/card/haa', /HAA/],
    ['/student/card/coop', '合作项目'],
  ] as const) {
    await student.goto(path);
    await expect(student.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible({ timeout: 60_000 });
  }
  // The SBP card of the demo is open: its call to action leads to the SBP page.
  await student.goto('/student/card/sbp');
  await expect(student.getByRole('link', { name: '了解并申请' })).toHaveAttribute('href', '/sbp');
  await student.context().close();

  const context = await browser.newContext(phone ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } });
  const teacher = await context.newPage();
  await loginTeacherInBrowser(teacher, await loginViaApi(baseURL!, DEMO.teacher, DEMO_PASSWORD));
  await teacher.goto('/teacher/openning');
  await expect(teacher.getByRole('heading', { name: '开营典礼', level: 1 })).toBeVisible({ timeout: 60_000 });
  await expect(teacher.getByRole('region', { name: '我的环节' })).toBeVisible();
  await context.close();
});
