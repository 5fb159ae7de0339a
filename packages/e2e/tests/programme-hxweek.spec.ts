// Decisions 075, 076: a student applies to H-week on /h-week/apply, is admitted with an H-week offer (the admin's
// part through the API), and then in the browser sees the offer, pays the deposit in the sandbox, uploads a passport (an expiry too close to the
// programme's end is refused with the message, then a valid one is saved and shown masked), pays the final
// payment, and opens the course page. Desktop and phone each make their own student.
import { test, expect } from '../support/fixtures.ts';
import { TINY_PNG, formItem, payWithWechat } from '../support/admission.ts';
import { callApi } from '../support/api.ts';
import { loginInBrowser, loginViaApi, studentAt } from '../support/journey.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { admitViaApi, applyViaApi } from '../support/programme-portal.ts';
import { applicationViaApi, fillProgrammeStep } from '../support/programme-form.ts';
import { button } from '../support/login-screen.ts';

const PASSPORT_EXPIRY_TOO_SOON = '护照有效期须在项目结束后至少六个月';

/** yyyy-mm-dd `months` months after `day`. */
function monthsAfter(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10);
}

async function pickDate(scope: import('@playwright/test').Page, label: string, value: string) {
  const input = formItem(scope, label).getByRole('textbox');
  await input.click();
  await input.fill(value);
  // Tab commits the typed date without submitting the form (Enter would).
  await input.press('Tab');
  await expect(input).toHaveValue(value);
}

test('H-week: offer, deposit, passport (six-months rule), final payment, course page', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const onPhone = testInfo.project.name === 'phone';
  const base = baseURL as string;
  const student = await studentAt(base, 'info', onPhone ? '韩周机' : '韩周桌');
  await loginInBrowser(page, student.token);

  // The application, step by step on the form built from the programme's definition.
  await page.goto('/h-week/apply');
  const form = await applicationViaApi(base, 'student', 'hxweek', student.token);
  for (const step of form.programme.steps) {
    await fillProgrammeStep(page, step);
    await button(page, '提交本步').click();
  }
  await expect(page.getByTestId('programme-state')).toContainText('审核中', { timeout: 30_000 });
  await admitViaApi(base, 'hxweek', student.userId, 'hweek');
  await page.reload();
  await expect(page.getByTestId('programme-state')).toContainText('已录取', { timeout: 30_000 });

  // Before the deposit, the course page is locked with the way forward.
  await page.goto('/hxweek/course');
  await expect(page.getByText('完成定金支付后，方可访问')).toBeVisible();
  await page.getByRole('link', { name: '前往支付定金' }).click();

  // The offer and the checklist on the pay page.
  await expect(page).toHaveURL(/\/hx-week\/pay$/);
  await expect(page.getByRole('heading', { name: /恭喜你被.*录取/ })).toBeVisible();
  await expect(page.getByTestId('offer-type')).toBeVisible();
  const checklist = page.getByRole('region', { name: '下一步' });
  await expect(checklist.getByTestId('step-pay')).toContainText('待支付');
  await expect(checklist.getByTestId('step-passport')).toContainText('定金支付后开放');
  await page.screenshot({ path: testInfo.outputPath('hxweek-offer.png'), fullPage: true });

  await payWithWechat(page, { phone: onPhone });
  if (onPhone) await page.goto('/hx-week/pay');
  await expect(page.getByRole('list', { name: '缴费计划' }).getByTestId('installment-deposit')).toContainText('已支付', { timeout: 20_000 });
  await expect(checklist.getByTestId('step-passport')).toContainText('待提交');

  // Passport: an expiry within six months of the programme's end is refused, a later one is saved.
  await checklist.getByTestId('step-passport').getByRole('link').click();
  await expect(page).toHaveURL(/\/hxweek\/passport$/);
  const passport = await callApi<{ ends_on: string | null }>(base, 'GET', '/api/student/programmes/hxweek/passport', { token: student.token });
  const endsOn = passport.data?.ends_on ?? new Date().toISOString().slice(0, 10);
  await expect(page.getByTestId('six-months-rule')).toContainText('六个月');
  await formItem(page, '护照号码').getByRole('textbox').fill('E12345678');
  await formItem(page, '护照姓名（拼音大写）').getByRole('textbox').fill('han zhou');
  await pickDate(page, '护照有效期至', monthsAfter(endsOn, 3));
  await formItem(page, '护照首页扫描件').getByTestId('file-input').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(formItem(page, '护照首页扫描件')).toContainText('passport.png');
  await page.getByRole('button', { name: '保存护照信息' }).click();
  await expect(formItem(page, '护照有效期至')).toContainText(PASSPORT_EXPIRY_TOO_SOON);

  await pickDate(page, '护照有效期至', monthsAfter(endsOn, 18));
  await page.getByRole('button', { name: '保存护照信息' }).click();
  await expect(page.getByTestId('passport-masked')).toHaveText('E1*****78');
  await expect(page.getByText('E12345678')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('hxweek-passport.png'), fullPage: true });

  // Visa material goes to staff review.
  await page.goto('/hxweek/visa');
  await expect(page.getByTestId('visa-status')).toHaveText('未提交');
  await page.getByRole('region', { name: '签证材料' }).getByTestId('file-input').setInputFiles({ name: 'visa.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('link', { name: 'visa.png' })).toBeVisible();
  await page.getByRole('button', { name: '提交签证材料' }).click();
  await expect(page.getByTestId('visa-status')).toHaveText('审核中');

  // The final payment, then the course page.
  await page.goto('/hxweek/final-payment');
  const final = page.getByRole('list', { name: '缴费计划' }).getByTestId('installment-final');
  await expect(final).toContainText('待支付');
  await expect(final).toContainText(/截止 \d{4}年\d{1,2}月\d{1,2}日/);
  await payWithWechat(page, { phone: onPhone });
  if (onPhone) await page.goto('/hxweek/final-payment');
  await expect(final).toContainText('已支付', { timeout: 20_000 });

  await page.goto('/hxweek/course');
  await expect(page.getByRole('heading', { name: '课程', exact: true })).toBeVisible();
  await expect(page.getByText('完成定金支付后，方可访问')).toHaveCount(0);
  await expect(page.locator('.pp-rich, .state-block--message').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('hxweek-course.png'), fullPage: true });
});

