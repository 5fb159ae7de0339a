// Decision 040: an admin places a paid student in a venue, sorts that venue's houses and
// publishes both results; the student sees the course card, opens the reveal and sees their house. A student of
// another venue gets 仅限北京会场 on /sorting-ceremony. Needs the demo programme's venues and houses (seeded by
// the the after-admission "structure" work); each project uses its own venue so a published house result (no reruns after
// publishing) never blocks the other: desktop places its student in Beijing, the phone in the online venue.
import type { Browser, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { callApi } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginViaApi, studentAt } from '../support/journey.ts';
import { LoginScreen } from '../support/login-screen.ts';

interface Overview {
  now: string;
  venues: Array<{ id: number; place_name: string; name: string; house_publish_at: string | null; venue_publish_at: string | null }>;
}

async function put(baseURL: string, path: string, token: string, body: unknown) {
  const res = await fetch(new URL(path, baseURL), { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return (await res.json()) as { status: number | string; msg: string };
}

async function overview(baseURL: string, admin: string): Promise<Overview> {
  const res = await callApi<Overview>(baseURL, 'GET', '/api/admin/placement', { token: admin });
  return res.data!;
}

/** The admin's part in the browser (desktop): find the moved student, sort the venue's houses, publish now. */
async function placeInBrowser(browser: Browser, studentPhone: string, venueName: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin/, { timeout: 30_000 });
  await page.goto('/admin/placement');
  // The student's row shows the move made through the API (picking in antd's per-row dropdown is not reliable
  // under load; the move's rules and audit are covered by the API tests).
  const search = page.getByPlaceholder('姓名或手机号');
  // The console renders three cards and two tables first: on a loaded machine that takes a while.
  await expect(search).toBeEditable({ timeout: 60_000 });
  // By phone: a retry makes another student with the same name.
  await search.fill(studentPhone, { timeout: 60_000 });
  await search.press('Enter');
  // The list masks phones (139****1234); the search by the full number finds exactly this student.
  const masked = `${studentPhone.slice(0, 3)}****${studentPhone.slice(-4)}`;
  await expect(page.getByRole('row').filter({ hasText: masked })).toContainText(`${venueName}（手动）`);

  // The row is found by its publication group, which stays when publishing replaces the seed box.
  const venueRow = page.getByRole('row').filter({ has: page.getByRole('group', { name: `${venueName} 会场结果` }) });
  await venueRow.getByRole('textbox', { name: `${venueName} 随机种子` }).fill('e2e-seed');
  await venueRow.getByRole('button', { name: /分配学院/ }).click();
  await page.locator('.ant-popover:visible').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(venueRow).toContainText('种子 e2e-seed');
  for (const label of [`${venueName} 会场结果`, `${venueName} 学院结果`]) {
    const group = venueRow.getByRole('group', { name: label });
    await expect(group).toContainText(/未设置|待公布|已公布/);
    // The demo publishes the venue result for the whole programme at its first start: publish what is pending.
    if (/已公布/.test((await group.textContent()) ?? '')) continue;
    await group.getByRole('button', { name: '立即公布' }).click();
    await expect(group).toContainText(/待公布|已公布/);
  }
  // 立即公布 sets the time one second ahead: once it has passed, the page shows it published.
  await page.waitForTimeout(1500);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: venueName }).first()).toContainText('已公布，不能重新分配', { timeout: 15_000 });
  await context.close();
}

/** The admin's part through the API (phone project; the admin console is desktop-first). */
async function placeViaApi(baseURL: string, admin: string, studentId: number, venueId: number) {
  expect((await callApi(baseURL, 'POST', '/api/admin/placement/move', { token: admin, body: { student_id: studentId, venue_id: venueId } })).status).toBe(200);
  const sort = await callApi(baseURL, 'POST', '/api/admin/placement/house-sort', { token: admin, body: { venue_id: venueId, seed: 'e2e-phone' } });
  expect(sort.status).toBe(200);
  const now = new Date(Date.now() + 1000).toISOString();
  for (const kind of ['venue', 'house'] as const) await put(baseURL, '/api/admin/placement/publication', admin, { kind, venue_id: venueId, publish_at: now });
  await new Promise((r) => setTimeout(r, 1500));
}

