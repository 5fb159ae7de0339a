// Decision 071: payers abroad pay tuition by card through Stripe. The e2e server runs in demo
// mode, where PAYMENT_STRIPE defaults to the sandbox: the option goes through the sandbox checkout exactly as a
// real provider page would (the SDK path itself is covered against the Stripe stand-in in the API suite).
// Desktop and 375 px.
import { test, expect } from '../support/fixtures.ts';
import { callApi } from '../support/api.ts';
import { loginInBrowser, studentAt } from '../support/journey.ts';

const STRIPE = '海外银行卡支付 (Stripe)';

async function payOnSandboxCheckout(page: import('@playwright/test').Page) {
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await expect(page.getByText(`${STRIPE}（模拟）`)).toBeVisible();
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByText('支付成功')).toBeVisible();
  await page.getByRole('link', { name: '返回 Summit' }).click();
}

test('a student pays tuition with 海外银行卡支付 (Stripe) and the page turns paid', async ({ page, baseURL }) => {
  const student = await studentAt(baseURL as string, 'offer', '林海外');
  await loginInBrowser(page, student.token);
  await page.goto('/pay/admission');
  await expect(page.getByRole('heading', { name: '缴纳学费' })).toBeVisible();
  const option = page.getByRole('button', { name: STRIPE });
  await expect(option).toBeVisible();
  await expect(page.getByText(/适用于身在海外.*按订单币种（人民币）扣款/)).toBeVisible();
  await option.click();
  await payOnSandboxCheckout(page);
  // Back on the platform, the order kept across the trip is polled until the tuition shows as paid.
  await expect(page.getByRole('heading', { name: '学费缴纳成功' })).toBeVisible({ timeout: 20_000 });
  const status = await callApi<{ is_tuition_paid: boolean }>(baseURL as string, 'GET', '/api/student/status', { token: student.token });
  expect(status.data?.is_tuition_paid).toBe(true);
});

test('a parent abroad pays through the link with Stripe; the application fee page does not offer it', async ({ page, baseURL, browser }, testInfo) => {
  const student = await studentAt(baseURL as string, 'offer', '林代付');
  const link = await callApi<{ url: string }>(baseURL as string, 'POST', '/api/student/payment/parent-link', { token: student.token, body: { purpose: 'tuition' } });
  const parentContext = await browser.newContext({ ...testInfo.project.use, baseURL: baseURL as string });
  const parent = await parentContext.newPage();
  await parent.goto(link.data!.url);
  await expect(parent.getByRole('heading', { name: '家长代付学费' })).toBeVisible();
  await parent.getByRole('button', { name: STRIPE }).click();
  await payOnSandboxCheckout(parent);
  await expect(parent.getByRole('heading', { name: '学费已缴纳' })).toBeVisible({ timeout: 20_000 });
  await expect(parent.getByTestId('paid-by')).toContainText('已由家长通过代付链接');
  await parentContext.close();

  // The application fee stays with WeChat Pay and Alipay (Stripe is offered for tuition only).
  const applicant = await studentAt(baseURL as string, 'step1', '林申请');
  await loginInBrowser(page, applicant.token);
  await page.goto('/pay/apply');
  await expect(page.getByRole('button', { name: '支付宝' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: STRIPE })).toHaveCount(0);
});
