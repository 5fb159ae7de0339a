// Decisions 075, 076: an admitted SBP student chooses a course duration (priced), pays that fee in the sandbox,
// opens week 1 and sees a later week locked with its opening date. Desktop and phone each make their own student.
import { test, expect } from '../support/fixtures.ts';
import { payWithWechat } from '../support/admission.ts';
import { callApi } from '../support/api.ts';
import { loginInBrowser, studentAt } from '../support/journey.ts';
import { admitViaApi, applyViaApi, tagStudentViaApi } from '../support/programme-portal.ts';

interface Portal {
  fees: { durations: Array<{ key: string; label: string; fee_fen: number }> };
  weeks: Array<{ week: number; opens_at: string; open: boolean }>;
}

test('SBP: choose a duration, pay it, open week 1, a later week is locked', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const onPhone = testInfo.project.name === 'phone';
  const base = baseURL as string;
  const student = await studentAt(base, 'info', onPhone ? '暑博机' : '暑博桌');
  // SBP is by invitation: its applicants carry the sbp-offer tag.
  await tagStudentViaApi(base, student.userId, 'sbp-offer');
  await applyViaApi(base, student.token, 'sbp');
  await admitViaApi(base, 'sbp', student.userId, null);
  await loginInBrowser(page, student.token);

  const portal = (await callApi<Portal>(base, 'GET', '/api/student/programmes/sbp/portal', { token: student.token })).data as Portal;
  expect(portal.fees.durations.length).toBeGreaterThan(0);
  const duration = portal.fees.durations[portal.fees.durations.length - 1]!;
  // Before payment no week is open to this student: the later week is the one whose date has not come.
  const locked = portal.weeks.find((w) => Date.parse(w.opens_at) > Date.now());

  // /sbp/pay sends a student without a duration to choose one first.
  await page.goto('/sbp/pay');
  await expect(page).toHaveURL(/\/sbp\/course-duration$/);
  await page.getByRole('radio', { name: new RegExp(duration.label) }).check();
  await page.screenshot({ path: testInfo.outputPath('sbp-duration.png'), fullPage: true });
  await page.getByRole('button', { name: '确认并去缴费' }).click();

  await expect(page).toHaveURL(/\/sbp\/pay$/);
  const fee = `¥${(duration.fee_fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(page.getByRole('region', { name: '课程时长' })).toContainText(duration.label);
  await expect(page.getByRole('region', { name: '课程时长' })).toContainText(fee);

  // 发送给家长支付: the parent's link opens without an account and shows the same fee.
  await page.getByRole('button', { name: '发送给家长支付' }).click();
  const linkBox = page.getByRole('textbox', { name: '家长支付链接' });
  await expect(linkBox).toHaveValue(/\/pay\/sbp-parent\//);
  const parentUrl = await linkBox.inputValue();
  const parentContext = await page.context().browser()!.newContext({ viewport: page.viewportSize() ?? { width: 1280, height: 800 } });
  const parent = await parentContext.newPage();
  await parent.goto(parentUrl);
  await expect(parent.getByRole('heading', { name: '家长代付项目费用' })).toBeVisible();
  await expect(parent.getByRole('region', { name: '缴费信息' })).toContainText(fee);
  await parent.screenshot({ path: testInfo.outputPath('sbp-parent.png'), fullPage: true });

  await payWithWechat(page, { phone: onPhone });
  if (onPhone) await page.goto('/sbp/pay');
  await expect(page.getByRole('list', { name: '缴费计划' }).locator('li').first()).toContainText('已支付', { timeout: 20_000 });

  // The parent's link now says the fee is paid.
  await parent.reload();
  await expect(parent.getByRole('heading', { name: '费用已缴纳' })).toBeVisible();
  await parentContext.close();

  // Once paid the duration is locked.
  await page.goto('/sbp/course-duration');
  await expect(page.getByText('已缴费，不能再更改课程时长')).toBeVisible();

  // Week 1 opens; a later week shows when it opens.
  await page.goto('/sbp/manage');
  await page.getByRole('region', { name: '下一步' }).getByTestId('step-weeks').getByRole('link').click();
  await expect(page).toHaveURL(/\/sbp\/week\/1$/);
  await expect(page.getByRole('region', { name: '本周任务' }).or(page.locator('.pp-rich')).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('sbp-week1.png'), fullPage: true });
  if (locked) {
    await page.getByRole('navigation', { name: '周次' }).getByRole('link', { name: new RegExp(`第 ${locked.week} 周`) }).click();
    await expect(page.getByText('本周内容尚未开放')).toBeVisible();
    await expect(page.getByTestId('week-opens')).toContainText(/将于 \d{4}年\d{1,2}月\d{1,2}日/);
  }
  expect(locked, 'the demo SBP has a week that opens later').toBeTruthy();
});
