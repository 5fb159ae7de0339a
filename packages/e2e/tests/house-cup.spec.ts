// Decision 060: an admin gives points to a house in 学院杯, the board updates at once, a
// student sees the new total on /12house, and the admin finds the entry in 操作日志 with its before and after.
// Desktop and phone (375 px, where the console's tables are cards) each use their own house, and read the total
// before giving, so the two projects and a retry never depend on each other.
import type { Page } from '@playwright/test';
import { TWELVE_HOUSES } from '@summit/domain';
import { test, expect, PHONE } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginViaApi } from '../support/journey.ts';
import { LoginScreen } from '../support/login-screen.ts';

const POINTS = 7;

async function pointsIn(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).locator('[class$="__points"]').textContent()) ?? '';
  const match = /(-?\d+) 分/.exec(text);
  if (!match) throw new Error(`no points in ${testId}: ${text}`);
  return Number(match[1]);
}

test('an admin gives points to a house, the board and /12house show them, and 操作日志 has the entry', PHONE, async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const phone = testInfo.project.name === 'phone';
  const house = TWELVE_HOUSES[phone ? 1 : 0]!;
  const reason = `学院杯端到端 ${testInfo.project.name} ${Date.now().toString(36)}`;

  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin/, { timeout: 60_000 });
  await page.goto('/admin/house-cup');
  const board = page.getByRole('region', { name: '积分榜' });
  await expect(board.getByTestId(`board-${house.code}`)).toBeVisible({ timeout: 60_000 });
  const before = await pointsIn(page, `board-${house.code}`);

  // 加分: house, points, reason; 会场 left as 全部.
  const form = page.getByRole('region', { name: '加分或扣分' });
  await form.getByLabel('学院').click();
  await page.locator('.ant-select-item-option').filter({ hasText: `${house.name}学院` }).first().click();
  await form.getByLabel('分数').fill(String(POINTS));
  await form.getByLabel('原因').fill(reason);
  await form.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText(`已记录：${house.name}学院 +${POINTS} 分`)).toBeVisible();

  // The board and the ledger update without a reload.
  await expect(board.getByTestId(`board-${house.code}`)).toContainText(`${before + POINTS} 分`);
  const ledger = page.getByRole('region', { name: '流水' });
  await expect(ledger.getByText(reason)).toBeVisible();
  if (phone) {
    // At 375 px the ledger is a list of cards, and nothing is wider than the screen.
    await expect(ledger.locator('.admin-card-row').filter({ hasText: reason })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }

  // A student sees the new total on /12house.
  const token = await loginViaApi(baseURL!, '13900000006', DEMO_PASSWORD);
  const studentContext = await browser.newContext(phone ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } });
  const studentPage = await studentContext.newPage();
  await loginInBrowser(studentPage, token);
  await studentPage.goto('/12house');
  await expect(studentPage.getByRole('heading', { name: '学院杯积分榜' })).toBeVisible({ timeout: 60_000 });
  await expect(studentPage.getByTestId(`cup-${house.code}`)).toContainText(`${before + POINTS} 分`);
  await studentContext.close();

  // 操作日志: filter by the action and the admin's phone; the newest row is this entry, its diff shows the reason.
  await page.goto('/admin/audit');
  const audit = page.getByRole('region', { name: '操作日志' });
  await audit.getByLabel('操作人').fill(DEMO.admin);
  await audit.getByLabel('操作', { exact: true }).fill('house_cup.give');
  await audit.getByRole('button', { name: '查询' }).click();
  await expect(audit.getByText('house_cup.give').first()).toBeVisible({ timeout: 30_000 });
  await audit.getByRole('button', { name: '查看变更' }).first().click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'house_cup.give' });
  await expect(drawer.getByRole('table', { name: '变更内容' })).toContainText(reason);
  await expect(drawer.getByRole('table', { name: '变更内容' })).toContainText(String(POINTS));
  if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
