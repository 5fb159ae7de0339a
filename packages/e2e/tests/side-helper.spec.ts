import type { Page } from '@playwright/test';
import { test, expect, PHONE } from '../support/fixtures.ts';
import { callApi, PHONE_CODE } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';

// The side helper (desktop) and mobile helper (phone project) of decision 015. The one-time online notice is
// marked read up front except in its own test, so it never sits over the buttons.
async function markNoticeRead(page: Page) {
  await page.addInitScript(() => localStorage.setItem('online_notice_read', '1'));
}

function helper(page: Page) {
  return page.getByTestId('side-helper');
}

function helperButton(page: Page, name: string) {
  return helper(page).getByRole('button', { name, exact: true });
}

test.describe('side helper', () => {
  test.beforeEach(async ({ page }) => {
    await markNoticeRead(page);
  });

  test('its three pop-ups are mutually exclusive, and the QR images load', PHONE, async ({ page }, testInfo) => {
    await page.goto('/faq');
    await expect(helper(page)).toHaveAttribute('data-kind', testInfo.project.name === 'phone' ? 'mobile' : 'side');

    await helperButton(page, '限时福利').click();
    await expect(page.getByRole('dialog', { name: '限时福利' })).toBeVisible();
    await expect(page.getByText('20,000+ 人已观看')).toBeVisible();
    await expect(page.getByText('5,000+ 人已观看')).toBeVisible();

    await helperButton(page, '在线客服').click();
    await expect(page.getByRole('dialog', { name: '在线客服' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: '限时福利' })).toHaveCount(0);
    const img = page.getByRole('img', { name: '在线客服二维码' });
    await expect(img).toBeVisible();
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    await helperButton(page, '关注公众号').click();
    await expect(page.getByRole('dialog', { name: '关注公众号' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: '在线客服' })).toHaveCount(0);

    await helperButton(page, '关注公众号').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('shows only on its fixed paths', async ({ page }) => {
    await page.goto('/');
    await expect(helper(page)).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(helper(page)).toHaveCount(0);
  });

  test('a visitor submitting the benefits form is asked to register', async ({ page }) => {
    await page.goto('/academic/courses');
    await helperButton(page, '限时福利').click();
    const dialog = page.getByRole('dialog', { name: '限时福利' });
    await dialog.getByRole('button', { name: '免费领取' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('请选择');
    await dialog.getByLabel('当前年级').selectOption('高二');
    await dialog.getByRole('button', { name: '免费领取' }).click();
    await expect(dialog.getByText('注册账号即可领取福利')).toBeVisible();
    await dialog.getByRole('link', { name: '立即注册' }).click();
    await expect(page).toHaveURL(/\/register\?r=(%2F|\/)academic(%2F|\/)courses/);
  });

  test('a logged-in student submitting the benefits form goes to the next page of their status', async ({ page, baseURL }) => {
    const login = await callApi<{ token: string }>(baseURL as string, 'POST', '/api/login', { body: { phone_code: PHONE_CODE, phone: DEMO.student, password: DEMO_PASSWORD } });
    const token = login.data?.token;
    expect(token, login.msg).toBeTruthy();
    await page.addInitScript((t) => {
      localStorage.setItem('student_token', t);
      localStorage.setItem('last_login_role', 'student');
    }, token as string);
    await page.goto('/faq');
    await helperButton(page, '限时福利').click();
    const dialog = page.getByRole('dialog', { name: '限时福利' });
    await dialog.getByLabel('当前年级').selectOption('高一');
    await dialog.getByRole('button', { name: '免费领取' }).click();
    // Demo student 13900000002 has complete info and has not applied: the status redirect is /student/apply.
    await expect(page).toHaveURL(/\/student\/apply/);
  });

  test('the deadline countdowns tick every second', PHONE, async ({ page }, testInfo) => {
    await page.goto('/');
    if (testInfo.project.name === 'phone') await helper(page).getByText('截止倒计时').click();
    const value = page.getByTestId('countdown-RD');
    await expect(value).toHaveText(/^\d+天 \d{2}:\d{2}:\d{2}$|^已截止$/);
    const before = await value.textContent();
    test.skip(before === '已截止', 'RD has passed on this server');
    await page.waitForTimeout(1500);
    await expect(value).not.toHaveText(before as string);
  });

  test('go-to-top scrolls the page back up', async ({ page }) => {
    await page.goto('/faq');
    await expect(helper(page)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await helper(page).getByRole('button', { name: '回到顶部' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('AMC variant (flag ?amc=1; the host list is covered by the API tests)', () => {
  test.beforeEach(async ({ page }) => {
    await markNoticeRead(page);
  });

  // The router's 404 (RouteError) text; the info page's own "unknown slug" state words it differently.
  const routeNotFound = (page: Page) => page.getByText('您访问的页面不存在或已被移除。', { exact: true });

  test('tuition and financial aid answer the 404 page on AMC, and exist on the main site', async ({ page }) => {
    await page.goto('/instructions/tuition');
    await expect(helper(page)).toBeVisible();
    await expect(routeNotFound(page)).toHaveCount(0);

    await page.goto('/instructions/tuition?amc=1');
    await expect(routeNotFound(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
    await page.goto('/apply/financial-aid');
    await expect(routeNotFound(page)).toBeVisible();
    // The flag is remembered: other pages still work and still have the helper.
    await page.goto('/faq');
    await expect(helper(page)).toBeVisible();

    await page.goto('/instructions/tuition?amc=0');
    await expect(helper(page)).toBeVisible();
    await expect(routeNotFound(page)).toHaveCount(0);
  });
});

test('a visitor never sees the 改为线上举办 notice: it concerns only students who paid before a switch (decision 029)', async ({ page }) => {
  await page.goto('/');
  await expect(helper(page)).toBeVisible();
  await page.keyboard.press('Shift');
  await expect(helper(page)).toHaveAttribute('data-interacted', 'true');
  // A visitor asks nothing about it: no request, no card.
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/api/student/online-notice')))).toBe(false);
  await expect(page.getByText('本届 Summit 改为线上举办')).toHaveCount(0);
});
