// Decisions 025, 026: a logged-in student always finds the next step — the top
// bar's 我的申请 opens the account page's journey card with the state, the figures and one button — the
// spec routes /student/admission/offer, /student/admission-letter and /apply/financial-aid/success render,
// a paid student lands on 缴费成功, a parent link opened after the student paid says who paid, and the
// result SMS the pages promise arrive. Runs on the desktop and the 375 px phone project.
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { listOutbox } from '../support/api.ts';
import { DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { loginInBrowser, studentAt } from '../support/journey.ts';
import { LoginScreen } from '../support/login-screen.ts';
import { callApi } from '../support/api.ts';

const journeyCard = (page: Page) => page.getByRole('region', { name: '我的申请' });

/** The paid students' online-notice dialog (another feature) may cover the page: put it aside if it shows. */
async function dismissOnlineDialog(page: Page): Promise<void> {
  const later = page.getByRole('dialog').getByRole('button', { name: '稍后再说' });
  try {
    await later.waitFor({ state: 'visible', timeout: 3_000 });
    await later.click();
  } catch {
    // Not shown to this student.
  }
}

/** From wherever the student is, the top bar's 我的申请 leads to the journey card. */
async function openJourneyFromTopBar(page: Page): Promise<void> {
  await page.locator('header.topbar').getByRole('link', { name: '我的申请' }).click();
  await expect(page).toHaveURL(/\/account/);
  await expect(journeyCard(page)).toBeVisible();
}

interface DemoCase {
  phone: string;
  landing: RegExp;
  stage: string;
  facts: string[];
  button: string | null;
  then: RegExp | null;
}

// README's demo accounts, each at one stage of the journey (seeded on first start).
const DEMO_CASES: DemoCase[] = [
  { phone: '13900000002', landing: /\/student\/apply/, stage: '未提交申请', facts: [], button: '开始申请', then: /\/student\/apply/ },
  { phone: '13900000003', landing: /\/pay\/apply/, stage: '待缴申请费', facts: ['申请费', '¥500.00'], button: '支付申请费', then: /\/pay\/apply/ },
  { phone: '13900000004', landing: /\/pay\/apply/, stage: '审核中', facts: [], button: null, then: null },
  { phone: '13900000005', landing: /\/student\/admission\/pay/, stage: '已录取 · 待缴学费', facts: ['应缴学费', '¥16,800.00', '缴费截止'], button: '缴纳学费', then: /\/student\/admission\/pay$/ },
  { phone: '13900000006', landing: /\/student\/card\/course/, stage: '已缴费', facts: ['缴费时间'], button: '查看会场与选课', then: /\/student\/card\/course$/ },
];

for (const c of DEMO_CASES) {
  test(`demo student ${c.phone}: 我的申请 in the top bar shows 「${c.stage}」 and the next step`, async ({ page }) => {
    await page.goto('/login');
    await new LoginScreen(page).loginWithPassword(c.phone, DEMO_PASSWORD);
    // Password hashing on a busy machine can take a while.
    await expect(page).toHaveURL(c.landing, { timeout: 30_000 });
    await dismissOnlineDialog(page);
    await openJourneyFromTopBar(page);
    const card = journeyCard(page);
    await expect(card.getByTestId('journey-stage')).toHaveText(c.stage);
    for (const fact of c.facts) await expect(card).toContainText(fact);
    if (c.button && c.then) {
      await card.getByRole('button', { name: c.button }).click();
      await expect(page).toHaveURL(c.then);
    } else {
      await expect(card.getByRole('button')).toHaveCount(0);
      await expect(card).toContainText('短信通知');
      await card.getByRole('link', { name: '查看我的申请' }).click();
      await expect(page).toHaveURL(/\/student\/apply/);
    }
  });
}

test('a student without complete info is sent to /info from 个人中心', async ({ page }) => {
  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword('13900000001', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/info/, { timeout: 30_000 });
  await page.goto('/account');
  const card = journeyCard(page);
  await expect(card.getByTestId('journey-stage')).toHaveText('待完善个人信息');
  await card.getByRole('button', { name: '完善个人信息' }).click();
  await expect(page).toHaveURL(/\/info$/);
});

test('released offer: /student/apply links to it, the letter routes render, the decision SMS arrived once', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const name = testInfo.project.name === 'phone' ? '林知夏' : '宋清源';
  const s = await studentAt(baseURL as string, 'offer', name);
  const sms = (await listOutbox(baseURL as string, s.phone)).filter((m) => !m.code);
  expect(sms.map((m) => m.content)).toEqual([`【Summit】${name}同学，你的录取结果已公布，请登录网站查看。`]);

  await loginInBrowser(page, s.token);
  await page.goto('/student/apply');
  await expect(page.getByText('录取结果已公布，请前往查看。')).toBeVisible();
  await page.getByRole('button', { name: '查看录取结果' }).click();
  await expect(page).toHaveURL(/\/student\/admission\/offer$/);
  await expect(page.getByRole('article', { name: '录取通知书' })).toContainText(name);

  await page.goto('/student/admission-letter');
  await expect(page.getByRole('article', { name: '录取通知书' })).toContainText('缴费截止');
  await expect(page.getByRole('button', { name: '打印' })).toBeVisible();
  await page.getByRole('link', { name: '去缴纳学费' }).click();
  await expect(page).toHaveURL(/\/student\/admission\/pay$/);
});

