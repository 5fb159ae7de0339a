// Phone project only (see playwright.config.ts): decision 031, the phone polish at 375 px.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { callApi, type LoginResult } from '../support/api.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { LoginScreen } from '../support/login-screen.ts';
import { ProfileForm } from '../support/profile-form.ts';

// First loads of antd pages and argon2 logins on a busy 2-core machine: wait longer than the default 10 s.
const SLOW = { timeout: 30_000 };

/** At least 44 × 44 px once any opening animation (dialogs zoom in) has settled. */
async function expectTapTarget(target: Locator, what: string): Promise<void> {
  await expect(async () => {
    const box = await target.boundingBox();
    expect(box, `${what} is on screen`).not.toBeNull();
    expect(box?.height ?? 0, `${what} height`).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0, `${what} width`).toBeGreaterThanOrEqual(44);
  }).toPass({ timeout: 5_000 });
}

async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scrollWidth, `${what}: no sideways scrolling`).toBeLessThanOrEqual(width);
}

/** The message sits in `field`, below the input it is about. */
async function expectErrorUnder(field: Locator, input: Locator, message: string): Promise<void> {
  const error = field.getByText(message, { exact: true });
  await expect(error).toBeVisible();
  // antd slides the message in from above: measure once the motion has settled.
  await expect(async () => {
    const [errorBox, inputBox] = await Promise.all([error.boundingBox(), input.boundingBox()]);
    expect(errorBox && inputBox && errorBox.y >= inputBox.y + inputBox.height - 1, `${message} is under its field`).toBe(true);
  }).toPass({ timeout: 5_000 });
}

test('register: the consent row is a 44 px target whose words tick the box; the agreements open in a sheet', async ({ page }) => {
  const screen = new LoginScreen(page);
  await page.goto('/register');
  await expect(screen.newPassword).toBeVisible(SLOW);

  const row = page.locator('.auth-form__agree');
  const box = page.getByRole('checkbox');
  const rowBox = await row.boundingBox();
  expect(rowBox?.height ?? 0).toBeGreaterThanOrEqual(44);
  await expect(box).not.toBeChecked();
  await page.getByText('我已阅读并同意', { exact: true }).click();
  await expect(box).toBeChecked();

  // The titles open the text over the form: same page, same tab, the box untouched.
  const pages = page.context().pages().length;
  await page.getByRole('link', { name: '《用户协议》' }).click();
  const sheet = page.getByRole('dialog').filter({ hasText: '协议范围与服务内容' });
  await expect(sheet).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  expect(page.context().pages()).toHaveLength(pages);
  const close = page.locator('.legal-sheet-root .ant-drawer-close');
  await expectTapTarget(close, 'sheet close');
  await close.click();
  await expect(sheet).toBeHidden();
  await expect(box).toBeChecked();

  await page.getByRole('link', { name: '《隐私政策》' }).click();
  await expect(page.getByRole('dialog').filter({ hasText: '隐私政策' }).first()).toBeVisible();
  await expect(box).toBeChecked();
});

test('clear and eye icons, the primary button and dialog buttons are 44 px targets', async ({ page }) => {
  const screen = new LoginScreen(page);
  await page.goto('/register');
  await expect(screen.newPassword).toBeVisible(SLOW);
  await screen.phone.fill('1390000');
  await expectTapTarget(page.locator('.phone-field .ant-input-clear-icon'), 'phone clear icon');
  await screen.newPassword.fill('Password1');
  await expectTapTarget(page.locator('.ant-input-password-icon'), 'password eye icon');
  await expectTapTarget(screen.submit('注册'), '注册');

  // The 安全验证 dialog: its close button and 确定.
  await screen.phone.fill(DEMO.student);
  await screen.sendCodeButton.click();
  await expect(screen.captchaDialog).toBeVisible();
  await expectTapTarget(screen.captchaDialog.locator('.ant-modal-close'), 'dialog close');
  await expectTapTarget(screen.captchaDialog.locator('.ant-modal-footer .ant-btn'), 'dialog 确定');
});

test('a wrong password and wrong SMS codes show under their field', async ({ page }) => {
  const screen = new LoginScreen(page);
  await page.goto('/login');
  await expect(screen.phone).toBeVisible(SLOW);
  await screen.loginWithPassword(DEMO.student, 'NotThePassword1');
  await expectErrorUnder(page.locator('.plain-field').filter({ has: screen.password }), screen.password, '手机号或密码错误');

  // SMS login: no code was sent to this phone in this test, so 0000 is wrong.
  await screen.link('验证码登录').click();
  await expect(screen.code).toBeVisible(SLOW);
  await screen.phone.fill(DEMO.student);
  await screen.code.fill('0000');
  await screen.submit('登录').click();
  await expectErrorUnder(page.locator('.ant-form-item').filter({ has: screen.code }), screen.code, '验证码错误或已过期');

  await page.goto('/reset');
  await expect(screen.resetPassword).toBeVisible(SLOW);
  await screen.phone.fill(DEMO.student);
  await screen.code.fill('0000');
  await screen.resetPassword.fill('Another123');
  await screen.submit('重置密码').click();
  await expectErrorUnder(page.locator('.ant-form-item').filter({ has: screen.code }), screen.code, '验证码错误或已过期');
  await expect(page).toHaveURL(/\/reset/);
});

