// Decisions 072, 090: staff with money.settings extend a student's tuition due date from the student page —
// 学费缴费期限 lists the installment with its due date, 延长缴费期限 opens a date picker (only days after the
// current due date) and a required reason, and after 确认延期 the page shows the new date with （已延期）. The
// student is made here (a released offer, the demo's whole plan); the demo students are never touched.
// The programme drawer's panel is the same component, covered by the API tests (programme-dues.test.ts).
import { test, expect } from '../support/fixtures.ts';
import { openStudentAsAdmin, studentAt } from '../support/journey.ts';

/** YYYY-MM-DD of the Beijing day `days` from now. */
const beijingDayIn = (days: number) => new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

test('an admin extends a student’s tuition due date from the student page and sees （已延期）', async ({ page, baseURL }) => {
  const name = `延期生${Date.now().toString().slice(-5)}`;
  const student = await studentAt(baseURL!, 'offer', name);

  await openStudentAsAdmin(page, student, name);

  const dues = page.getByRole('region', { name: '学费缴费期限' });
  const row = dues.getByTestId('due-tuition');
  await expect(row).toContainText('待支付');
  await expect(row).not.toContainText('已延期');
  await row.getByRole('button', { name: /延长缴费期限/ }).click();

  const dialog = page.getByRole('dialog', { name: /延长缴费期限/ });
  // The reason is required: confirming without one is refused by the form.
  await dialog.getByLabel('延期原因').fill('');
  await dialog.getByRole('button', { name: '确认延期' }).click();
  await expect(dialog).toContainText('请填写延期原因');

  const day = beijingDayIn(60);
  const picker = dialog.getByLabel('新的截止日期');
  await picker.click();
  await picker.fill(day);
  await picker.press('Enter');
  await dialog.getByLabel('延期原因').fill('家长申请延期，已电话确认');
  await expect(dialog).not.toContainText('请填写延期原因');
  if (process.env.DUE_SHOTS) await page.screenshot({ path: '/tmp/due-extend-modal-1280.png' });
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/students/${student.userId}/due-date`) && r.request().method() === 'PUT');
  await dialog.getByRole('button', { name: '确认延期' }).click();
  expect(((await (await saved).json()) as { status: number }).status).toBe(200);
  await expect(dialog).toBeHidden();

  await expect(row).toContainText(`截止 ${day} 23:59（已延期）`);
  if (process.env.DUE_SHOTS) {
    await dues.screenshot({ path: '/tmp/due-extend-1280.png' });
    await page.setViewportSize({ width: 375, height: 800 });
    await dues.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/due-extend-375.png', fullPage: true });
    await row.getByRole('button', { name: /延长缴费期限/ }).click();
    await page.screenshot({ path: '/tmp/due-extend-modal-375.png' });
  }
});
