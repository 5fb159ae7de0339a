// Decision 101: a paid student placed in a house opens Mission X from the activity hub, hands in a photo and a few
// words, a teacher accepts it on /teacher/mission-x, and the mission's points show on the 学院杯 board (/12house) for
// the student's house. Desktop and phone (375 px) each use their own student and mission; the board is read before
// and after, and other specs may add points at the same time, so the check is "at least the mission's points more".
import type { Browser, Page } from '@playwright/test';
import { test, expect, PHONE } from '../support/fixtures.ts';
import { callApi, ok } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { TINY_PNG } from '../support/admission.ts';
import { loginInBrowser, loginTeacherInBrowser, loginViaApi, studentAt } from '../support/journey.ts';

const POINTS = 9;

interface Board {
  houses: Array<{ code: string; name: string; points: number }>;
}

async function placeInHouse(base: string, admin: string, studentId: number) {
  const overview = await ok('placement', callApi<{ venues: Array<{ id: number; place_name: string }> }>(base, 'GET', '/api/admin/placement', { token: admin }));
  const venue = overview.venues.find((v) => v.place_name === 'shanghai') ?? overview.venues[0]!;
  const moved = await ok('move', callApi<{ house: { code: string } | null }>(base, 'POST', '/api/admin/placement/move', { token: admin, body: { student_id: studentId, venue_id: venue.id } }));
  // A venue not sorted yet is sorted now; one already sorted placed the student in its smallest house.
  if (!moved.house) await ok('house sort', callApi(base, 'POST', '/api/admin/placement/house-sort', { token: admin, body: { venue_id: venue.id, seed: `mx-${Date.now()}` } }));
}

async function contextFor(browser: Browser, phone: boolean) {
  return browser.newContext(phone ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } });
}

async function pointsOnBoard(page: Page, code: string): Promise<number> {
  const text = (await page.getByTestId(`cup-${code}`).locator('.plc-cup__points').textContent()) ?? '';
  return Number(/(-?\d+) 分/.exec(text)?.[1] ?? NaN);
}

test('a student hands in a Mission X task from the hub, a teacher accepts it, and the points show on the house board', PHONE, async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(300_000);
  const base = baseURL!;
  const phone = testInfo.project.name === 'phone';
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const name = phone ? '任务手机同学' : '任务电脑同学';
  const title = `端到端任务 ${tag}`;

  const student = await studentAt(base, 'paid', name);
  const admin = await loginViaApi(base, DEMO.admin, DEMO_PASSWORD);
  await placeInHouse(base, admin, student.userId);

  // The teacher posts the mission into the demo's Mission X activity (the form itself is exercised below on edit).
  const teacher = await loginViaApi(base, DEMO.teacher, DEMO_PASSWORD);
  const teacherBoard = await ok('teacher board', callApi<{ activities: Array<{ id: number; window: string }> }>(base, 'GET', '/api/teacher/mission-x', { token: teacher }));
  const activity = teacherBoard.activities.find((a) => a.window === 'open')!;
  await ok(
    'post',
    callApi(base, 'POST', '/api/teacher/mission-x', {
      token: teacher,
      body: { activity_id: activity.id, title, brief: '拍下你的书桌，说说它如何帮你专注。', deliverables: ['text', 'image'], points: POINTS, due_at: new Date(Date.now() + 3 * 86_400_000).toISOString() },
    }),
  );

  // The student: hub → Mission X → hand in text and a photo.
  await loginInBrowser(page, student.token);
  await page.goto('/student/card/hub');
  await page.getByRole('link', { name: /Mission X：夏日探索任务/ }).first().click({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/student\/card\/mission-x(\?id=\d+)?$/);
  await expect(page.getByRole('heading', { name: 'Mission X', exact: true })).toBeVisible({ timeout: 60_000 });
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card).toContainText('未提交');
  await card.getByRole('button', { name: '提交任务' }).click();
  const form = card.getByRole('form', { name: `提交「${title}」` });
  await form.getByLabel('文字').fill('我的书桌靠窗，桌上的沙漏帮我专注二十五分钟。');
  await form.getByTestId('file-input').setInputFiles({ name: 'desk.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(form.getByRole('list', { name: '已上传的文件' })).toContainText('desk.png', { timeout: 20_000 });
  // Images need the student's word that the people shown agreed.
  await form.getByRole('button', { name: '提交', exact: true }).click();
  await expect(form.getByText('提交图片或视频前，请确认画面中出现的每个人都已同意')).toBeVisible();
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: '提交', exact: true }).click();
  await expect(page.getByText('已提交，等待老师批阅')).toBeVisible();
  await expect(card).toContainText('待批阅');
  if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const before = await ok('board', callApi<Board>(base, 'GET', '/api/house-cup'));

  // The teacher accepts it on /teacher/mission-x.
  const teacherContext = await contextFor(browser, phone);
  const teacherPage = await teacherContext.newPage();
  await loginTeacherInBrowser(teacherPage, teacher);
  await teacherPage.goto('/teacher/mission-x');
  const mission = teacherPage.getByRole('listitem').filter({ has: teacherPage.getByRole('heading', { name: title }) });
  await expect(mission).toContainText('待批阅 1', { timeout: 60_000 });
  await mission.getByRole('button', { name: '查看提交' }).click();
  const handIn = mission.getByRole('list', { name: `「${title}」的提交` }).getByRole('listitem').filter({ hasText: name });
  await expect(handIn).toContainText('我的书桌靠窗');
  await expect(handIn.getByRole('button', { name: /desk\.png/ })).toBeVisible();
  // The picture itself, fetched with the teacher's login (a plain <img src> could not send it).
  await expect(handIn.getByRole('img', { name: 'desk.png' })).toBeVisible({ timeout: 15_000 });
  expect(await handIn.getByRole('img', { name: 'desk.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // 退回 needs a comment: the page says so before sending.
  await handIn.getByRole('button', { name: '退回' }).click();
  await expect(handIn.getByText('退回或撤销通过时请填写评语')).toBeVisible();
  await handIn.getByLabel(/评语/).fill('观察细致，通过！');
  await handIn.getByRole('button', { name: '通过' }).click();
  await expect(teacherPage.getByText('已通过', { exact: true }).first()).toBeVisible();
  await expect(mission).toContainText('已通过 1');
  await teacherContext.close();

  // The student sees the result and the comment; the points went to their house.
  await page.reload();
  await expect(card).toContainText('已通过', { timeout: 30_000 });
  await expect(card).toContainText('观察细致，通过！');
  const mine = await ok('student board', callApi<{ missions: Array<{ title: string; hand_in: { points_house: string | null } | null }> }>(base, 'GET', '/api/student/activity/mission-x', { token: student.token }));
  const houseName = mine.missions.find((m) => m.title === title)?.hand_in?.points_house;
  expect(houseName).toBeTruthy();
  const house = before.houses.find((h) => h.name === houseName)!;
  await expect(card).toContainText(`已为${house.name}赢得 ${POINTS} 分`);

  await page.getByRole('link', { name: '查看学院杯积分榜' }).click();
  await expect(page.getByRole('heading', { name: '学院杯积分榜' })).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => pointsOnBoard(page, house.code), { timeout: 30_000 }).toBeGreaterThanOrEqual(house.points + POINTS);
});
