// Decisions 052/053: a teacher creates an assignment on their course, an enrolled student hands
// in text and a PDF, the teacher grades it, sets up the grade scheme, enters the student's scores and publishes; the
// student sees the score, the comment and the published final grade; the admin follows the course roster's 作业
// section to the assignment's admin page and sees who submitted. Desktop and 375 px.
// The course and the enrolment are made through the admin's APIs (courses, course roster).
import { randomBytes } from 'node:crypto';
import { test, expect } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginViaApi, studentAt, loginTeacherInBrowser } from '../support/journey.ts';
import { adminCourse, adminEnrol, adminToken } from '../support/course-admin.ts';

test.use({ actionTimeout: 45_000 });
const slow = { timeout: 45_000 };
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('a teacher sets an assignment, the student hands in a file, the teacher grades and publishes, the student sees it', async ({ browser, page, baseURL }, testInfo) => {
  test.setTimeout(300_000);
  const tag = randomBytes(3).toString('hex');
  const studentName = `周作业${tag}`;
  const student = await studentAt(baseURL!, 'paid', studentName);
  const admin = await adminToken(baseURL!);
  const course = await adminCourse(baseURL!, admin, { code: `CWK${tag}`, title: `写作与论证${tag}` });
  await adminEnrol(baseURL!, admin, course, student.userId);
  const courseId = course.id;
  const title = `读书报告${tag}`;

  // The teacher (王老师) creates the assignment on their course's page.
  const teacherToken = await loginViaApi(baseURL!, DEMO.teacher, DEMO_PASSWORD);
  await loginTeacherInBrowser(page, teacherToken);
  await page.goto(`/teacher/assignment/participation/${courseId}`);
  await expect(page.getByRole('heading', { name: `写作与论证${tag}` })).toBeVisible(slow);
  await page.getByRole('button', { name: '布置作业' }).click();
  const dialog = page.getByRole('dialog', { name: '布置作业' });
  await dialog.getByLabel('作业标题').fill(title);
  await dialog.getByRole('textbox', { name: '作业要求' }).fill('阅读第一章，写一篇读书报告。');
  const due = dialog.getByLabel('截止时间');
  await due.click();
  await due.fill('2030-06-30 18:00');
  // Enter confirms the picker and, as in any form, submits it; press 保存 only if the form is still open.
  await due.press('Enter');
  await expect(dialog).toBeHidden({ timeout: 5_000 }).catch(() => dialog.getByRole('button', { name: '保存' }).click());
  await expect(dialog).toBeHidden(slow);
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('2030-06-30 18:00', slow);
  await expect(card).toContainText('已提交 0/1');
  if (testInfo.project.name === 'desktop') await page.screenshot({ path: testInfo.outputPath('teacher-participation.png'), fullPage: true });

  // The student, in their own browser, hands in text and a PDF.
  const studentContext = await browser.newContext({ viewport: page.viewportSize() ?? { width: 1280, height: 800 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const studentPage = await studentContext.newPage();
  await loginInBrowser(studentPage, student.token);
  await studentPage.goto('/student/manage/assignments');
  const mine = studentPage.getByRole('article', { name: title });
  await expect(mine).toContainText('未提交', slow);
  await mine.getByLabel(`${title} 作业内容`).fill('我的读书报告见附件。');
  await mine.getByTestId('file-input').setInputFiles({ name: '读书报告.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(mine.getByRole('list', { name: '已上传的文件' })).toContainText('读书报告.pdf', slow);
  await mine.getByRole('button', { name: '提交作业' }).click();
  await expect(mine.locator('.cw-tag', { hasText: '已提交' })).toBeVisible(slow);
  await expect(mine.getByRole('button', { name: '重新提交' })).toBeVisible();

  // The teacher sees who handed in, downloads nothing, grades with a comment.
  await page.reload();
  await expect(page.getByRole('article', { name: title })).toContainText('已提交 1/1', slow);
  await page.getByRole('article', { name: title }).getByRole('button', { name: '查看提交' }).click();
  const row = page.getByRole('article', { name: studentName });
  await expect(row).toContainText('我的读书报告见附件。', slow);
  await expect(row.getByRole('button', { name: /读书报告\.pdf/ })).toBeVisible();
  await row.getByRole('button', { name: '评分' }).click();
  const grading = page.getByRole('dialog', { name: `评分：${studentName}` });
  await grading.getByLabel('分数').fill('88');
  await grading.getByLabel('评语').fill('结构清楚，论据充分。');
  await grading.getByRole('button', { name: '保存评分' }).click();
  await expect(row).toContainText('88 / 100', slow);

  // Grade scheme (the default 平时作业 40 / 期末 60), the student's scores, publication now.
  await page.goto(`/teacher/assignment/participation/${courseId}`);
  await page.getByRole('tab', { name: '成绩' }).click();
  await page.getByRole('button', { name: '保存成绩项' }).click();
  await page.getByLabel(`${studentName} 平时作业`).fill('88');
  await page.getByLabel(`${studentName} 期末`).fill('90');
  await page.getByRole('row', { name: new RegExp(studentName) }).getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('row', { name: new RegExp(studentName) })).toContainText('89.2', slow);
  await page.getByRole('button', { name: '立即发布' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '发布' }).click();
  await expect(page.getByRole('region', { name: '成绩发布' }).or(page.getByLabel('成绩发布'))).toContainText('已发布', slow);

  // The student sees the score and comment, and the published final grade with its breakdown.
  await studentPage.reload();
  await expect(mine).toContainText('88 / 100', slow);
  await expect(mine).toContainText('结构清楚，论据充分。');
  await studentPage.goto('/student/manage/grade-query');
  const grade = studentPage.getByRole('article', { name: `写作与论证${tag} 成绩` });
  await expect(grade).toContainText('89.2（B）', slow);
  await expect(grade.getByRole('table', { name: '成绩构成' })).toContainText('平时作业');
  await studentPage.screenshot({ path: testInfo.outputPath('student-grade.png'), fullPage: true });
  await studentContext.close();

  // The admin sees who submitted: the course roster page lists the assignment and leads to its admin page.
  const adminPage = await page.context().newPage();
  try {
    await loginTeacherInBrowser(adminPage, admin);
    await adminPage.goto(`/admin/course-detail/${courseId}/${course.period}/students`);
    const item = adminPage.getByRole('region', { name: '课程作业' }).getByRole('listitem', { name: title });
    await expect(item).toContainText('已提交 1/1', slow);
    await expect(item).toContainText('已评分 1');
    await item.getByRole('link', { name: '查看提交' }).click();
    await expect(adminPage).toHaveURL(/\/admin\/assignment-detail\/\d+$/);
    await expect(adminPage.getByText(studentName).first()).toBeVisible(slow);
    await expect(adminPage.getByText('读书报告.pdf').first()).toBeVisible();
  } finally {
    await adminPage.close();
  }
});
