// The admission work (decisions 007, 009–012): a new student goes from registration to a paid place in the browser, against the real server:
// apply (step 1) → application fee (sandbox provider) → step 2 with an upload → an admin decides and
// releases in the admin UI → offer letter → a parent pays tuition through the link in a separate browser
// context with no login → the student's page turns to success by itself. Runs on desktop and at 375 px.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { test, expect, PHONE } from '../support/fixtures.ts';
import { confirmDialog, fillStep1, fillStep2, payWithWechat } from '../support/admission.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { button, LoginScreen } from '../support/login-screen.ts';
import { uniquePhone } from '../support/phone-numbers.ts';
import { ProfileForm } from '../support/profile-form.ts';

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' };

async function registerAndCompleteInfo(page: Page, readSmsCode: (phone: string) => Promise<string>, name: string): Promise<string> {
  const phone = uniquePhone();
  const screen = new LoginScreen(page);
  await page.goto('/register');
  await screen.phone.fill(phone);
  await screen.requestCode();
  await screen.code.fill(await readSmsCode(phone));
  await screen.newPassword.fill('Xuesheng2026!');
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await screen.submit('注册').click();
  await expect(page).toHaveURL(/\/info$/);
  const form = new ProfileForm(page);
  await form.fill({
    name,
    email: `s${phone.slice(-6)}@example.com`,
    area: ['广东省', '广州市', '天河区'],
    school: { search: '华南师范', pick: '华南师范大学附属中学' },
  });
  await form.submit('保存并继续');
  return phone;
}

/** The admin, on a desktop in another browser context, offers a place and releases it. */
async function admitInAdminUi(browser: Browser, baseURL: string, studentPhone: string, studentName: string): Promise<void> {
  const context = await browser.newContext({ ...DESKTOP, baseURL });
  const admin = await context.newPage();
  await admin.goto('/login');
  await new LoginScreen(admin).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await expect(admin).toHaveURL(/\/admin/);

  await admin.getByLabel('关键词').fill(studentPhone);
  await admin.getByLabel('关键词').press('Enter');
  const row = admin.locator('.ant-table-row').filter({ hasText: studentPhone });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('待决定');
  await row.getByText(studentName).click();

  const decision = admin.getByRole('region', { name: '录取决定' });
  await expect(decision).toBeVisible();
  // The form starts on 录取 with the student's own preferences (第一期, 人文社科).
  await expect(decision).toContainText('第一期');
  await expect(decision).toContainText('人文社科');
  await button(decision, '发布').click();
  await confirmDialog(admin, '确认发布');
  await expect(admin.locator('.ant-table-row').filter({ hasText: studentPhone })).toContainText('已发布');
  await context.close();
}

test('register → apply → fee → step 2 → admin offer → parent pays tuition → success', PHONE, async ({ page, browser, baseURL, readSmsCode }, testInfo) => {
  test.setTimeout(300_000);
  const onPhone = testInfo.project.name === 'phone';
  const name = onPhone ? '周书远' : '何以宁';
  const masked = `${name[0]}*${name[2]}`;

  const phone = await registerAndCompleteInfo(page, readSmsCode, name);

  // Step 1: the status redirect brings a student with complete info to the application.
  await expect(page).toHaveURL(/\/student\/apply/);
  await expect(page.getByRole('heading', { name: '我的申请' })).toBeVisible();
  await fillStep1(page, { legalName: name, birthDate: '2009-05-01', guardianName: '周丽华', guardianPhone: '13700001234' });
  await button(page, '提交基本信息').click();
  await confirmDialog(page, '确认提交');

  // Application fee: 请先支付申请费 before step 2.
  await expect(page).toHaveURL(/\/pay\/apply/);
  await expect(page.getByRole('heading', { name: '支付申请费' })).toBeVisible();
  await expect(page.getByText('¥500.00')).toBeVisible();
  await payWithWechat(page, { phone: onPhone });
  await expect(page.getByRole('heading', { name: '申请费支付成功' })).toBeVisible({ timeout: 20_000 });
  await button(page, '继续填写申请材料').click();

  // Step 2 with an attachment, then the application is complete and read-only.
  await expect(page).toHaveURL(/\/student\/apply\?step=2/);
  await fillStep2(page);
  await button(page, '提交申请材料').click();
  await confirmDialog(page, '确认提交');
  await expect(page.getByText('申请已全部提交')).toBeVisible();

  // The admin decides in the admin UI.
  await admitInAdminUi(browser, baseURL as string, phone, name);

  // The student's next page is the offer.
  await page.goto('/student/apply');
  await page.goto('/student/admission');
  await expect(page.getByRole('heading', { name: '录取通知书' })).toBeVisible();
  // The letter names the student (the top bar's name gives way to 我的申请 on phones, so look in the page).
  await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
  await expect(page.getByText('第一期').first()).toBeVisible();

  if (!onPhone) {
    // The PDF letter downloads with the student's token.
    const [download] = await Promise.all([page.waitForEvent('download'), button(page, '下载PDF').click()]);
    const pdf = readFileSync((await download.path()) as string);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  }

  // Tuition: the student asks a parent to pay.
  await page.getByText('缴纳学费', { exact: true }).click();
  await expect(page).toHaveURL(/\/student\/admission\/pay/);
  await expect(page.getByText('¥16,800.00').first()).toBeVisible();
  await button(page, '请家长代付').click();
  const link = ((await page.getByTestId('parent-link').textContent()) ?? '').trim();
  expect(link).toMatch(/\/pay\/admission-parent\/[A-Za-z0-9_-]{43}$/);

  // The parent: another browser, no login, on the same kind of device.
  const parentContext = await browser.newContext(onPhone ? { ...testInfo.project.use, baseURL } : { ...DESKTOP, baseURL });
  const parent = await parentContext.newPage();
  await parent.goto(link);
  await expect(parent.getByRole('heading', { name: '家长代付学费' })).toBeVisible();
  await expect(parent.getByText(masked)).toBeVisible();
  await expect(parent.getByText(name)).toHaveCount(0);
  await expect(parent.getByText('¥16,800.00').first()).toBeVisible();
  await payWithWechat(parent, { phone: onPhone });
  if (onPhone) {
    // Back from the wap checkout the link is opened afresh: it says the parent has paid, and when.
    await expect(parent.getByRole('heading', { name: '学费已缴纳' })).toBeVisible({ timeout: 20_000 });
    await expect(parent.getByTestId('paid-by')).toContainText('已由家长通过代付链接');
  } else {
    await expect(parent.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 20_000 });
  }
  await parentContext.close();

  // The student's page notices the parent's payment without a reload.
  await expect(page).toHaveURL(/\/student\/admission\/success/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: '学费缴纳成功' })).toBeVisible();

  // And from now on the status redirect sends the paid student on to their venue and course card (decision 040).
  await page.goto('/pay/admission');
  await expect(page).toHaveURL(/\/student\/card\/course/);
  await expect(page.getByRole('heading', { name: '我的会场与选课' })).toBeVisible();
});
