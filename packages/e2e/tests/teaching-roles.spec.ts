// Decision 050: teacher types decide what each sees. A TF attached by the admin (course drawer,
// 助教（TF）) assists on that course. A CSL sees their house's students. The admin sets 陈老师's (CSL) house on the 学院
// tab; 陈老师 opens 学院学生 from /teacher and sees that house; 王老师 (a course teacher) opening the same page gets
// 无权限访问！. The house's students and their attendance are checked by the API test (teaching.test.ts): the demo
// places no student in a house until a venue is sorted. Both projects (desktop and 375 px).
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginViaApi } from '../support/journey.ts';
import { adminCourse, adminToken } from '../support/course-admin.ts';

const slow = { timeout: 30_000 };

async function asTeacher(page: Page, token: string) {
  await page.addInitScript((t) => {
    localStorage.setItem('teacher_token', t);
    localStorage.setItem('last_login_role', 'teacher');
  }, token);
}

test('the admin sets a CSL’s house; the CSL sees 学院学生 of that house and their profile; a course teacher is refused', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  // Each project its own house, so a run on one does not depend on the other's choice; neither is the first house,
  // which the demo seed gives 陈老师 (choosing the current value would change nothing).
  const houseIndex = testInfo.project.name === 'phone' ? 2 : 1;

  await asTeacher(page, await adminToken(baseURL!));
  await page.goto('/admin/houses');
  const panel = page.getByRole('region', { name: '学院导师' });
  await expect(panel).toContainText('陈老师', slow);
  const picker = panel.getByLabel('陈老师负责的学院');
  await picker.click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(houseIndex);
  const houseName = ((await option.textContent()) ?? '').trim();
  expect(houseName).not.toBe('');
  await option.click();
  await expect(page.getByText('已设置负责学院').first()).toBeVisible(slow);
  await expect(panel.getByTitle(houseName)).toBeVisible();

  const csl = await browser.newContext({ baseURL: baseURL!, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: page.viewportSize() ?? undefined });
  try {
    const cslPage = await csl.newPage();
    await asTeacher(cslPage, await loginViaApi(baseURL!, DEMO.csl, DEMO_PASSWORD));
    await cslPage.goto('/teacher');
    await expect(cslPage.getByText('身份：CSL', { exact: false })).toBeVisible(slow);
    await cslPage.getByRole('button', { name: '学院学生' }).click();
    await expect(cslPage).toHaveURL(/\/teacher\/house$/);
    await expect(cslPage.getByRole('region', { name: '学院学生' }).getByRole('heading', { name: new RegExp(`^${houseName}（\\d+ 人）$`) })).toBeVisible(slow);
    // A CSL has no house picker: only their own house.
    await expect(cslPage.getByLabel('选择学院')).toHaveCount(0);
    // The teacher profile shows the account's own name and type.
    await cslPage.goto('/teacher/teacher-profile/teacher/1');
    const profile = cslPage.getByRole('region', { name: '基本资料' });
    await expect(profile).toContainText('陈老师', slow);
    await expect(profile).toContainText('CSL');
  } finally {
    await csl.close();
  }

  const teacher = await browser.newContext({ baseURL: baseURL!, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: page.viewportSize() ?? undefined });
  try {
    const teacherPage = await teacher.newPage();
    await asTeacher(teacherPage, await loginViaApi(baseURL!, DEMO.teacher, DEMO_PASSWORD));
    await teacherPage.goto('/teacher/house');
    await expect(teacherPage.getByRole('alert').filter({ hasText: '无权限访问！' }).first()).toBeVisible(slow);
    await expect(teacherPage.getByText(houseName)).toHaveCount(0);
  } finally {
    await teacher.close();
  }
});

test('the admin attaches a TF to a course in the course drawer; the TF then assists on it', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const tag = randomBytes(3).toString('hex');
  const title = `助教课${tag}`;
  const admin = await adminToken(baseURL!);
  const course = await adminCourse(baseURL!, admin, { code: `E2E-TF-${tag}`, title, capacity: 10 });

  // Before: 李老师 (TF) is refused the course.
  const tf = await browser.newContext({ baseURL: baseURL!, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: page.viewportSize() ?? undefined });
  try {
    const tfPage = await tf.newPage();
    await asTeacher(tfPage, await loginViaApi(baseURL!, DEMO.teacher2, DEMO_PASSWORD));
    await tfPage.goto(`/teacher/course-detail/${course.id}/${course.period}`);
    await expect(tfPage.getByRole('alert').filter({ hasText: '无权限访问！' }).first()).toBeVisible(slow);

    await asTeacher(page, admin);
    await page.goto('/admin/courses');
    await page.getByRole('searchbox', { name: '关键词' }).fill(`E2E-TF-${tag}`);
    await page.getByRole('searchbox', { name: '关键词' }).press('Enter');
    await page.getByRole('button', { name: '编辑' }).first().click();
    const panel = page.getByRole('region', { name: '课程助教' });
    await expect(panel).toContainText('暂无助教', slow);
    await panel.getByLabel('选择助教账号').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '李老师' }).click();
    await panel.getByRole('button', { name: '添加助教' }).click();
    await expect(panel.getByRole('listitem').filter({ hasText: '李老师' })).toBeVisible(slow);

    // After: the course is on 李老师's list as 助教, and its page opens with 我的身份：助教（TF）.
    await tfPage.goto('/teacher');
    const card = tfPage.getByRole('link', { name: new RegExp(title) });
    await expect(card).toContainText('助教', slow);
    await card.click();
    await expect(tfPage.getByRole('heading', { name: title })).toBeVisible(slow);
    await expect(tfPage.getByText('我的身份：助教（TF）')).toBeVisible();
    // The course preview's detail shows the course at a glance and leads into it.
    await tfPage.goto(`/teacher/course-preview/${course.id}`);
    const brief = tfPage.getByRole('region', { name: '课程概览' });
    await expect(brief.getByRole('heading', { name: title })).toBeVisible(slow);
    await brief.getByRole('link', { name: /进入课程/ }).click();
    await expect(tfPage).toHaveURL(new RegExp(`/teacher/course-detail/${course.id}/${course.period}$`));
  } finally {
    await tf.close();
  }
});
