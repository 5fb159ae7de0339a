// Decision 089: the teacher's grade book takes assignment scores. A teacher's course has an assignment that a
// student handed in and the teacher graded (8 of 10, through the API); in the browser the teacher opens the grade
// book (its default items are already stored), lets 平时作业 be fed by that assignment, sees the graded score arrive
// as 80 with 1/1 已评, types the 期末 score, sees the final, publishes — which asks first and then says 成绩已发布 —
// and the student's published grade carries the computed item. Desktop.
import { randomBytes } from 'node:crypto';
import { test, expect } from '../support/fixtures.ts';
import { callApi, ok } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginViaApi, studentAt, loginTeacherInBrowser } from '../support/journey.ts';
import { adminCourse, adminEnrol, adminToken } from '../support/course-admin.ts';

const slow = { timeout: 45_000 };


test('a grade item fed by an assignment shows the graded score, the final follows, and publishing confirms first', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the grade book is a desktop table');
  test.setTimeout(180_000);
  const base = baseURL!;
  const tag = randomBytes(3).toString('hex');
  const studentName = `吴计分${tag}`;
  const student = await studentAt(base, 'paid', studentName);
  const admin = await adminToken(base);
  const course = await adminCourse(base, admin, { code: `GRB${tag}`, title: `统计思维${tag}` });
  await adminEnrol(base, admin, course, student.userId);
  const teacher = await loginViaApi(base, DEMO.teacher, DEMO_PASSWORD);
  const title = `小测${tag}`;
  const assignment = await ok('assignment', callApi<{ id: number }>(base, 'POST', '/api/teacher/assignment', {
    token: teacher,
    body: { course_id: course.id, title, instructions: '<p>十道题</p>', due_at: '2030-06-30T10:00:00Z', allowed_types: ['pdf'], max_size_mb: 5, max_score: 10 },
  }));
  const sub = await ok('submit', callApi<{ id: number }>(base, 'POST', `/api/student/assignment/${assignment.id}/submit`, { token: student.token, body: { text: '我的答案' } }));
  await ok('grade', callApi(base, 'PUT', `/api/teacher/submission/${sub.id}/grade`, { token: teacher, body: { score: 8, comment: '' } }));

  await loginTeacherInBrowser(page, teacher);
  await page.goto(`/teacher/assignment/participation/${course.id}`);
  await expect(page.getByRole('heading', { name: `统计思维${tag}` })).toBeVisible(slow);
  await page.getByRole('tab', { name: '成绩' }).click();

  // The default scheme is stored, not just shown: its items are already in the matrix before any save.
  const matrix = page.getByRole('table', { name: '成绩录入' });
  await expect(matrix.getByRole('columnheader', { name: '平时作业（40%）' })).toBeVisible(slow);

  // 平时作业 is fed by the quiz.
  await page.getByRole('combobox', { name: '平时作业计入的作业' }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(`${title}（满分10）`).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '保存成绩项' }).click();
  await expect(matrix.getByRole('columnheader', { name: '平时作业（40%，作业计算）' })).toBeVisible(slow);
  const row = matrix.getByRole('row', { name: new RegExp(studentName) });
  await expect(row.getByLabel(`${studentName} 平时作业（作业计算）`)).toHaveText('80', slow);
  await expect(row).toContainText('1/1 已评');

  // The typed item, then the final: 80 × 40% + 90 × 60% = 86.
  await row.getByLabel(`${studentName} 期末`).fill('90');
  await row.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('成绩已保存').first()).toBeVisible(slow);
  await expect(row.getByTestId('final-grade')).toHaveText('86');
  await page.screenshot({ path: testInfo.outputPath('gradebook-1280.png'), fullPage: true });

  // Publishing asks first; 取消 publishes nothing; 发布 says 成绩已发布.
  const publish = page.getByLabel('成绩发布');
  await publish.getByRole('button', { name: '立即发布' }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: '发布后学生即可查看自己的成绩' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(page.getByTestId('publish-state')).toContainText('尚未设置发布时间');
  await publish.getByRole('button', { name: '立即发布' }).click();
  await confirm.getByRole('button', { name: '发布' }).click();
  await expect(page.getByText('成绩已发布').first()).toBeVisible(slow);
  await expect(page.getByTestId('publish-state')).toContainText('已发布', slow);

  // The student's published grade counts the assignment through the item.
  const mine = await ok('my grade', callApi<{ final_grade: number | null; components: Array<{ name: string; score: number | null }> }>(base, 'GET', `/api/student/grades/${course.id}`, { token: student.token }));
  expect(mine.final_grade).toBe(86);
  expect(mine.components).toEqual([expect.objectContaining({ name: '平时作业', score: 80 }), expect.objectContaining({ name: '期末', score: 90 })]);
});
