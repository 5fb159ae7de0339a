// Decision 105: 脑力奥赛 live. A paid student placed in a house opens /student/brain-olympics and waits; the host
// pushes the first question from /teacher/brain-olympics; the question appears on the student's page without a
// reload (the live stream), the student answers, the round's leaderboard moves for the student's house, and after the
// question's seconds the page tells the student the answer was right. Desktop and phone (375 px) each use their own
// student and round.
import type { Browser } from '@playwright/test';
import { test, expect, PHONE } from '../support/fixtures.ts';
import { callApi, ok } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginTeacherInBrowser, loginViaApi, studentAt } from '../support/journey.ts';

async function placeInHouse(base: string, admin: string, studentId: number) {
  const overview = await ok('placement', callApi<{ venues: Array<{ id: number; place_name: string }> }>(base, 'GET', '/api/admin/placement', { token: admin }));
  const venue = overview.venues.find((v) => v.place_name === 'shanghai') ?? overview.venues[0]!;
  const moved = await ok('move', callApi<{ house: { code: string } | null }>(base, 'POST', '/api/admin/placement/move', { token: admin, body: { student_id: studentId, venue_id: venue.id } }));
  if (!moved.house) await ok('house sort', callApi(base, 'POST', '/api/admin/placement/house-sort', { token: admin, body: { venue_id: venue.id, seed: `go-${Date.now()}` } }));
}

async function contextFor(browser: Browser, phone: boolean) {
  return browser.newContext(phone ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } });
}

test('a host pushes a question live, the student answers it, and the house leaderboard moves', PHONE, async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const phone = testInfo.project.name === 'phone';
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const title = `端到端轮 ${tag}`;

  const student = await studentAt(base, 'paid', phone ? '奥赛手机同学' : '奥赛电脑同学');
  const admin = await loginViaApi(base, DEMO.admin, DEMO_PASSWORD);
  await placeInHouse(base, admin, student.userId);

  const teacher = await loginViaApi(base, DEMO.teacher, DEMO_PASSWORD);
  const board = await ok('teacher board', callApi<{ activities: Array<{ id: number; window: string }> }>(base, 'GET', '/api/teacher/brain-olympics', { token: teacher }));
  const activity = board.activities.find((a) => a.window === 'open')!;
  await ok(
    'create',
    callApi(base, 'POST', '/api/teacher/brain-olympics', {
      token: teacher,
      body: { activity_id: activity.id, title, questions: [{ prompt: '中国的首都是哪座城市？', choices: ['上海', '北京', '广州'], answer: 1, seconds: 8, points: 10 }] },
    }),
  );

  // The student waits on the page: the round is there, no question yet.
  await loginInBrowser(page, student.token);
  await page.goto('/student/brain-olympics');
  await expect(page.getByRole('heading', { name: '脑力奥赛', exact: true })).toBeVisible({ timeout: 60_000 });
  const round = page.locator('section.go-card').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(round).toContainText('等待老师推送第一题', { timeout: 30_000 });
  await expect(round.getByTestId('go-stream')).toHaveText('实时连接中', { timeout: 30_000 });

  // The host pushes it from the teacher's page.
  const teacherContext = await contextFor(browser, phone);
  const teacherPage = await teacherContext.newPage();
  await loginTeacherInBrowser(teacherPage, teacher);
  await teacherPage.goto('/teacher/brain-olympics');
  const hosted = teacherPage.locator('section.go-card').filter({ has: teacherPage.getByRole('heading', { name: title }) });
  await hosted.getByRole('button', { name: '开始：推送第一题' }).click({ timeout: 60_000 });
  await expect(teacherPage.getByText('题目已推送给所有参赛同学')).toBeVisible();

  // It arrives on the student's page without a reload; the student answers.
  const question = round.getByTestId('go-question');
  await expect(question).toContainText('中国的首都是哪座城市？', { timeout: 10_000 });
  await question.getByRole('button', { name: 'B. 北京' }).click();
  await expect(round).toContainText('已提交答案（B）');
  // The leaderboard moves: one answer, the student's house with 10 points.
  await expect(round).toContainText('共 1 次作答', { timeout: 10_000 });
  await expect(round.getByRole('list', { name: '学院得分' })).toContainText('10 分');
  await expect(round.getByRole('list', { name: '学院得分' })).toContainText('（我的学院）');
  // The host's page moves too.
  await expect(hosted).toContainText('共 1 次作答', { timeout: 10_000 });
  if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await teacherContext.close();

  // After the seconds: right, and +10.
  await expect(round.getByTestId('go-verdict')).toContainText('回答正确，+10 分！', { timeout: 20_000 });
  // A late answer through the API is refused with the Chinese message.
  const mine = await ok('student board', callApi<{ rounds: Array<{ title: string; current: { id: number } | null }> }>(base, 'GET', '/api/student/brain-olympics', { token: student.token }));
  const qid = mine.rounds.find((r) => r.title === title)!.current!.id;
  const late = await callApi(base, 'POST', `/api/student/brain-olympics/questions/${qid}/answer`, { token: student.token, body: { choice: 1 } });
  expect(late.msg).toBe('作答时间已过，本次作答未被记录');
});
