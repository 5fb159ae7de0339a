// Decisions 068–073, the whole way round: a parent opens the student's pay link inside "WeChat", taps 微信支付, is
// sent through WeChat's base OAuth (the stand-in of WeChat's servers, demo mode), comes back with a payer ticket,
// pays with JSAPI through the sandbox's simulated pay sheet, and the student's page turns paid. An administrator
// then refunds part of it from the student page, and the student sees the refund. Desktop and 375 px.
import { test, expect } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { callApi } from '../support/api.ts';
import { loginInBrowser, studentAt } from '../support/journey.ts';
import { button, LoginScreen } from '../support/login-screen.ts';
import { wechatContext } from '../support/wechat.ts';

test('a parent in WeChat authorises, pays tuition by JSAPI, and an admin refunds part of it', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(300_000);
  const onPhone = testInfo.project.name === 'phone';
  const name = `微信家长${onPhone ? '手机' : '电脑'}${Date.now().toString().slice(-5)}`;
  const student = await studentAt(baseURL as string, 'offer', name);
  const link = await callApi<{ token: string; url: string }>(baseURL as string, 'POST', '/api/student/payment/parent-link', { token: student.token, body: { purpose: 'tuition' } });
  const linkPath = link.data!.url;

  // The student keeps the tuition page open in an ordinary browser.
  await loginInBrowser(page, student.token);
  await page.goto('/student/admission/pay');

  // The parent, inside WeChat, with nothing in local storage: 微信支付 first asks WeChat who this is.
  const context = await browser.newContext(wechatContext(onPhone, baseURL as string));
  const parent = await context.newPage();
  await parent.goto(linkPath);
  await expect(parent.getByRole('heading', { name: '家长代付学费' })).toBeVisible({ timeout: 60_000 });
  await button(parent, '微信支付').click();
  await expect(parent).toHaveURL(/\/__wechat\/connect\/oauth2\/authorize\?.*scope=snsapi_base/, { timeout: 30_000 });
  await parent.getByRole('link', { name: '继续：以「王家长」的身份' }).click();

  // Back on the link page with the payer ticket kept; the second tap raises the pay sheet.
  await expect(parent).toHaveURL(new RegExp(`${linkPath.replace(/[/]/g, '\\/')}$`), { timeout: 30_000 });
  expect(await parent.evaluate(() => window.localStorage.getItem('wx_payer'))).toMatch(/^v1\./);
  await button(parent, '微信支付').click();
  const sheet = parent.getByRole('dialog', { name: '微信支付' });
  await expect(sheet).toBeVisible({ timeout: 30_000 });
  await expect(sheet.getByText('¥16,800.00')).toBeVisible();
  await sheet.getByRole('button', { name: '确认支付' }).click();
  await expect(parent.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 30_000 });
  if (onPhone) expect(await parent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await parent.screenshot({ path: testInfo.outputPath('parent-paid.png') });
  await context.close();

  // The student's open page turns paid by itself.
  await expect(page).toHaveURL(/\/student\/admission\/success/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: '学费缴纳成功' })).toBeVisible();

  // An administrator refunds ¥3,000 of it from the student page.
  const adminContext = await browser.newContext(onPhone ? { baseURL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN' } : { baseURL, viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await expect(new LoginScreen(admin).phone).toBeEditable({ timeout: 60_000 });
  await new LoginScreen(admin).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await admin.waitForURL(/\/admin/);
  await admin.goto(`/admin/student/${student.userId}`);
  await expect(admin.getByTestId('student-name')).toHaveText(name, { timeout: 30_000 });
  const money = admin.getByRole('region', { name: '缴费与退款' });
  await expect(money.getByRole('table', { name: '已支付订单' })).toContainText('¥16,800.00');
  await money.getByRole('button', { name: '退款', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: '发起退款' });
  // The form prefills what the policy suggests; lower it (¥3,000 is under the default ¥5,000 approval line).
  const amount = dialog.getByLabel('退款金额（元）');
  await expect(amount).toHaveValue('16800.00');
  await amount.fill('3000');
  await expect(amount).toHaveValue('3000');
  await dialog.getByLabel('退款原因').fill('家长申请退还部分学费');
  await dialog.getByRole('button', { name: '提交退款' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(async () => {
    await admin.reload();
    await expect(admin.getByRole('region', { name: '缴费与退款' }).getByRole('table', { name: '退款记录' })).toContainText('已退款', { timeout: 10_000 });
  }).toPass({ timeout: 90_000 });
  await adminContext.close();

  // The student sees the refund, gone back the way it came (to the parent's WeChat Pay).
  await page.reload();
  const refunds = page.getByRole('region', { name: '退款记录' });
  await expect(refunds).toContainText('¥3,000.00', { timeout: 30_000 });
  await expect(refunds).toContainText('已退款');
  await expect(refunds).toContainText('原路退回');
  if (onPhone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath('student-refund.png'), fullPage: true });
});
