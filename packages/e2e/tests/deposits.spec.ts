// Decision 072: with a split fee plan, a student with a released offer pays the deposit on
// /pay/admission, sees the final payment with its due date, pays it, and the page turns paid. The plan is a
// global setting: the test sets it and puts the whole plan back (the suite runs on one worker).
import { test, expect } from '../support/fixtures.ts';
import { payWithWechat } from '../support/admission.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, loginViaApi, studentAt } from '../support/journey.ts';
import { LoginScreen } from '../support/login-screen.ts';

const PLAN = {
  whole_due: { kind: 'after_offer', days: 14 },
  deposit_fen: 500_000,
  deposit_due: { kind: 'after_offer', days: 7 },
  final_due: { kind: 'after_offer', days: 21 },
  reminder_days: [7, 3, 1],
  overdue_rule: 'remind_only',
};

async function setPlan(baseURL: string, mode: 'whole' | 'split') {
  const admin = await loginViaApi(baseURL, DEMO.admin, DEMO_PASSWORD);
  const res = await fetch(new URL('/api/admin/settings/fee-plan', baseURL), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({ ...PLAN, mode }),
  });
  const body = (await res.json()) as { status: number | string; msg: string };
  if (body.status !== 200) throw new Error(`fee plan: ${body.status} ${body.msg}`);
}

test.afterEach(async ({ baseURL }) => {
  await setPlan(baseURL as string, 'whole');
});

test('split tuition: pay the deposit, see the final payment with its due date, pay it, paid', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const onPhone = testInfo.project.name === 'phone';
  await setPlan(baseURL as string, 'split');
  const student = await studentAt(baseURL as string, 'offer', onPhone ? '定金机' : '定金桌');
  await loginInBrowser(page, student.token);

  await page.goto('/pay/admission');
  const plan = page.getByRole('list', { name: '缴费计划' });
  const deposit = plan.getByTestId('installment-deposit');
  const final = plan.getByTestId('installment-final');
  await expect(deposit).toContainText('定金');
  await expect(deposit).toContainText('¥5,000.00');
  await expect(deposit).toContainText('待支付');
  await expect(final).toContainText('¥11,800.00');
  await expect(final).toContainText(/截止 \d{4}年\d{1,2}月\d{1,2}日/);
  await expect(page.getByText('学费定金')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('deposit-unpaid.png'), fullPage: true });

  await payWithWechat(page, { phone: onPhone });
  if (onPhone) await page.goto('/pay/admission');
  await expect(deposit).toContainText('已支付', { timeout: 20_000 });
  await expect(final).toContainText('待支付');
  await expect(page.getByText('学费尾款')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('final-unpaid.png'), fullPage: true });

  await payWithWechat(page, { phone: onPhone });
  if (onPhone) {
    // Back from the checkout: the admission pages now show tuition paid.
    await expect(page).toHaveURL(/\/student\/(admission|card)/, { timeout: 20_000 });
  } else {
    await expect(page).toHaveURL(/\/student\/admission\/success/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: '学费缴纳成功' })).toBeVisible();
  }
  const status = await fetch(new URL('/api/student/payment/plan', baseURL), { headers: { authorization: `Bearer ${student.token}` } });
  const body = (await status.json()) as { data: { installments: Array<{ status: string }> } };
  expect(body.data.installments.map((i) => i.status)).toEqual(['paid', 'paid']);
});

test('an admin splits tuition into a deposit and a final payment in 费用与截止日期', async ({ page, baseURL }, testInfo) => {
  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/admin/settings');
  const card = page.getByRole('region', { name: '缴费计划' });
  await expect(card).toBeVisible();
  await card.getByLabel('定金 + 尾款').check();
  await card.getByLabel('定金（元）').fill('3000');
  await card.getByLabel('撤销录取名额').check();
  await card.screenshot({ path: testInfo.outputPath('fee-plan-card.png') });
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/settings/fee-plan') && r.request().method() === 'PUT');
  await card.getByRole('button', { name: '保存缴费计划' }).click();
  expect(((await (await saved).json()) as { status: number }).status).toBe(200);
  await expect(card.getByText(/上次修改：/)).toBeVisible();
  const res = await fetch(new URL('/api/admin/settings/fee-plan', baseURL), { headers: { authorization: `Bearer ${await loginViaApi(baseURL as string, DEMO.admin, DEMO_PASSWORD)}` } });
  const body = (await res.json()) as { data: { mode: string; deposit_fen: number; overdue_rule: string } };
  expect(body.data).toMatchObject({ mode: 'split', deposit_fen: 300_000, overdue_rule: 'release_place' });
});

test('a tuition deadline already passed shows 已逾期 and what happens now', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const onPhone = testInfo.project.name === 'phone';
  const admin = await loginViaApi(baseURL as string, DEMO.admin, DEMO_PASSWORD);
  const res = await fetch(new URL('/api/admin/settings/fee-plan', baseURL), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({ ...PLAN, mode: 'whole', whole_due: { kind: 'date', at: '2020-01-01T00:00:00+08:00' } }),
  });
  expect(((await res.json()) as { status: number }).status).toBe(200);
  const student = await studentAt(baseURL as string, 'offer', onPhone ? '逾期机' : '逾期桌');
  await loginInBrowser(page, student.token);
  await page.goto('/pay/admission');
  const notice = page.getByTestId('tuition-overdue');
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(notice).toContainText('已逾期');
  await expect(notice).toContainText('2020年');
  // The demo rule is 仅提醒: payment stays open and the student is told so.
  await expect(notice).toContainText('目前仍可继续支付');

  // Split, the deposit past due under a rule that closes payment: one notice (not the refusal beside it), no panel.
  const split = await fetch(new URL('/api/admin/settings/fee-plan', baseURL), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({ ...PLAN, mode: 'split', deposit_due: { kind: 'date', at: '2020-01-01T00:00:00+08:00' }, overdue_rule: 'close_and_mark' }),
  });
  expect(((await split.json()) as { status: number }).status).toBe(200);
  await page.reload();
  await expect(page.getByTestId('installment-deposit')).toContainText('已逾期', { timeout: 30_000 });
  await expect(notice).toContainText('在线支付已关闭');
  await expect(page.getByRole('alert')).toHaveCount(1);
});
