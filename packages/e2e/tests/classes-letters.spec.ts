// Decisions 054/055: a paid student enrolled in a finished course of the demo teacher
// books the office hour the teacher published on their page, rates the course, asks for a recommendation letter
// naming a recipient; the teacher writes it in the rich-text editor and submits; the student sees 已提交 (never the text); the recipient's e-mailed link opens
// the PDF and the verification page says it is genuine. Desktop and 375 px. The course and the enrolment are
// made through the admin's APIs (courses, course roster), so it runs on the embedded database too.
import { randomBytes } from 'node:crypto';
import { test, expect } from '../support/fixtures.ts';
import { callApi } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginViaApi, studentAt } from '../support/journey.ts';
import { adminCourse, adminEnrol, adminToken } from '../support/course-admin.ts';

test.use({ actionTimeout: 45_000 });
const slow = { timeout: 45_000 };

test('office hour booked, letter requested, written, submitted; the recipient opens the PDF', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const tag = randomBytes(3).toString('hex');
  const studentName = `赵推荐${tag}`;
  const title = `批判性思维${tag}`;
  const recipient = `admissions-${tag}@example.edu`;
  const student = await studentAt(baseURL!, 'paid', studentName);
  // A finished course: the admin course API takes meetings in the past (courses are also imported after the fact).
  const admin = await adminToken(baseURL!);
  const met = Date.now() - 3 * 24 * 3_600_000;
  const course = await adminCourse(baseURL!, admin, {
    code: `CL${tag}`,
    title,
    meetings: [{ starts_at: new Date(met).toISOString(), ends_at: new Date(met + 90 * 60_000).toISOString() }],
  });
  await adminEnrol(baseURL!, admin, course, student.userId);
  const courseId = course.id;

  // The teacher publishes an office hour for tomorrow on /teacher/office-hour (same viewport, own browser context).
  const teacher = await loginViaApi(baseURL!, DEMO.teacher, DEMO_PASSWORD);
  const teacherContext = await browser.newContext({ baseURL: baseURL!, viewport: page.viewportSize() });
  const teacherPage = await teacherContext.newPage();
  await teacherPage.addInitScript((t) => {
    localStorage.setItem('teacher_token', t);
    localStorage.setItem('last_login_role', 'teacher');
  }, teacher);
  await teacherPage.goto(`/teacher/office-hour?course=${courseId}`);
  const beijing = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16);
  const starts = Date.now() + 26 * 3_600_000;
  const publish = teacherPage.getByRole('form', { name: '发布答疑时段' });
  await publish.getByLabel('开始时间（北京时间）').fill(beijing(starts));
  await publish.getByLabel('结束时间（北京时间）').fill(beijing(starts + 3_600_000));
  await publish.getByLabel('地点或会议链接').fill(`腾讯会议${tag}`);
  await publish.getByRole('spinbutton', { name: '人数上限' }).fill('2');
  await publish.getByRole('button', { name: '发布时段' }).click();
  await expect(teacherPage.getByRole('region', { name: '答疑时段' })).toContainText(`腾讯会议${tag}`, slow);

  // The student books it on the course page.
  await loginInBrowser(page, student.token);
  await page.goto(`/student/manage/course-detail/${courseId}/${course.period}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible(slow);
  const hours = page.getByRole('region', { name: '答疑时间' });
  await expect(hours).toContainText(`腾讯会议${tag}`, slow);
  await hours.getByRole('button', { name: /^预约 / }).click();
  await expect(hours.getByText('已预约')).toBeVisible(slow);
  await expect(hours).toContainText('已约 1/2');

  // The course is over: the student rates it, once.
  const feedback = page.getByRole('region', { name: '课程评价' });
  await feedback.getByRole('button', { name: '课程内容 4分' }).click();
  await feedback.getByRole('button', { name: '教学效果 5分' }).click();
  await feedback.getByRole('button', { name: '课业量适中 3分' }).click();
  await feedback.getByRole('button', { name: '提交评价' }).click();
  await expect(feedback.getByText('你已评价过该课程')).toBeVisible(slow);

  // …and asks for a letter from the course page's link.
  await page.getByRole('region', { name: '推荐信' }).getByRole('link', { name: '向任课教师申请推荐信' }).click();
  const form = page.getByRole('region', { name: '申请推荐信' });
  await form.getByLabel('收件人姓名').fill('招生办公室');
  await form.getByLabel('收件人邮箱').fill(recipient);
  await form.getByRole('button', { name: '提交申请' }).click();
  const mine = page.getByRole('region', { name: '我的推荐信' });
  await expect(mine.getByRole('listitem', { name: `推荐信 ${title}` }).getByTestId('letter-status')).toHaveText('待撰写', slow);

  // The teacher sees who booked, then writes the letter and submits it.
  await teacherPage.reload();
  await expect(teacherPage.getByRole('region', { name: '答疑时段' })).toContainText(studentName, slow);
  await teacherPage.goto('/teacher/recommend-letter');
  await teacherPage.getByRole('link', { name: `撰写推荐信：${studentName}` }).click();
  const editor = teacherPage.getByRole('textbox', { name: '推荐信正文' });
  await editor.click();
  await editor.pressSequentially(`${studentName}同学思维严谨，课堂表现出色。`);
  await teacherPage.getByRole('button', { name: '保存草稿' }).click();
  await expect(teacherPage.getByText('草稿已保存').first()).toBeVisible(slow);
  await teacherPage.getByRole('button', { name: '提交推荐信' }).click();
  await teacherPage.getByRole('button', { name: '确认提交' }).click();
  await expect(teacherPage.getByRole('list', { name: '推荐信申请' })).toBeVisible(slow);
  await teacherContext.close();

  // The student sees 已提交 and nothing of the text.
  await page.reload();
  const status = page.getByRole('region', { name: '我的推荐信' }).getByRole('listitem', { name: `推荐信 ${title}` }).getByTestId('letter-status');
  await expect(status).toHaveText('已提交', slow);
  await expect(page.getByText('思维严谨')).toHaveCount(0);

  // The recipient's e-mail holds a link that opens the PDF, and the verification page vouches for it.
  const mails = await callApi<Array<{ text: string }>>(baseURL!, 'GET', `/api/dev/mail-outbox?to=${encodeURIComponent(recipient)}`);
  const text = mails.data?.[0]?.text ?? '';
  const link = /https?:\/\/\S+\/api\/recommend-letter\/file\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  const verify = /https?:\/\/\S+\/recommend-letter\/verify\/[A-Za-z0-9_-]{20}/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  const pdf = await page.request.get(link!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.goto(new URL(verify!).pathname);
  await expect(page.getByRole('heading', { name: '✓ 该推荐信真实有效' })).toBeVisible(slow);
  await expect(page.getByText(`被推荐学生：${studentName}`)).toBeVisible();
});