test('after paying, the student lands on 缴费成功 first; a parent opening the link sees who paid', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const name = testInfo.project.name === 'phone' ? '方若溪' : '韩子墨';
  const s = await studentAt(baseURL as string, 'offer', name);
  const link = await callApi<{ url: string }>(baseURL as string, 'POST', '/api/student/payment/parent-link', { token: s.token, body: { purpose: 'tuition' } });
  expect(link.status).toBe(200);
  const created = await callApi<{ id: string }>(baseURL as string, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'tuition', provider: 'AL', channel: 'alipay_web' } });
  expect((await callApi(baseURL as string, 'POST', `/api/payment/sandbox/${created.data!.id}/confirm`)).status).toBe(200);

  // The promised SMS: one tuition message (with the amount), beside the decision's.
  await expect(async () => {
    const sms = (await listOutbox(baseURL as string, s.phone)).filter((m) => !m.code).map((m) => m.content);
    expect(sms).toHaveLength(2);
    expect(sms[0]).toBe(`【Summit】${name}同学，我们已收到你缴纳的学费16800.00元，缴费成功。请登录网站查看后续安排。`);
  }).toPass({ timeout: 10_000 });

  await loginInBrowser(page, s.token);
  await page.goto('/student/admission');
  await expect(page.getByRole('heading', { name: '学费缴纳成功' })).toBeVisible();
  await dismissOnlineDialog(page);
  await expect(page).toHaveURL(/\/student\/admission\/success$/);
  await page.getByRole('button', { name: '查看录取通知书' }).click();
  await expect(page).toHaveURL(/\/student\/admission\/offer$/);
  await expect(page.getByRole('article', { name: '录取通知书' })).toContainText('已缴费');

  // The parent, in another browser with no login, opens the link the student had sent.
  const parentContext = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: page.viewportSize() });
  const parent = await parentContext.newPage();
  await parent.goto(link.data!.url);
  await expect(parent.getByRole('heading', { name: '学费已缴纳' })).toBeVisible();
  const masked = `${s.phone.slice(0, 3)}****${s.phone.slice(7)}`;
  await expect(parent.getByTestId('paid-by')).toContainText(`已由学生本人（手机 ${masked}）于`);
  await expect(parent.getByText(s.phone)).toHaveCount(0);
  await expect(parent.getByRole('button', { name: '微信支付' })).toHaveCount(0);
  await parentContext.close();
});

test('a financial-aid request ends on /apply/financial-aid/success, which survives a reload', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const s = await studentAt(baseURL as string, 'step1', testInfo.project.name === 'phone' ? '叶知秋' : '唐若愚');
  await loginInBrowser(page, s.token);
  await page.goto('/apply/financial-aid');
  await page.getByPlaceholder('包括你本人').fill('4');
  await page.getByText('5万–10万元', { exact: true }).click();
  await page.getByPlaceholder('请说明家庭经济情况，以及参加项目对你的意义').fill('家中父母务农，收入不稳定，还有一个正在读初中的妹妹。我非常希望参加这次学术项目，学习研究方法，拓展视野，将来回馈家乡。'.repeat(2));
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page).toHaveURL(/\/apply\/financial-aid\/success$/);
  await expect(page.getByRole('heading', { name: '助学金申请已提交' })).toBeVisible();
  await expect(page.getByRole('region', { name: '助学金申请状态' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: '助学金申请已提交' })).toBeVisible();
  await page.getByRole('button', { name: '返回我的申请' }).click();
  await expect(journeyCard(page).getByTestId('journey-stage')).toHaveText('待缴申请费');
});
