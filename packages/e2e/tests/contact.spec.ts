// Decision 030: 在线客服 and 关注公众号 show the QR codes and contact details admins set; the demo seeds real
// QR PNGs; a phone gets 保存图片 and a WeChat ID to copy; the FAQ's contact advice fits 375 px.
import type { Page } from '@playwright/test';
import type { SiteContact } from '@summit/domain';
import { test, expect, PHONE } from '../support/fixtures.ts';
import { callApi } from '../support/api.ts';

const helperButton = (page: Page, name: string) => page.getByTestId('side-helper').getByRole('button', { name, exact: true });
const naturalWidth = (page: Page, name: string) =>
  page.getByRole('img', { name }).evaluate((el) => ((el as HTMLImageElement).complete ? (el as HTMLImageElement).naturalWidth : 0));

test('在线客服 shows the QR, the contact details and copies the WeChat ID; 关注公众号 shows the seeded QR', PHONE, async ({ page, context, baseURL }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const contact = (await callApi<SiteContact>(baseURL as string, 'GET', '/api/site/contact')).data!;
  await page.goto('/faq');

  await helperButton(page, '在线客服').click();
  const service = page.getByRole('dialog', { name: '在线客服' });
  await expect(service.getByRole('img', { name: '在线客服二维码' })).toBeVisible();
  await expect.poll(() => naturalWidth(page, '在线客服二维码')).toBeGreaterThan(0);
  await expect(service.getByTestId('wechat-id')).toHaveText(contact.wechat_id);
  await expect(service).toContainText(contact.phone);
  await expect(service).toContainText(contact.email);
  await expect(service).toContainText(contact.hours);
  const save = service.getByRole('link', { name: '保存图片' });
  await expect(save).toHaveAttribute('href', '/api/site/qr/service');
  await expect(save).toHaveAttribute('download', /在线客服二维码/);
  if (phone) await expect(service).toContainText('长按图片识别或保存');

  const copy = service.getByRole('button', { name: `复制微信号 ${contact.wechat_id}` });
  const box = await copy.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await copy.click();
  await expect(service.getByRole('status')).toHaveText('已复制微信号，打开微信添加好友即可');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(contact.wechat_id);

  // The official account's QR is the demo seed's real PNG (480 px), stored like an admin upload.
  await helperButton(page, '关注公众号').click();
  await expect(page.getByRole('dialog', { name: '关注公众号' })).toBeVisible();
  await expect.poll(() => naturalWidth(page, '关注公众号二维码')).toBe(480);
  const served = await page.request.get('/api/site/qr/official');
  expect(served.headers()['content-type']).toBe('image/png');
});

test('the FAQ quotes the contact details and fits the screen', async ({ page, baseURL }) => {
  const contact = (await callApi<SiteContact>(baseURL as string, 'GET', '/api/site/contact')).data!;
  await page.goto('/faq');
  // The side helper mounts after the app has taken over the prerendered page: click the live element.
  await expect(page.getByTestId('side-helper')).toBeVisible();
  const answer = page.getByText(`客服微信号：${contact.wechat_id}`);
  await expect(async () => {
    if (!(await answer.isVisible())) await page.locator('summary', { hasText: '如何联系项目办公室？' }).click();
    await expect(answer).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.getByRole('link', { name: contact.email })).toHaveAttribute('href', `mailto:${contact.email}`);
  // No sideways scrolling at 375 px (and none at 1280 px).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // The helper's buttons are ≥ 44 px tap targets.
  for (const name of ['在线客服', '关注公众号']) {
    const box = await helperButton(page, name).boundingBox();
    expect(box?.height ?? 0, name).toBeGreaterThanOrEqual(44);
  }
});
