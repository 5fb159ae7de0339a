// Refunds (decision 068): a student's tuition is paid; an administrator opens the student page,
// 缴费与退款 shows the paid order, 退款 opens the form with the policy lines and the suggested amount, the admin
// lowers it and gives a reason; the sandbox answers later through the notify path and the refund turns 已退款.
// The student then sees the refund on their admission page. Desktop and 375 px.
import { test, expect, PHONE } from '../support/fixtures.ts';
import { loginInBrowser, openStudentAsAdmin, studentAt } from '../support/journey.ts';

test('an admin refunds part of a paid tuition from the student page; the student sees it', PHONE, async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const isPhone = testInfo.project.name === 'phone';
  const name = `退款生${isPhone ? '手机' : '电脑'}${Date.now().toString().slice(-5)}`;
  const student = await studentAt(baseURL!, 'paid', name);

  await openStudentAsAdmin(page, student, name);

  const money = page.getByRole('region', { name: '缴费与退款' });
  await expect(money.getByRole('table', { name: '已支付订单' })).toContainText('¥16,800.00');
  await expect(money).toContainText('暂无退款');
  if (isPhone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await money.getByRole('button', { name: '退款', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: '发起退款' });
  await expect(dialog.getByLabel('退款政策')).toContainText('订单实付');
  await expect(dialog.getByLabel('退款政策')).toContainText('建议退款');
  const amount = dialog.getByLabel('退款金额（元）');
  await expect(amount).toHaveValue('16800.00');
  // Never above what may go back: the form refuses it before the server would.
  await amount.fill('16800.01');
  await dialog.getByLabel('退款原因').fill('学生调整参加期次，退还部分学费');
  await expect(dialog).toContainText('不能超过 ¥16,800.00');
  if (process.env.REFUND_SHOTS) await page.screenshot({ path: `/tmp/refund-modal-${testInfo.project.name}.png` });
  await amount.fill('2000');
  await expect(dialog).not.toContainText('不能超过');
  await dialog.getByRole('button', { name: '提交退款' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });

  const records = money.getByRole('table', { name: '退款记录' });
  await expect(records).toContainText('¥2,000.00');
  await expect(records).toContainText('学生调整参加期次');
  // The sandbox answers a moment later; the page shows it after a reload.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: '缴费与退款' }).getByRole('table', { name: '退款记录' })).toContainText('已退款', { timeout: 10_000 });
  }).toPass({ timeout: 90_000 });
  await expect(page.getByRole('region', { name: '缴费与退款' }).getByRole('table', { name: '已支付订单' })).toContainText('¥2,000.00');
  if (isPhone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  if (process.env.REFUND_SHOTS) await page.screenshot({ path: `/tmp/refund-admin-${testInfo.project.name}.png`, fullPage: true });

  // The 退款 tab lists it under 已退款, not under 待审批.
  await page.goto('/admin/refunds');
  const tab = page.locator('.refunds-tab');
  const filter = async (label: string) => {
    if (isPhone) {
      await tab.getByLabel('退款状态').click();
      await page.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${label}$`) }).click();
    } else await tab.locator('.ant-segmented-item-label').filter({ hasText: new RegExp(`^${label}$`) }).click();
  };
  await filter('已退款');
  await expect(tab.getByRole('table', { name: '退款列表' })).toContainText(name, { timeout: 15_000 });
  await filter('待审批');
  await expect(tab).not.toContainText(name);
  if (isPhone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  if (process.env.REFUND_SHOTS) await page.screenshot({ path: `/tmp/refund-tab-${testInfo.project.name}.png` });

  // The student, in their own browser: the refund on the admission page.
  const context = await browser.newContext({ ...(isPhone ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } }), locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const studentPage = await context.newPage();
  await loginInBrowser(studentPage, student.token);
  await studentPage.goto('/student/admission/success');
  const refunds = studentPage.getByRole('region', { name: '退款记录' });
  await expect(refunds).toContainText('¥2,000.00', { timeout: 30_000 });
  await expect(refunds).toContainText('已退款');
  await expect(refunds).toContainText('原路退回');
  await expect(refunds).not.toContainText('学生调整参加期次');
  if (isPhone) expect(await studentPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  if (process.env.REFUND_SHOTS) await studentPage.screenshot({ path: `/tmp/refund-student-${testInfo.project.name}.png`, fullPage: true });
  await context.close();
});
