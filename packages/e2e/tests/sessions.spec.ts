// 登录设备 (decision 037): the same student signed in on two browsers; from the first one's
// devices page they sign the other out, and the other's next navigation needs a login again.
import type { Browser, TestInfo } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { callApi } from '../support/api.ts';
import { JOURNEY_PASSWORD, studentAt } from '../support/journey.ts';
import { button, LoginScreen } from '../support/login-screen.ts';

/** A second browser like the project's own (same viewport, touch and user agent): another device of the same person. */
async function otherBrowser(browser: Browser, baseURL: string, use: TestInfo['project']['use']) {
  return browser.newContext({
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    ...(use.viewport ? { viewport: use.viewport } : {}),
    ...(use.isMobile ? { isMobile: true, hasTouch: true } : {}),
    ...(use.userAgent ? { userAgent: use.userAgent } : {}),
  });
}

test('a student signs another browser out from 登录设备, and that browser has to log in again', async ({ page, browser, baseURL }, testInfo) => {
  // Two browsers on the shared 2-core machine: the default 120 s is not always enough.
  test.setTimeout(300_000);
  const student = await studentAt(baseURL as string, 'info', testInfo.project.name === 'phone' ? '陈雨桐' : '林书航');
  // The API registration's session is not one of the two browsers: end it so the list holds just those.
  await callApi(baseURL as string, 'POST', '/api/logout', { token: student.token });

  // Browser B logs in first and opens its account page.
  const contextB = await otherBrowser(browser, baseURL as string, testInfo.project.use);
  const pageB = await contextB.newPage();
  await pageB.goto('/login');
  // The login screen can take a while to become interactive on the shared test machine.
  await expect(new LoginScreen(pageB).phone).toBeEditable({ timeout: 60_000 });
  await new LoginScreen(pageB).loginWithPassword(student.phone, JOURNEY_PASSWORD);
  await expect(pageB).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await pageB.goto('/account');
  await expect(pageB.getByRole('heading', { name: '我的账户' })).toBeVisible({ timeout: 30_000 });

  // Browser A logs in and goes to 我的账户 → 登录设备.
  await page.goto('/login');
  await expect(new LoginScreen(page).phone).toBeEditable({ timeout: 60_000 });
  await new LoginScreen(page).loginWithPassword(student.phone, JOURNEY_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await page.goto('/account');
  await expect(button(page, '登录设备')).toBeVisible({ timeout: 30_000 });
  await button(page, '登录设备').click();
  await expect(page).toHaveURL(/\/account\/devices$/);
  await expect(page.getByRole('heading', { name: '登录设备' })).toBeVisible({ timeout: 30_000 });

  const rows = page.locator('ul.devices__list').getByRole('listitem');
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  const current = rows.filter({ hasText: '当前设备' });
  await expect(current).toHaveCount(1);
  // Both browsers are the same kind here; B is the row that is not 当前设备.
  const rowB = rows.filter({ hasNotText: '当前设备' });
  await expect(rowB).toHaveCount(1);
  const label = (await rowB.locator('.device__name').innerText()).trim();
  expect(label).toMatch(/^Chrome · (Linux|Android)$/);
  await expect(rowB).toContainText('IP ');
  await expect(rowB).toContainText('最近活动');

  // 退出 on B's row asks first; cancelling keeps it.
  await button(rowB, '退出').click();
  const dialog = page.getByRole('dialog').filter({ hasText: '退出该设备' });
  await expect(dialog).toContainText(label);
  await button(dialog, '取消').click();
  await expect(rows).toHaveCount(2);

  await button(rowB, '退出').click();
  await button(dialog, '确认退出').click();
  await expect(page.getByText('已退出该设备')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('当前设备');
  await expect(button(page, '退出其他所有设备')).toBeDisabled();

  // B's next navigation: the token is refused, the stale login is dropped, and the login screen shows.
  await pageB.goto('/account');
  await expect(pageB.getByText('请重新登录！')).toBeVisible({ timeout: 30_000 });
  // docs/product/errors.md: a 401 sends the visitor to the account screen (/register, with the page to return to).
  await expect(pageB).toHaveURL(/\/register\?r=%2Faccount/);
  await expect(new LoginScreen(pageB).phone).toBeVisible();
  await contextB.close();

  // A is still signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: '登录设备' })).toBeVisible({ timeout: 30_000 });
  await expect(rows).toHaveCount(1);
});
