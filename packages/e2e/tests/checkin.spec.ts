// Decision 051: 王老师 opens a sign-in for a meeting of his course and shows the rotating QR code;
// a student on another phone opens the link the code carries and is checked in (late after the minute the teacher
// set); the teacher ends the sign-in on the QR screen (decision 089); the teacher's roll call and the admin's
// sign-in pages show it.
// Both projects (desktop teacher screen, and a phone teacher screen); the student is always on a phone. The course,
// its meeting and the student's seat are made through the admin's APIs (courses, course roster), so it runs on the
// embedded database too.
import { randomBytes } from 'node:crypto';
import { devices } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { callApi } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginViaApi, studentAt } from '../support/journey.ts';
import { adminCourse, adminEnrol, adminToken } from '../support/course-admin.ts';

test.use({ actionTimeout: 30_000 });
const slow = { timeout: 30_000 };

test('the teacher shows the QR code, a student on a phone opens its link and is checked in (late after the set minute); the admin sees it', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const tag = randomBytes(3).toString('hex');
  const title = `签到课${tag}`;
  // Only a paid student of the course's session may be added to its roster.
  const student = await studentAt(baseURL!, 'paid', `扫码生${tag}`);
  const admin = await adminToken(baseURL!);
  // The admin course API takes meetings in the past: one that began 5 minutes ago is "now" for the check-in window.
  const now = Date.now();
  const course = await adminCourse(baseURL!, admin, {
    code: `E2E-CK-${tag}`,
    title,
    capacity: 10,
    meetings: [{ starts_at: new Date(now - 5 * 60_000).toISOString(), ends_at: new Date(now + 85 * 60_000).toISOString() }],
  });
  await adminEnrol(baseURL!, admin, course, student.userId);

  // The teacher, logged in through the API (the login screen has its own tests).
  const teacherToken = await loginViaApi(baseURL!, DEMO.teacher, DEMO_PASSWORD);
  await page.addInitScript((t) => {
    localStorage.setItem('teacher_token', t);
    localStorage.setItem('last_login_role', 'teacher');
  }, teacherToken);
  await page.goto('/teacher');
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible(slow);
  await expect(page.getByLabel('学生名单与出勤')).toContainText(`扫码生${tag}`);
  // The meeting began 5 minutes ago: with 迟到 from the 3rd minute, the scan below counts as late.
  await page.getByLabel('迟到判定分钟数').fill('3');
  await page.getByLabel('课次与签到').getByRole('button', { name: '开启签到' }).click();

  const qr = page.getByRole('img', { name: '签到二维码' });
  await expect(qr).toBeVisible(slow);
  await expect(page.getByText('已签到 0/1')).toBeVisible();

  // Another phone: the student's, logged in, opening the address the code encodes. The code is read from the
  // screen at the last moment: it is accepted for two 15 s periods only.
  const phone = await browser.newContext({ ...devices['Pixel 7'], baseURL: baseURL!, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  try {
    const studentPage = await phone.newPage();
    await loginInBrowser(studentPage, student.token);
    const token = await qr.getAttribute('data-token');
    expect(token).toMatch(/^\d+\.\d+\.[A-Za-z0-9_-]{22}$/);
    await studentPage.goto(`/student/checkin?t=${encodeURIComponent(token!)}`);
    await expect(studentPage.getByRole('status')).toContainText('签到成功（迟到）', slow);
    await expect(studentPage.getByRole('status')).toContainText(title);
  } finally {
    await phone.close();
  }

  // The teacher's screen counts the student, and the roll call shows 迟到.
  await expect(page.getByText('已签到 1/1')).toBeVisible(slow);
  // 结束签到 on the QR screen (decision 089): it asks first, then shows the count and the ways on.
  await page.getByRole('button', { name: '结束签到' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '结束签到' }).click();
  const ended = page.getByTestId('sign-ended');
  await expect(ended).toContainText('签到已结束', slow);
  await expect(ended).toContainText('已签到 1/1');
  const coursePage = `/teacher/course-detail/${course.id}/${course.period}`;
  await expect(ended.getByRole('link', { name: '返回课程' })).toHaveAttribute('href', coursePage);
  // Reloaded, the QR page shows the API's message (the code is refused now) and still leads back to the course.
  await page.reload();
  await expect(page.getByRole('link', { name: '返回课程' })).toHaveAttribute('href', coursePage, slow);
  await page.getByRole('link', { name: '查看名单与点名' }).click();
  const row = page.getByLabel('学生出勤').getByRole('listitem').filter({ hasText: `扫码生${tag}` });
  await expect(row).toContainText('迟到', slow);
  // The roll call leads back to the course too.
  await expect(page.getByRole('link', { name: '返回课程' })).toHaveAttribute('href', coursePage);
  // The attendance is stored: the student's own record lists this course's sign-in as late, once.
  const mine = await callApi<Array<{ course_id: number; status: string | null }>>(baseURL!, 'GET', '/api/student/sign', { token: student.token });
  expect(mine.data?.filter((r) => r.course_id === course.id)).toEqual([expect.objectContaining({ course_id: course.id, status: 'late' })]);

  // An admin sees every sign-in on /admin/checkin and opens this one on the admin's own page.
  const adminPage = await page.context().newPage();
  try {
    await adminPage.addInitScript((t) => {
      localStorage.setItem('teacher_token', t);
      localStorage.setItem('last_login_role', 'teacher');
    }, admin);
    await adminPage.goto('/admin/checkin');
    const sign = adminPage.getByRole('list', { name: '全部签到' }).getByRole('listitem').filter({ hasText: title });
    await expect(sign).toContainText('已签到 1/1', slow);
    await sign.getByRole('link', { name: '详情' }).click();
    await expect(adminPage).toHaveURL(/\/admin\/checkin\/\d+$/);
    await expect(adminPage.getByLabel('学生出勤').getByRole('listitem').filter({ hasText: `扫码生${tag}` })).toContainText('迟到', slow);
  } finally {
    await adminPage.close();
  }
});

test('a teacher opening a course that is not theirs sees 无权限访问！ and nothing of it; a student on a teacher page is sent to the login', async ({ page, baseURL }) => {
  const tag = randomBytes(3).toString('hex');
  const title = `他人课程${tag}`;
  const course = await adminCourse(baseURL!, await adminToken(baseURL!), { code: `E2E-NO-${tag}`, title, capacity: 10 });
  // 李老师 is a TF not attached to this course.
  const other = await loginViaApi(baseURL!, DEMO.teacher2, DEMO_PASSWORD);
  await page.addInitScript((t) => {
    localStorage.setItem('teacher_token', t);
    localStorage.setItem('last_login_role', 'teacher');
  }, other);
  await page.goto(`/teacher/course-detail/${course.id}/${course.period}`);
  await expect(page.getByRole('alert').filter({ hasText: '无权限访问！' }).first()).toBeVisible(slow);
  await expect(page.getByText(title)).toHaveCount(0);

  const student = await studentAt(baseURL!, 'info', `越权生${tag}`);
  const studentPage = await page.context().browser()!.newPage();
  try {
    await loginInBrowser(studentPage, student.token);
    await studentPage.goto('/teacher');
    await expect(studentPage.getByText('仅教师账号可查看当前页面')).toBeVisible(slow);
    await expect(studentPage).toHaveURL(/\/login\?r=%2Fteacher/, slow);
  } finally {
    await studentPage.close();
  }
});
