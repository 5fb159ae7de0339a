// 数据分析 (decision 066): the admin opens the tab, the echarts funnel draws on a canvas, the stage
// numbers and conversions are shown as text, a filter changes them to the server's figures, and the profile
// export downloads — on a desktop and at 375 px.
import { test, expect } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { LoginScreen } from '../support/login-screen.ts';

test('the funnel draws, filters by batch and exports the analytics profiles', async ({ page }, testInfo) => {
  const isPhone = testInfo.project.name === 'phone';
  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await page.waitForURL(/\/admin/);
  const first = page.waitForResponse((r) => r.url().includes('/api/admin/analytics/funnel'));
  await page.goto('/admin/analytics');
  const all = (await (await first).json()) as { data: { counts: number[] } };
  expect(all.data.counts[0]).toBeGreaterThan(0);

  // The chart is drawn by echarts on a canvas, and follows the box's width at 375 px.
  const funnel = page.getByRole('img', { name: '招生漏斗图' });
  await expect(funnel.locator('canvas')).toHaveCount(1);
  await expect(page.getByRole('img', { name: '每日趋势图' }).locator('canvas')).toHaveCount(1);
  const box = await funnel.boundingBox();
  expect(box!.width).toBeGreaterThan(200);
  if (isPhone) expect(box!.x + box!.width).toBeLessThanOrEqual(375);

  // The numbers are text too: each stage's count and each adjacent conversion.
  const stats = page.getByLabel('各阶段人数');
  await expect(stats.locator('.ant-statistic').first()).toContainText('注册');
  await expect(stats.locator('.ant-statistic-content-value').first()).toHaveText(String(all.data.counts[0]));
  await expect(page.getByLabel('转化率')).toContainText(/注册 → 完善信息\s*\d+\.\d%/);
  await expect(page.getByLabel('访问与停留')).toContainText('平均停留');

  // A filter: early batch only. The figures become the server's figures for that filter.
  const early = page.waitForResponse((r) => r.url().includes('/api/admin/analytics/funnel') && r.url().includes('batch=early'));
  await page.getByRole('combobox', { name: '批次' }).click();
  await page.getByTitle('提前批（EB）').click();
  const filtered = (await (await early).json()) as { data: { counts: number[]; groups: Array<{ key: string }> } };
  expect(filtered.data.counts[0]).toBeLessThan(all.data.counts[0]!);
  await expect(stats.locator('.ant-statistic-content-value').first()).toHaveText(String(filtered.data.counts[0]));
  // The breakdown (a table on a desktop, cards at 375 px) now holds the early batch only.
  await expect(page.getByLabel('分组明细')).toContainText('提前批');
  await expect(page.getByLabel('分组明细')).not.toContainText('常规批');
  // Nothing on the tab pushes the page sideways at 375 px.
  if (isPhone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The analytics profiles of the filtered students download as an .xlsx.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 Excel' }).click();
  expect((await download).suggestedFilename()).toMatch(/^学生分析档案-\d{8}\.xlsx$/);
});
