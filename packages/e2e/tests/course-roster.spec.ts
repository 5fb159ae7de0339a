// Decision 056: the admin's course roster (/admin/course-detail/{id}/{period}/students). The admin finds a paid
// student by name, adds them (a seat, shown as 管理员添加), sees a full course refuse a second student, then removes
// the first (the in-app notices and the waitlist promotion are covered by the API tests: these students have no venue,
// so no course-centre timetable). Desktop; a 375 px screenshot of the same page.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { studentAt } from '../support/journey.ts';
import { adminCourse, adminToken } from '../support/course-admin.ts';

const slow = { timeout: 45_000 };

async function loginAdminInBrowser(page: Page, token: string) {
  await page.addInitScript((t) => {
    localStorage.setItem('teacher_token', t);
    localStorage.setItem('last_login_role', 'teacher');
  }, token);
}

test('an admin adds a paid student to a course, a full course refuses another, and the admin removes the student', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'desktop journey');
  test.setTimeout(300_000);
  const tag = randomBytes(3).toString('hex');
  const first = await studentAt(baseURL!, 'paid', `林选课${tag}`);
  await studentAt(baseURL!, 'paid', `林候选${tag}`);
  const admin = await adminToken(baseURL!);
  const title = `辩论与修辞${tag}`;
  const course = await adminCourse(baseURL!, admin, { code: `RST${tag}`, title, capacity: 1 });

  await loginAdminInBrowser(page, admin);
  await page.goto(`/admin/course-detail/${course.id}/${course.period}/students`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible(slow);
  await expect(page.getByText('已选 0/1 人')).toBeVisible();
  await expect(page.getByText('还没有学生选这门课')).toBeVisible();

  // Search by name: both paid 第一期 students of this run show up; add the first.
  await page.getByRole('searchbox', { name: '搜索学生' }).fill(`林选课${tag}`);
  await page.getByRole('button', { name: '搜索' }).click();
  const results = page.getByRole('list', { name: '搜索结果' });
  const hit = results.getByRole('listitem', { name: `林选课${tag}` });
  await expect(hit).toBeVisible(slow);
  await expect(hit).toContainText(`${first.phone.slice(0, 3)}****${first.phone.slice(7)}`);
  await hit.getByRole('button', { name: '添加' }).click();
  await expect(page.getByText('已添加学生')).toBeVisible(slow);
  const enrolled = page.getByRole('region', { name: '已选学生' });
  const row = enrolled.getByRole('listitem', { name: `林选课${tag}` });
  await expect(row).toContainText('管理员添加');
  await expect(page.getByText('已选 1/1 人')).toBeVisible();
  await expect(hit).toContainText('已在本课程');

  // The course is full: the second student is refused with the course centre's message, nothing changes.
  await page.getByRole('searchbox', { name: '搜索学生' }).fill(`林候选${tag}`);
  await page.getByRole('button', { name: '搜索' }).click();
  await results.getByRole('listitem', { name: `林候选${tag}` }).getByRole('button', { name: '添加' }).click();
  await expect(page.getByText('该课程名额已满')).toBeVisible(slow);
  await expect(page.getByText('已选 1/1 人')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('roster-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('roster-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Remove the first student (confirm), the list is empty again and the student is told.
  await row.getByRole('button', { name: '移除' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '移除' }).click();
  await expect(page.getByText('已移除学生')).toBeVisible(slow);
  await expect(page.getByText('还没有学生选这门课')).toBeVisible();
  await expect(page.getByText('已选 0/1 人')).toBeVisible();
});
