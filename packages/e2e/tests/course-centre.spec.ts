// Decisions 040–042, the paid student's walk after tuition: an admin (through the admin API) makes a venue with two
// seminars, places a freshly paid student there, sorts and publishes its houses, and opens a grab round a few
// seconds ahead (in the browser on desktop). The student sees their venue and the course countdown on the card, reveals their house, wishes two
// courses, ranks them, puts one in the cart (a second one at the same time is flagged there, then removed), waits for the server-clock countdown, grabs, and sees the timetable.
// Desktop and 375 px. Everything the test needs is its own (venue, courses, round, student), so it runs on the
// embedded database and never changes what other specs see: the round belongs to the test's venue only.
import { randomBytes } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { test, expect, PHONE } from '../support/fixtures.ts';
import { callApi, type Envelope } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginViaApi, studentAt } from '../support/journey.ts';
import { LoginScreen } from '../support/login-screen.ts';

// Every click refetches the catalogue and the lists; on a loaded 2-core machine that can outlast the default 15 s.
test.use({ actionTimeout: 45_000 });
/** Pages load after a navigation or reload: generous on a loaded machine. */
const slow = { timeout: 45_000 };

async function put<T>(baseURL: string, path: string, token: string, body: unknown): Promise<Envelope<T>> {
  const res = await fetch(new URL(path, baseURL), { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return (await res.json()) as Envelope<T>;
}

async function ok<T>(what: string, answer: Promise<Envelope<T>>): Promise<T> {
  const res = await answer;
  if (res.status !== 200) throw new Error(`${what}: ${String(res.status)} ${res.msg}`);
  return res.data as T;
}

/** A seminar of the first session at the venue, meeting once on the session's second day (Beijing time). */
function seminar(code: string, title: string, venueId: number, hour: number) {
  return {
    code,
    title,
    category: 'seminar',
    session_key: 'first',
    venue_id: venueId,
    capacity: 10,
    teacher_name: '吴老师',
    meetings: [{ starts_at: `2027-07-18T${String(hour).padStart(2, '0')}:00:00+08:00`, ends_at: `2027-07-18T${String(hour).padStart(2, '0')}:30:00+08:00`, location: '线上' }],
  };
}

/** Beijing wall-clock text of an instant, as the admin's date pickers take it. */
const beijingText = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** The admin's round in the browser (desktop): 选课轮次 → 新建 for the test's venue only → 开放. */
async function openRoundInBrowser(browser: Browser, round: { name: string; venueName: string; opensAt: number; closesAt: number }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin/, slow);
  await page.goto('/admin/selection-rounds');
  const form = page.getByRole('region', { name: '新建选课轮次' });
  await form.getByLabel('轮次名称').fill(round.name);
  await form.getByRole('combobox', { name: '会场' }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(round.venueName).click();
  const [from, to] = [form.locator('.ant-picker-range input').first(), form.locator('.ant-picker-range input').last()];
  await from.click();
  await from.fill(beijingText(round.opensAt));
  await from.press('Enter');
  await to.fill(beijingText(round.closesAt));
  await to.press('Enter');
  await form.getByRole('button', { name: /创\s*建/ }).click();
  const row = page.getByRole('row').filter({ hasText: round.name });
  await expect(row).toContainText('草稿', slow);
  await expect(row).toContainText(round.venueName);
  await row.getByRole('button', { name: /开\s*放/ }).click();
  await expect(row).toContainText('已开放', slow);
  await context.close();
}

test('a paid student sees the card, reveals their house, wishes, ranks, grabs at the opening second and sees the timetable', PHONE, async ({ page, baseURL, browser }, testInfo) => {
  test.setTimeout(300_000);
  const base = baseURL!;
  const tag = randomBytes(3).toString('hex');
  const admin = await loginViaApi(base, DEMO.admin, DEMO_PASSWORD);
  const student = await studentAt(base, 'paid', '林选课');

  // The admin's set-up: a venue of the first session, two seminars there, the student placed, houses sorted and
  // both results published now (the venue's own publication rows, so the programme-wide ones do not matter).
  const venue = await ok('venue', callApi<{ id: number; name: string }>(base, 'POST', '/api/admin/venues', { token: admin, body: { place_name: `cc-${tag}`, name: `测试会场${tag}`, city: '', capacity: 20, session_keys: ['first'] } }));
  await ok('course A', callApi(base, 'POST', '/api/admin/courses', { token: admin, body: seminar(`E2EA${tag}`, `逻辑与论证${tag}`, venue.id, 9) }));
  await ok('course B', callApi(base, 'POST', '/api/admin/courses', { token: admin, body: seminar(`E2EB${tag}`, `科学史${tag}`, venue.id, 11) }));
  await ok('course C', callApi(base, 'POST', '/api/admin/courses', { token: admin, body: seminar(`E2EC${tag}`, `同时段${tag}`, venue.id, 11) }));
  await ok('move', callApi(base, 'POST', '/api/admin/placement/move', { token: admin, body: { student_id: student.userId, venue_id: venue.id } }));
  await ok('house sort', callApi(base, 'POST', '/api/admin/placement/house-sort', { token: admin, body: { venue_id: venue.id, seed: `e2e-${tag}` } }));
  for (const kind of ['venue', 'house'] as const) await ok(`publish ${kind}`, put(base, '/api/admin/placement/publication', admin, { kind, venue_id: venue.id, publish_at: new Date().toISOString() }));

  // The round of this venue only, opening 40 s from now (the latest open round governs the venue's students):
  // made and opened by the admin in the browser on desktop, through the API on the phone (the console is desktop-first).
  const now = Date.now();
  const phone = testInfo.project.name === 'phone';
  // The browser's admin part takes a while on a loaded machine: the desktop round opens later. Whole seconds (pickers).
  const opensAt = Math.ceil((now + (phone ? 40_000 : 75_000)) / 1000) * 1000;
  const name = `研讨课抢课${tag}`;
  if (phone) {
    const round = await ok('round', callApi<{ id: number }>(base, 'POST', '/api/admin/selection-rounds', {
      token: admin,
      body: { name, session_key: 'first', venue_id: venue.id, categories: ['seminar'], mode: 'grab', opens_at: new Date(opensAt).toISOString(), closes_at: new Date(now + 3_600_000).toISOString() },
    }));
    await ok('open round', callApi(base, 'POST', `/api/admin/selection-rounds/${round.id}/status`, { token: admin, body: { status: 'open' } }));
  } else {
    await openRoundInBrowser(browser, { name, venueName: venue.name, opensAt, closesAt: now + 3_600_000 });
  }

  // The card: venue, a countdown to the round (while it has not opened), and the house to reveal.
  await loginInBrowser(page, student.token);
  await page.goto('/student/card/course');
  await expect(page.getByTestId('card-venue')).toHaveText(venue.name, slow);
  if (Date.now() < opensAt - 10_000) await expect(page.getByTestId('course-countdown')).toBeVisible(slow);
  await page.getByRole('button', { name: '揭晓我的学院' }).click();
  await expect(page).toHaveURL(/\/student\/house-reveal-begin$/, slow);
  await page.getByRole('button', { name: '揭晓我的学院' }).click();
  await expect(page.getByTestId('reveal-house')).toHaveText(/学院$/, slow);
  await page.getByRole('link', { name: '返回我的会场与选课' }).click();
  await page.getByRole('link', { name: '课程预览' }).click();

  // Wish two courses, rank them, and put the first-ranked one in the cart.
  await expect(page).toHaveURL(/\/course\/preview\/list$/, slow);
  const cardA = page.getByRole('article', { name: `逻辑与论证${tag}` });
  const cardB = page.getByRole('article', { name: `科学史${tag}` });
  await cardA.getByRole('button', { name: '加入志愿' }).click();
  await expect(cardA.getByRole('button', { name: '已在志愿单' })).toBeVisible(slow);
  await cardB.getByRole('button', { name: '加入志愿' }).click();
  await expect(cardB.getByRole('button', { name: '已在志愿单' })).toBeVisible(slow);

  await page.getByRole('navigation', { name: '选课中心' }).getByRole('link', { name: '我的志愿' }).click();
  const wish = page.getByRole('list', { name: '我的志愿' });
  await expect(wish.getByRole('listitem').first()).toContainText(`逻辑与论证${tag}`, slow);
  await wish.getByRole('button', { name: `下移 逻辑与论证${tag}` }).click();
  await expect(wish.getByRole('listitem').first()).toContainText(`科学史${tag}`, slow);
  await page.reload();
  await expect(page.getByRole('list', { name: '我的志愿' }).getByRole('listitem').first()).toContainText(`科学史${tag}`, slow);

  await page.goto('/course/preview/list');
  await page.getByRole('article', { name: `科学史${tag}` }).getByRole('button', { name: '加入选课车' }).click();
  await expect(page.getByRole('article', { name: `科学史${tag}` }).getByRole('button', { name: '已在选课车' })).toBeVisible(slow);

  // Decision 085: a second cart course at the same time is flagged on the cart before anything is submitted.
  await page.getByRole('article', { name: `同时段${tag}` }).getByRole('button', { name: '加入选课车' }).click();
  await expect(page.getByRole('article', { name: `同时段${tag}` }).getByRole('button', { name: '已在选课车' })).toBeVisible(slow);
  await page.getByRole('navigation', { name: '选课中心' }).getByRole('link', { name: '我的课表' }).click();
  const warning = page.getByRole('alert').filter({ hasText: '提交前请注意' });
  await expect(warning).toContainText(`《科学史${tag}》与《同时段${tag}》时间冲突`, slow);
  await page.getByRole('button', { name: `移除 同时段${tag}` }).click();
  await expect(warning).toBeHidden(slow);

  // The grab: disabled with a countdown until the server's clock reaches the opening, then one click.
  await page.getByRole('navigation', { name: '选课中心' }).getByRole('link', { name: '我的课表' }).click();
  const grab = page.getByRole('button', { name: `抢课：科学史${tag}` });
  if (Date.now() < opensAt - 8_000) {
    await expect(page.getByText('距离开放抢课还有')).toBeVisible(slow);
    await expect(grab).toBeDisabled();
  }
  await expect(grab).toBeEnabled({ timeout: 90_000 });
  // Decision 094: a grab still unanswered after a second (held here until the page says so) shows it is queued.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/student/course-center/cart/grab', async (route) => {
    await held;
    await route.continue();
  });
  await grab.click();
  await expect(page.getByRole('status').filter({ hasText: '你的请求正在排队' })).toBeVisible(slow);
  await expect(page.getByRole('button', { name: `排队中…科学史${tag}` })).toBeDisabled();
  release();
  await expect(page.getByText('选课成功').first()).toBeVisible(slow);
  await expect(page.getByRole('status').filter({ hasText: '你的请求正在排队' })).toBeHidden(slow);
  await page.unroute('**/api/student/course-center/cart/grab');
  await expect(page.getByLabel('课表')).toContainText(`科学史${tag}`, slow);

  // The server agrees: one seat, and the card now says selection is open.
  const mine = await ok('timetable', callApi<{ courses: Array<{ title: string }> }>(base, 'GET', '/api/student/course-center/my', { token: student.token }));
  expect(mine.courses.map((c) => c.title)).toEqual([`科学史${tag}`]);
  await page.goto('/student/card/course');
  await expect(page.getByRole('link', { name: '进入选课中心' })).toBeVisible(slow);
});
