// The teaching and onboarding wiring: the teacher's course page holds the assignments, grades and the course notice, with links to
// office hours and letters; the student's course page holds their attendance and the assignments; a student who
// holds courses finds the class hub (学习中心) from 我的会场与选课 and 我的账户, and the hub leads to assignments,
// grades, the writing centre and the calendar. Own course and student, made through the admin's APIs.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginViaApi, studentAt, loginTeacherInBrowser } from '../support/journey.ts';
import { adminCourse, adminEnrol, adminToken } from '../support/course-admin.ts';

test.use({ actionTimeout: 45_000 });
const slow = { timeout: 45_000 };

test('course pages embed coursework and attendance; the class hub is reachable and links onward', async ({ browser, page, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const tag = randomBytes(3).toString('hex');
  const student = await studentAt(baseURL!, 'paid', `连线${tag}`);
  const admin = await adminToken(baseURL!);
  const start = new Date(Date.now() + 3 * 86_400_000);
  const course = await adminCourse(baseURL!, admin, {
    code: `WIR${tag}`,
    title: `连线课程${tag}`,
    meetings: [{ starts_at: start.toISOString(), ends_at: new Date(start.getTime() + 90 * 60_000).toISOString() }],
  });
  await adminEnrol(baseURL!, admin, course, student.userId);
  const shot = (p: Page, name: string) => p.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

  // The teacher's course page: 作业与成绩 holds the real sections, and the office-hour and letter links.
  const teacherToken = await loginViaApi(baseURL!, DEMO.teacher, DEMO_PASSWORD);
  await loginTeacherInBrowser(page, teacherToken);
  await page.goto(`/teacher/course-detail/${course.id}/${course.period}`);
  await expect(page.getByRole('heading', { name: `连线课程${tag}` })).toBeVisible(slow);
  const work = page.getByRole('region', { name: '作业与成绩' });
  await expect(work.getByRole('button', { name: '布置作业' })).toBeVisible(slow);
  await expect(work.getByRole('region', { name: '课程成绩' })).toBeVisible(slow);
  await expect(work.getByRole('region', { name: '发送课程通知' })).toBeVisible();
  await expect(page.getByText('即将开放')).toHaveCount(0);
  const more = page.getByRole('navigation', { name: '更多课程事务' });
  await expect(more.getByRole('link', { name: '答疑时间与课程评价' })).toHaveAttribute('href', `/teacher/office-hour?course=${course.id}`);
  await expect(more.getByRole('link', { name: '推荐信' })).toHaveAttribute('href', '/teacher/recommend-letter');
  await shot(page, 'teacher-course');
  await page.goto('/teacher');
  await expect(page.getByRole('navigation', { name: '教师中心导航' }).getByRole('link', { name: '答疑时间' })).toBeVisible(slow);

  // The student's course page: attendance and assignments, no placeholder text.
  const context = await browser.newContext({ viewport: page.viewportSize() ?? { width: 1280, height: 800 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const sp = await context.newPage();
  await loginInBrowser(sp, student.token);
  await sp.goto(`/student/manage/course-detail/${course.id}/${course.period}`);
  await expect(sp.getByRole('heading', { name: `连线课程${tag}`, level: 1 })).toBeVisible(slow);
  await expect(sp.getByRole('region', { name: '考勤', exact: true })).toContainText('暂无签到记录', slow);
  await expect(sp.getByRole('region', { name: '作业', exact: true })).toContainText('这门课还没有作业。', slow);
  await expect(sp.locator('[data-embed]')).toHaveCount(0);
  await shot(sp, 'student-course');

  // The hub's onward links; the card and the account lead to the hub.
  await sp.goto('/student/manage');
  const tools = sp.getByRole('navigation', { name: '学习工具' });
  await expect(tools.getByRole('link', { name: '我的作业' })).toHaveAttribute('href', '/student/manage/assignments', slow);
  await expect(tools.getByRole('link', { name: '成绩查询' })).toHaveAttribute('href', '/student/manage/grade-query');
  await expect(tools.getByRole('link', { name: '写作中心' })).toHaveAttribute('href', '/student/manage/writing-center');
  await expect(tools.getByRole('link', { name: '课程日历与出勤' })).toHaveAttribute('href', '/calendar');
  await shot(sp, 'student-hub');
  await sp.goto('/student/card/course');
  await expect(sp.getByTestId('card-class-hub')).toBeVisible(slow);
  await shot(sp, 'student-card');
  await sp.getByTestId('card-class-hub').click();
  await expect(sp).toHaveURL(/\/student\/manage$/);
  await sp.goto('/account');
  await expect(sp.getByTestId('account-class-hub')).toBeVisible(slow);
  await shot(sp, 'student-account');
  await sp.getByTestId('account-class-hub').click();
  await expect(sp).toHaveURL(/\/student\/manage$/);
  await context.close();
});
