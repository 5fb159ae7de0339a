// Decision 058: a paid student attends the one sign-in of a finished course and gets a published
// final grade (the demo teacher's APIs); the admin runs 颁发证书 on the course roster page; the student downloads the
// certificate PDF and its verification page says 证书有效 with the masked name, course and date. Desktop and 375 px.
// The course, seat, sign-in and grade are made through the APIs, so it runs on the embedded database.
import { randomBytes } from 'node:crypto';
import { maskName } from '@summit/domain';
import { test, expect } from '../support/fixtures.ts';
import { callApi, ok } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginViaApi, studentAt } from '../support/journey.ts';
import { adminCourse, adminEnrol, adminToken } from '../support/course-admin.ts';

test.use({ actionTimeout: 45_000 });
const slow = { timeout: 45_000 };


test('the admin issues a certificate; the student downloads it and its verification page says it is valid', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const tag = randomBytes(3).toString('hex');
  const studentName = `钱证书${tag}`;
  const title = `经济学原理${tag}`;
  const student = await studentAt(baseURL!, 'paid', studentName);
  const admin = await adminToken(baseURL!);
  const met = Date.now() - 2 * 24 * 3_600_000;
  const course = await adminCourse(baseURL!, admin, { code: `CE${tag}`, title, meetings: [{ starts_at: new Date(met).toISOString(), ends_at: new Date(met + 90 * 60_000).toISOString() }] });
  await adminEnrol(baseURL!, admin, course, student.userId);

  // The teacher records the student present at the course's one sign-in, closes it, and publishes a final grade of 90.
  const teacher = await loginViaApi(baseURL!, DEMO.teacher, DEMO_PASSWORD);
  const detail = await ok('course', callApi<{ meetings: Array<{ id: number }> }>(baseURL!, 'GET', `/api/teacher/course/${course.id}/${course.period}`, { token: teacher }));
  const sign = await ok('sign', callApi<{ id: number }>(baseURL!, 'POST', '/api/teacher/sign', { token: teacher, body: { meeting_id: detail.meetings[0]!.id } }));
  await ok('present', callApi(baseURL!, 'PUT', `/api/teacher/sign/${sign.id}/students/${student.userId}`, { token: teacher, body: { status: 'present' } }));
  await ok('close', callApi(baseURL!, 'POST', `/api/teacher/sign/${sign.id}/close`, { token: teacher }));
  const book = await ok('components', callApi<{ components: Array<{ id: number }> }>(baseURL!, 'PUT', `/api/teacher/grade/${course.id}/components`, { token: teacher, body: { components: [{ name: '期末', weight: 100 }] } }));
  await ok('grade', callApi(baseURL!, 'PUT', `/api/teacher/grade/${course.id}/student/${student.userId}`, { token: teacher, body: { scores: { [String(book.components[0]!.id)]: 90 } } }));
  await ok('publish', callApi(baseURL!, 'PUT', `/api/teacher/grade/${course.id}/publish`, { token: teacher, body: { publish_at: new Date(Date.now() - 60_000).toISOString() } }));

  // The admin runs 颁发证书 on the course roster page.
  const adminContext = await browser.newContext({ baseURL: baseURL!, viewport: page.viewportSize() });
  const adminPage = await adminContext.newPage();
  await adminPage.addInitScript((t) => {
    localStorage.setItem('teacher_token', t);
    localStorage.setItem('last_login_role', 'teacher');
  }, admin);
  await adminPage.goto(`/admin/course-detail/${course.id}/${course.period}/students`);
  const card = adminPage.getByRole('region', { name: '结业证书' });
  await expect(card).toContainText(studentName, slow);
  await expect(card).toContainText('符合规则');
  await card.getByRole('button', { name: '颁发证书' }).click();
  await expect(card.getByText('已颁发')).toBeVisible(slow);
  await adminPage.screenshot({ path: testInfo.outputPath('admin-certificates.png'), fullPage: true });
  await adminContext.close();

  // The student lists and downloads it.
  await loginInBrowser(page, student.token);
  await page.goto('/student/certificate');
  const list = page.getByRole('list', { name: '证书列表' });
  await expect(list).toContainText(`《${title}》结业证书`, slow);
  await expect(list).toContainText('有效');
  await page.screenshot({ path: testInfo.outputPath('student-certificates.png'), fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), list.getByRole('button', { name: '下载证书' }).click()]);
  expect(download.suggestedFilename()).toBe(`结业证书-${title}.pdf`);
  const pdf = await download.path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(pdf)).subarray(0, 5).toString()).toBe('%PDF-');

  // The detail page carries the verification address printed in the PDF's QR code; opened, it says 证书有效.
  await list.getByRole('link', { name: '查看详情' }).click();
  const link = page.getByRole('region', { name: '证书' }).getByRole('link', { name: /\/student\/certificate\// });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\/student\/certificate\/[A-Za-z0-9_-]{43}$/);
  const visitor = await browser.newContext({ baseURL: baseURL!, viewport: page.viewportSize() });
  const verifyPage = await visitor.newPage();
  await verifyPage.goto(new URL(href!).pathname);
  const result = verifyPage.getByRole('region', { name: '验证结果' });
  await expect(result.getByRole('heading', { name: '✓ 证书有效' })).toBeVisible(slow);
  // A public page: the name masked as on the offer-letter check, never in full.
  await expect(result).toContainText(`学生：${maskName(studentName)}`);
  await expect(result).not.toContainText(studentName);
  await expect(result).toContainText(`《${title}》`);
  await expect(result).toContainText('颁发日期');
  await verifyPage.screenshot({ path: testInfo.outputPath('verify.png'), fullPage: true });
  await visitor.close();
});
