// Decision 089: at 375 px the teacher's roster and the student's cart are cards, not squeezed table columns (names
// used to wrap one character per line, cart titles sat in ~80 px). Measured in the page: every name sits on one
// line, every cart title gets the card's width, nothing scrolls sideways; the cart's clash warning shows on the
// phone too. The same pages at 1280 px keep the roster table. Phone project (phone-*.spec.ts); its own course,
// venue, round and students, so nothing other specs read changes.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { callApi, ok } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginViaApi, studentAt } from '../support/journey.ts';
import { adminCourse, adminEnrol, adminToken } from '../support/course-admin.ts';

const slow = { timeout: 45_000 };



/** Sideways overflow of the document: none allowed at 375 px. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the roster is cards at 375 px, a table at 1280 px; names stay on one line', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const tag = randomBytes(3).toString('hex');
  const admin = await adminToken(base);
  const course = await adminCourse(base, admin, { code: `RSC${tag}`, title: `跨学科研究方法${tag}` });
  const names = [`欧阳明月${tag}`, `司马长风${tag}`];
  for (const name of names) await adminEnrol(base, admin, course, (await studentAt(base, 'paid', name)).userId);
  const teacher = await loginViaApi(base, DEMO.teacher, DEMO_PASSWORD);
  await page.addInitScript((t) => {
    localStorage.setItem('teacher_token', t);
    localStorage.setItem('last_login_role', 'teacher');
  }, teacher);

  await page.goto(`/teacher/course-detail/${course.id}/${course.period}`);
  const cards = page.getByTestId('roster-card');
  await expect(cards).toHaveCount(2, slow);
  await expect(page.locator('.teach-roster-table')).toBeHidden();
  for (const name of names) {
    const card = cards.filter({ hasText: name });
    const box = (await card.locator('.teach-roster-card__name').boundingBox())!;
    // One line of a 16 px name (about 24 px tall), at least the width of its characters — never a column of single characters.
    expect(box.height).toBeLessThan(32);
    expect(box.width).toBeGreaterThan(100);
    for (const label of ['出勤', '迟到', '请假', '缺勤']) await expect(card.getByText(label, { exact: true })).toBeVisible();
    const counts = await card.locator('.teach-roster-card__counts > div').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
    expect(Math.min(...counts)).toBeGreaterThan(50);
  }
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('roster-375.png'), fullPage: true });

  // A desktop keeps the table.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.locator('.teach-roster-table table')).toBeVisible();
  await expect(cards.first()).toBeHidden();
  await expect(page.locator('.teach-roster-table').getByRole('row', { name: new RegExp(names[0]!) })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('roster-1280.png'), fullPage: true });
});

test('the cart is cards at 375 px: each title has the card’s width, the clash is warned before submitting', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const tag = randomBytes(3).toString('hex');
  const admin = await loginViaApi(base, DEMO.admin, DEMO_PASSWORD);
  const student = await studentAt(base, 'paid', `陈购物车${tag}`);
  const venue = await ok('venue', callApi<{ id: number; name: string }>(base, 'POST', '/api/admin/venues', { token: admin, body: { place_name: `cart-${tag}`, name: `卡片会场${tag}`, city: '', capacity: 20, session_keys: ['first'] } }));
  const seminar = (code: string, title: string) => ({
    code,
    title,
    category: 'seminar',
    session_key: 'first',
    venue_id: venue.id,
    capacity: 10,
    teacher_name: '吴老师',
    meetings: [{ starts_at: '2027-07-18T11:00:00+08:00', ends_at: '2027-07-18T11:30:00+08:00', location: '线上' }],
  });
  const titles = [`人工智能伦理与社会治理前沿${tag}`, `全球气候变化的经济学分析${tag}`];
  const courses = [
    await ok('course A', callApi<{ id: number }>(base, 'POST', '/api/admin/courses', { token: admin, body: seminar(`CRA${tag}`, titles[0]!) })),
    await ok('course B', callApi<{ id: number }>(base, 'POST', '/api/admin/courses', { token: admin, body: seminar(`CRB${tag}`, titles[1]!) })),
  ];
  await ok('move', callApi(base, 'POST', '/api/admin/placement/move', { token: admin, body: { student_id: student.userId, venue_id: venue.id } }));
  await ok('house sort', callApi(base, 'POST', '/api/admin/placement/house-sort', { token: admin, body: { venue_id: venue.id, seed: `cart-${tag}` } }));
  for (const kind of ['venue', 'house'] as const) await ok(`publish ${kind}`, callApi(base, 'PUT', '/api/admin/placement/publication', { token: admin, body: { kind, venue_id: venue.id, publish_at: new Date().toISOString() } }));
  // A round of this venue only, opening in an hour: the cart fills before the opening, nothing is grabbed.
  const round = await ok('round', callApi<{ id: number }>(base, 'POST', '/api/admin/selection-rounds', {
    token: admin,
    body: { name: `卡片轮次${tag}`, session_key: 'first', venue_id: venue.id, categories: ['seminar'], mode: 'grab', opens_at: new Date(Date.now() + 3_600_000).toISOString(), closes_at: new Date(Date.now() + 7_200_000).toISOString() },
  }));
  await ok('open round', callApi(base, 'POST', `/api/admin/selection-rounds/${round.id}/status`, { token: admin, body: { status: 'open' } }));
  for (const c of courses) await ok('cart', callApi(base, 'POST', '/api/student/course-center/cart', { token: student.token, body: { course_id: c.id } }));

  await loginInBrowser(page, student.token);
  await page.goto('/student/course');
  const cart = page.getByRole('list', { name: '选课车' });
  await expect(cart.getByRole('listitem')).toHaveCount(2, slow);
  const warning = page.getByRole('alert').filter({ hasText: '提交前请注意' });
  await expect(warning).toContainText(`《${titles[0]}》与《${titles[1]}》时间冲突`, slow);
  const cardWidth = (await cart.getByRole('listitem').first().boundingBox())!.width;
  for (const title of titles) {
    const line = cart.getByRole('listitem').filter({ hasText: title });
    const titleBox = (await line.locator('.cc-list__title').boundingBox())!;
    // The title has the card's line to itself (the buttons sit beneath), not a column beside three buttons.
    expect(titleBox.width).toBeGreaterThan(cardWidth * 0.75);
    await expect(line.getByRole('button', { name: `移除 ${title}` })).toBeVisible();
  }
  for (const title of titles) {
    const grab = page.getByRole('button', { name: `抢课：${title}` });
    expect((await grab.boundingBox())!.width).toBeGreaterThan(cardWidth * 0.75);
  }
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('cart-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(warning).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('cart-1280.png'), fullPage: true });
});