async function studentPage(page: Page, token: string) {
  await loginInBrowser(page, token);
  await page.goto('/student/card/course');
}

test('a paid student sees their venue on the card, opens the reveal and meets their house; other venues get 仅限北京会场', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const base = baseURL as string;
  const phone = testInfo.project.name === 'phone';
  const admin = await loginViaApi(base, DEMO.admin, DEMO_PASSWORD);
  const venues = (await overview(base, admin)).venues;
  const target = venues.find((v) => v.place_name === (phone ? 'online' : 'beijing'));
  test.skip(!target, 'the demo programme has no venues yet (seeded by the the after-admission structure work)');

  const student = await studentAt(base, 'paid', phone ? '林知远' : '沈星河');
  await studentPage(page, student.token);
  // Before anything is published: the card says so, no venue is shown.
  await expect(page.getByRole('heading', { name: '我的会场与选课' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('card-venue')).toHaveText('暂无会场信息');

  if (phone) await placeViaApi(base, admin, student.userId, target!.id);
  else {
    expect((await callApi(base, 'POST', '/api/admin/placement/move', { token: admin, body: { student_id: student.userId, venue_id: target!.id } })).status).toBe(200);
    await placeInBrowser(browser, student.phone, target!.name);
  }

  await page.reload();
  await expect(page.getByTestId('card-venue')).toHaveText(target!.name);
  await page.getByRole('button', { name: '揭晓我的学院' }).click();
  await expect(page).toHaveURL(/\/student\/house-reveal-begin$/);
  await page.getByRole('button', { name: '揭晓我的学院' }).click();
  await expect(page).toHaveURL(/\/student\/house-reveal-result$/);
  const house = page.getByTestId('reveal-house');
  await expect(house).toHaveText(/学院$/);
  const houseName = (await house.textContent()) ?? '';
  // Back on the card: the house is there and the "new" badge is gone.
  await page.getByRole('link', { name: '返回我的会场与选课' }).click();
  await expect(page.getByTestId('card-house')).toContainText(houseName.replace(/学院$/, ''));
  await expect(page.getByRole('button', { name: '揭晓我的学院' })).toHaveCount(0);

  if (!phone) {
    await page.getByRole('link', { name: '分院仪式' }).click();
    await expect(page.getByRole('heading', { name: /分院仪式/ })).toBeVisible();
  }

  // A paid student of another venue: /sorting-ceremony answers 仅限北京会场 and sends them to their card.
  const other = await studentAt(base, 'paid', phone ? '林知行' : '沈星野');
  const elsewhere = venues.find((v) => v.place_name !== 'beijing')!;
  expect((await callApi(base, 'POST', '/api/admin/placement/move', { token: admin, body: { student_id: other.userId, venue_id: elsewhere.id } })).status).toBe(200);
  const published = (await overview(base, admin)).venues.find((v) => v.id === elsewhere.id)!;
  if (!published.venue_publish_at || Date.parse(published.venue_publish_at) > Date.now()) {
    await put(base, '/api/admin/placement/publication', admin, { kind: 'venue', venue_id: elsewhere.id, publish_at: new Date(Date.now() + 1000).toISOString() });
    await new Promise((r) => setTimeout(r, 1500));
  }
  const otherPage = await page.context().browser()!.newPage({ viewport: page.viewportSize()! });
  await loginInBrowser(otherPage, other.token);
  await otherPage.goto('/sorting-ceremony');
  await expect(otherPage.getByText('仅限北京会场').first()).toBeVisible({ timeout: 30_000 });
  await expect(otherPage).toHaveURL(/\/student\/card\/course$/, { timeout: 15_000 });
  await otherPage.close();
});
