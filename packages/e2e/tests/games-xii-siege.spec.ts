// Decision 105: 十二学院攻城. A paid student placed in a house opens /xii-siege: twelve territories, each with its
// holder, the student's own house marked with what it needs for one more; after staff give that house 学院杯 points,
// a reload shows it holding more territories. Desktop and phone (375 px).
import { test, expect, PHONE } from '../support/fixtures.ts';
import { callApi, ok } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginViaApi, studentAt } from '../support/journey.ts';

interface Siege {
  houses: Array<{ house_id: number; name: string; territories: number; to_next: number | null }>;
  my_house_id: number | null;
}

test('a student sees the twelve territories, and their house gains ground when it earns 学院杯 points', PHONE, async ({ page, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  const phone = testInfo.project.name === 'phone';
  const student = await studentAt(base, 'paid', phone ? '攻城手机同学' : '攻城电脑同学');
  const admin = await loginViaApi(base, DEMO.admin, DEMO_PASSWORD);
  const overview = await ok('placement', callApi<{ venues: Array<{ id: number; place_name: string }> }>(base, 'GET', '/api/admin/placement', { token: admin }));
  const venue = overview.venues.find((v) => v.place_name === 'shanghai') ?? overview.venues[0]!;
  const moved = await ok('move', callApi<{ house: { code: string } | null }>(base, 'POST', '/api/admin/placement/move', { token: admin, body: { student_id: student.userId, venue_id: venue.id } }));
  if (!moved.house) await ok('house sort', callApi(base, 'POST', '/api/admin/placement/house-sort', { token: admin, body: { venue_id: venue.id, seed: `siege-${Date.now()}` } }));

  await loginInBrowser(page, student.token);
  await page.goto('/xii-siege');
  await expect(page.getByRole('heading', { name: '十二学院攻城' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('list', { name: '领地地图' }).getByRole('listitem')).toHaveCount(12);
  await expect(page.getByTestId('siege-mine')).toContainText('你的学院');
  if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const before = await ok('siege', callApi<Siege>(base, 'GET', '/api/student/xii-siege', { token: student.token }));
  const mine = before.houses.find((h) => h.house_id === before.my_house_id)!;
  if (mine.to_next !== null) {
    await ok('give', callApi(base, 'POST', '/api/admin/house-cup', { token: admin, body: { house_id: mine.house_id, points: Math.min(mine.to_next + 1, 1000), reason: '攻城测试加分' } }));
    await page.reload();
    const after = await ok('siege', callApi<Siege>(base, 'GET', '/api/student/xii-siege', { token: student.token }));
    const now = after.houses.find((h) => h.house_id === mine.house_id)!;
    expect(now.territories).toBeGreaterThan(mine.territories);
    await expect(page.getByTestId('siege-mine')).toContainText(`占领 ${now.territories} 块领地`, { timeout: 30_000 });
  }
});
