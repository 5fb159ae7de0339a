// Decision 070: a parent opens the pay link inside "WeChat" (WeChat's user agent, a payer ticket from the
// base OAuth in local storage), pays with JSAPI through the sandbox's simulated WeChat pay sheet, and the
// page turns paid; so does the student's. Alipay inside WeChat shows the guide to open a browser instead.
// Desktop (WeChat for Windows) and 375 px (WeChat on a phone).
import { test, expect, PHONE } from '../support/fixtures.ts';
import { callApi } from '../support/api.ts';
import { loginInBrowser, studentAt } from '../support/journey.ts';
import { button } from '../support/login-screen.ts';
import { wechatContext, wxPayerTicket } from '../support/wechat.ts';

test('a parent pays tuition inside WeChat with JSAPI through the simulated pay sheet', PHONE, async ({ page, browser, baseURL }, testInfo) => {
  const onPhone = testInfo.project.name === 'phone';
  const student = await studentAt(baseURL as string, 'offer', onPhone ? '周微信' : '吴代付');
  // The student, in an ordinary browser, asks a parent to pay and keeps the page open.
  await loginInBrowser(page, student.token);
  await page.goto('/student/admission/pay');
  await button(page, '请家长代付').click();
  const linkUrl = ((await page.getByTestId('parent-link').textContent()) ?? '').trim();
  const token = /\/pay\/admission-parent\/([A-Za-z0-9_-]{43})$/.exec(linkUrl)?.[1];
  expect(token).toBeTruthy();
  const link = { data: { token: token!, url: `/pay/admission-parent/${token!}` } };

  const context = await browser.newContext(wechatContext(onPhone, baseURL as string));
  const ticket = wxPayerTicket('wxsandbox0000000', `oParent${Date.now()}`);
  await context.addInitScript((t) => window.localStorage.setItem('wx_payer', t), ticket);
  const parent = await context.newPage();
  await parent.goto(link.data.url);
  await expect(parent.getByRole('heading', { name: '家长代付学费' })).toBeVisible();

  // Alipay is blocked inside WeChat: the guide, not a payment.
  await button(parent, '支付宝').click();
  await expect(parent.getByText('请点击右上角 ··· 选择「在浏览器打开」后使用支付宝支付')).toBeVisible();
  await parent.screenshot({ path: testInfo.outputPath('alipay-guide.png') });
  await button(parent, '我知道了').click();
  await expect(parent.getByText('请点击右上角 ··· 选择「在浏览器打开」后使用支付宝支付')).toHaveCount(0);

  // WeChat Pay: JSAPI; without WeixinJSBridge (not the real app) the simulated sheet stands in for it.
  await button(parent, '微信支付').click();
  const sheet = parent.getByRole('dialog', { name: '微信支付' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('¥16,800.00')).toBeVisible();
  await expect(parent.getByRole('status').filter({ hasText: '等待支付结果' })).toBeVisible();
  await parent.screenshot({ path: testInfo.outputPath('wechat-sheet.png') });
  // Cancelling leaves the order waiting; the sheet can be raised again.
  await sheet.getByRole('button', { name: '取消' }).click();
  await expect(parent.getByText('已取消支付，可重新发起')).toBeVisible();
  await button(parent, '重新调起微信支付').click();
  await parent.getByRole('dialog', { name: '微信支付' }).getByRole('button', { name: '确认支付' }).click();

  await expect(parent.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 20_000 });
  await parent.screenshot({ path: testInfo.outputPath('paid.png') });
  await context.close();

  // The student's page notices the parent's JSAPI payment by itself.
  await expect(page).toHaveURL(/\/student\/admission\/success/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: '学费缴纳成功' })).toBeVisible();
  const status = await callApi<{ paid: boolean; purpose_paid: boolean }>(baseURL as string, 'GET', `/api/guest/payment/pay-for/${link.data.token}/is-paid`);
  expect(status.data).toMatchObject({ paid: true, purpose_paid: true });
});

test('inside WeChat without a payer ticket, WeChat Pay first asks for the base OAuth', PHONE, async ({ browser, baseURL }, testInfo) => {
  const onPhone = testInfo.project.name === 'phone';
  const student = await studentAt(baseURL as string, 'offer', onPhone ? '郑授权' : '王授权');
  const link = await callApi<{ token: string; url: string }>(baseURL as string, 'POST', '/api/student/payment/parent-link', { token: student.token, body: { purpose: 'tuition' } });
  const context = await browser.newContext(wechatContext(onPhone, baseURL as string));
  const parent = await context.newPage();
  const oauth = parent.waitForRequest((req) => req.url().includes('/api/payment/wechat/oauth'));
  await parent.goto(link.data!.url);
  await button(parent, '微信支付').click();
  const url = new URL((await oauth).url());
  expect(url.searchParams.get('scope')).toBe('base');
  expect(url.searchParams.get('return_url')).toBe(link.data!.url);
  // No order was made without the payer's open id.
  await expect(parent.getByRole('dialog', { name: '微信支付' })).toHaveCount(0);
  await context.close();
});
