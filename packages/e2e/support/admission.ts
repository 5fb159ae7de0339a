// Page helpers for the admission journey: the application steps, the payment panel and the sandbox
// checkout, found by their Chinese labels as a person would.
import { expect, type Locator, type Page } from '@playwright/test';
import { residentIdCheckChar } from '@summit/domain';
import { button } from './login-screen.ts';

/** A valid GB 11643 number for a birth date (Beijing Dongcheng, sequence 123): the checksum must hold. */
export function residentIdFor(birthDate: string, sequence = '123'): string {
  const first17 = `110101${birthDate.replaceAll('-', '')}${sequence}`;
  return first17 + residentIdCheckChar(first17);
}

/** The antd form item whose label is exactly `label`. */
export function formItem(scope: Page | Locator, label: string): Locator {
  return scope.locator('.ant-form-item').filter({ has: scope.locator('label', { hasText: new RegExp(`^\\s*${label}\\s*$`) }) });
}

/** Picks `option` in the antd Select of the form item `label`. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  // A click that lands while the dropdown is still animating in is dropped by antd: try again until it takes.
  await expect(async () => {
    const dropdown = page.locator('.ant-select-dropdown:visible');
    if ((await dropdown.count()) === 0) await formItem(page, label).locator('.ant-select').click();
    await dropdown.getByTitle(option, { exact: true }).click({ timeout: 2_000 });
    await expect(formItem(page, label)).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Confirms antd's confirm dialog with its OK button text. */
export async function confirmDialog(page: Page, okText: string): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm:visible, .ant-modal:visible').last();
  await button(dialog, okText).click();
}

export interface Step1Input {
  legalName: string;
  birthDate: string;
  guardianName: string;
  guardianPhone: string;
}

export async function fillStep1(page: Page, input: Step1Input): Promise<void> {
  await formItem(page, '姓名（与证件一致）').getByRole('textbox').fill(input.legalName);
  await formItem(page, '性别').getByText('男', { exact: true }).click();
  const birth = formItem(page, '出生日期').getByRole('textbox');
  await birth.click();
  await birth.fill(input.birthDate);
  await birth.press('Enter');
  await expect(birth).toHaveValue(input.birthDate);
  await chooseOption(page, '证件类型', '居民身份证');
  await formItem(page, '证件号码').getByRole('textbox').fill(residentIdFor(input.birthDate));
  // 学校 is prefilled from the profile.
  await expect(formItem(page, '学校').locator('input')).not.toHaveValue('');
  await formItem(page, '年级').getByText('高二', { exact: true }).click();
  await formItem(page, '监护人姓名').getByRole('textbox').fill(input.guardianName);
  await formItem(page, '与申请人关系').getByText('母亲', { exact: true }).click();
  await formItem(page, '监护人手机').getByRole('textbox').fill(input.guardianPhone);
  await page.getByRole('checkbox', { name: '监护人已阅读并同意上述个人信息处理授权' }).check();
  await formItem(page, '意向期次').getByText('第一期', { exact: true }).click();
  await formItem(page, '意向方向').getByText('人文社科', { exact: true }).click();
}

/** 110 units of Chinese text: above the 100-unit minimum of the counting rule. */
export const ESSAY =
  '我对城市中的社会问题一直抱有浓厚兴趣，曾和同学一起调查社区老人使用智能手机的困难，走访了三个街道的五十多位老人，' +
  '整理出常见问题并编写了图文教程，在社区活动中心开设了四次讲座。这段经历让我意识到技术普及背后的社会结构问题，' +
  '希望在项目中系统学习社会学研究方法。';

/** A 1×1 PNG: real magic bytes, so the storage's content check accepts it. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export async function fillStep2(page: Page): Promise<void> {
  await formItem(page, '文书一：申请动机').getByRole('textbox').fill(ESSAY);
  await formItem(page, '文书二：探索经历').getByRole('textbox').fill(ESSAY);
  await chooseOption(page, '英语考试', 'IELTS 雅思');
  await formItem(page, '英语成绩').getByRole('textbox').fill('7.0');
  // The optional attachment goes through the credential and the storage's signed POST.
  await formItem(page, '补充材料').getByTestId('file-input').setInputFiles({ name: '获奖证书.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expectUploaded(formItem(page, '补充材料'), '获奖证书.png');
}

/**
 * Waits until a file field holds the uploaded file: its name as the download button. The name alone shows
 * from the moment the upload starts (beside the progress bar), and a step submitted then is still missing it.
 */
export async function expectUploaded(field: Locator, fileName: string): Promise<void> {
  await expect(field.getByRole('button', { name: fileName })).toBeVisible({ timeout: 15_000 });
}

/**
 * Pays on the payment panel with WeChat Pay. Desktop: a QR code, and the sandbox checkout opened from the
 * link beside it in a new window; phone: the H5 (wap) channel redirects to the checkout, whose 返回 Summit
 * link brings the payer back.
 */
export async function payWithWechat(page: Page, opts: { phone: boolean }): Promise<void> {
  await button(page, '微信支付').click();
  if (opts.phone) {
    await expect(page).toHaveURL(/\/pay\/sandbox\//);
    await expect(page.getByText('模拟收银台')).toBeVisible();
    await page.getByRole('button', { name: '确认支付' }).click();
    await expect(page.getByText('支付成功')).toBeVisible();
    await page.getByRole('link', { name: '返回 Summit' }).click();
    return;
  }
  await expect(page.getByRole('img', { name: /微信支付.*二维码/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '等待支付结果' })).toBeVisible();
  const [checkout] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: '在新窗口打开支付页面' }).click()]);
  await checkout.getByRole('button', { name: '确认支付' }).click();
  await expect(checkout.getByText('支付成功')).toBeVisible();
  await checkout.close();
}
