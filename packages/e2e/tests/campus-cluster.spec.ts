// Decision 106: interest clusters. Staff create a two-seat club; a paid student opens /cluster, joins (the count
// moves to 1 / 2 and the button becomes 退出社团), then leaves. Desktop and phone (375 px).
import { test, expect, PHONE } from '../support/fixtures.ts';
import { callApi, ok } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginViaApi, studentAt } from '../support/journey.ts';

test('a student joins and leaves a club with limited seats', PHONE, async ({ page, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  const phone = testInfo.project.name === 'phone';
  const student = await studentAt(base, 'paid', phone ? '社团手机同学' : '社团电脑同学');
  const admin = await loginViaApi(base, DEMO.admin, DEMO_PASSWORD);
  const name = `航模社${phone ? '手机' : '电脑'}${Date.now() % 100000}`;
  const club = await ok('create', callApi<{ id: number }>(base, 'POST', '/api/admin/clusters', { token: admin, body: { name, description: '一起做航模', capacity: 2 } }));

  await loginInBrowser(page, student.token);
  await page.goto('/cluster');
  await expect(page.getByRole('heading', { name: '兴趣社团', level: 1 })).toBeVisible({ timeout: 60_000 });
  const card = page.getByTestId(`cluster-${club.id}`);
  await expect(card).toContainText('成员 0 / 2');
  await card.getByRole('button', { name: '加入社团' }).click();
  await expect(card).toContainText('成员 1 / 2（已加入）');
  await card.getByRole('button', { name: '退出社团' }).click();
  await expect(card).toContainText('成员 0 / 2');
  await expect(card.getByRole('button', { name: '加入社团' })).toBeVisible();
  if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