test("the Dean's List hub: 立即申请 before applying; the admitted student's checklist, pages locked until the deposit", async ({ page, baseURL }) => {
  const base = baseURL as string;
  const fresh = await studentAt(base, 'info', '院长新');
  await loginInBrowser(page, fresh.token);
  await page.goto('/deans-list');
  await expect(page.getByRole('link', { name: '立即申请' })).toHaveAttribute('href', '/deans-list/apply');
  await page.goto('/deans-list/passport');
  await expect(page.getByText('仅录取用户可访问')).toBeVisible();

  await page.context().clearCookies();
  const admitted = await loginViaApi(base, DEMO.deansListStudent, DEMO_PASSWORD);
  await page.addInitScript((t) => localStorage.setItem('student_token', t), admitted);
  await page.goto('/deans-list');
  await expect(page.getByRole('heading', { name: /恭喜你被.*录取/ })).toBeVisible();
  const checklist = page.getByRole('region', { name: '下一步' });
  await expect(checklist.getByTestId('step-pay')).toContainText('定金');
  await expect(checklist.getByTestId('step-visa')).toContainText('定金支付后开放');
  await expect(page.getByRole('list', { name: '缴费计划' }).getByTestId('installment-deposit')).toBeVisible();
  await page.goto('/deans-list/courses');
  await expect(page.getByText('完成定金支付后，方可访问')).toBeVisible();
  await page.getByRole('link', { name: '前往支付定金' }).click();
  await expect(page).toHaveURL(/\/deans-list$/);
});

test('H-week: the deposit through the partner NHP channel (sandbox checkout in the demo)', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const base = baseURL as string;
  const student = await studentAt(base, 'info', testInfo.project.name === 'phone' ? '合作机' : '合作桌');
  await applyViaApi(base, student.token, 'hxweek');
  await admitViaApi(base, 'hxweek', student.userId, 'xweek');
  await loginInBrowser(page, student.token);

  await page.goto('/hx-week/pay');
  await page.getByRole('link', { name: '通过 NHP 合作渠道支付' }).click();
  await expect(page).toHaveURL(/\/hx-week\/pay\/nhp$/);
  await expect(page.getByRole('region', { name: '关于 NHP 渠道' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('hxweek-nhp.png'), fullPage: true });
  await page.getByRole('button', { name: '前往 NHP 支付' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByText('支付成功')).toBeVisible();
  await page.getByRole('link', { name: '返回 Summit' }).click();
  await expect(page).toHaveURL(/\/hx-week\/pay/);
  await expect(page.getByRole('list', { name: '缴费计划' }).getByTestId('installment-deposit')).toContainText('已支付', { timeout: 20_000 });
});