test('the area picker is a sheet that fits 375 px, one level at a time', async ({ page }) => {
  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.newStudent, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/info$/, SLOW);
  const form = new ProfileForm(page);
  const trigger = form.field('学校所在地区').getByRole('combobox');
  await expect(trigger).toBeEnabled(SLOW);
  await expectTapTarget(trigger, 'area field');
  await trigger.click();
  const sheet = page.getByRole('dialog', { name: '选择所在地区' });
  await expect(sheet).toBeVisible();
  const sheetBox = await sheet.boundingBox();
  expect((sheetBox?.x ?? -1) >= 0 && (sheetBox?.x ?? 0) + (sheetBox?.width ?? 999) <= 375, 'the sheet is inside the screen').toBe(true);
  await expectNoSidewaysScroll(page, 'area sheet');
  await expectTapTarget(sheet.getByRole('option', { name: '浙江省', exact: true }).getByRole('button'), 'a province');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await form.chooseArea(['浙江省', '杭州市', '西湖区']);
  await expect(trigger).toHaveText(/浙江省 \/ 杭州市 \/ 西湖区/);
});

test('info pages: a one-line top bar down to 320 px and a 菜单 of every info page', async ({ page }) => {
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/instructions/tuition');
    const menu = page.getByRole('button', { name: '菜单', exact: true });
    await expect(menu).toBeVisible(SLOW);
    const bar = await page.locator('header.topbar').first().boundingBox();
    expect(bar?.height, `top bar height at ${width} px`).toBe(60);
    await expectNoSidewaysScroll(page, `/instructions/tuition at ${width} px`);
    await expectTapTarget(menu, '菜单');
  }

  await page.getByRole('button', { name: '菜单', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: '网站菜单' });
  await expect(sheet).toBeVisible();
  // Grouped like the footer's site map.
  await expect(sheet.getByRole('heading', { name: '学术项目' })).toBeVisible();
  await expect(sheet.getByRole('heading', { name: '申请与费用' })).toBeVisible();
  const link = sheet.getByRole('link', { name: '课程体系' });
  await expectTapTarget(link, 'a menu link');
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/[a-z]/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1, name: '课程体系' })).toBeVisible();
  await expect(sheet).toBeHidden();
});

test('the admin console at 375 px: every section reachable, applications as cards', async ({ page }) => {
  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin/, SLOW);
  const section = page.getByRole('combobox', { name: '管理模块' });
  await expect(section).toBeVisible(SLOW);
  await expect(page.locator('.admin-card-row').first()).toBeVisible(SLOW);
  await expect(page.locator('.ant-table')).toHaveCount(0);
  await expectNoSidewaysScroll(page, '/admin');
  await expectTapTarget(page.locator('.admin-card-row__select').first(), 'card selection box');

  await section.click();
  await page.locator('.ant-select-dropdown').getByText('访问统计', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/tracking$/);
  await expect(page.locator('.ant-statistic-title', { hasText: '浏览量' })).toBeVisible(SLOW);
  await expectNoSidewaysScroll(page, '/admin/tracking');

  await section.click();
  await page.locator('.ant-select-dropdown').getByText('页面内容', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/content$/);
  await expect(page.locator('.admin-card-row').first()).toBeVisible(SLOW);
  await expectNoSidewaysScroll(page, '/admin/content');
});

test('on slow 3G a student page shows the top bar and a skeleton within 3 s', async ({ browser, baseURL }) => {
  const login = await callApi<LoginResult>(baseURL as string, 'POST', '/api/login', {
    body: { phone_code: '86', phone: DEMO.student, password: DEMO_PASSWORD },
  });
  expect(login.status).toBe(200);
  // A fresh context: nothing cached, as on a first visit from a phone.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  await context.addInitScript((token) => {
    localStorage.setItem('student_token', token);
    localStorage.setItem('last_login_role', 'student');
  }, login.data?.token ?? '');
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // Chrome DevTools' Slow 3G: 400 kbps down and up, 400 ms round trip.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 });

  const response = await page.goto('/student/apply', { waitUntil: 'commit' });
  // The shell is in the HTML itself, not waiting for any script.
  const html = (await response?.text()) ?? '';
  expect(html).toContain('data-testid="page-skeleton"');
  expect(html).toContain('class="topbar ');
  await expect(page.getByTestId('page-skeleton')).toBeVisible(SLOW);
  await expect(page.locator('header.topbar')).toBeVisible();
  // The browser's own clock for the first paint (the entry is delivered a moment after the paint itself).
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
    return { fcp, wait: nav.responseStart - nav.requestStart };
  });
  // What the slow-3G profile costs, without the time the test machine's own busy server took to answer
  // (the request's wait beyond the emulated 400 ms round trip): the phone on 3G, not this CPU, is under test.
  const serverThink = Math.max(0, timing.wait - 400);
  test.info().annotations.push({ type: 'slow-3g', description: `FCP ${Math.round(timing.fcp)} ms, server ${Math.round(serverThink)} ms` });
  expect(timing.fcp - serverThink, 'first contentful paint on slow 3G (ms)').toBeLessThan(3_000);
  // The page itself still arrives, replacing the skeleton.
  await expect(page.getByRole('heading', { name: '我的申请' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('page-skeleton')).toHaveCount(0);
  await context.close();
});
