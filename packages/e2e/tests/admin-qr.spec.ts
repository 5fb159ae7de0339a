// Decision 017 / 015: an admin uploads the side helper's 在线客服 QR image in 费用与截止日期 → 侧边栏二维码,
// and a visitor's QR pop-up shows exactly that image; clearing it brings the placeholder back.
import { deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { DEMO, DEMO_PASSWORD } from '../support/demo-accounts.ts';
import { LoginScreen } from '../support/login-screen.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real grey-scale PNG of the given size: its naturalWidth in the browser tells it from the 240 px placeholder. */
function pngOf(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grey-scale
  const rows = Buffer.alloc(size * (size + 1));
  for (let y = 0; y < size; y += 1) {
    rows[y * (size + 1)] = 0; // filter: none
    for (let x = 0; x < size; x += 1) rows[y * (size + 1) + 1 + x] = (x + y) % 2 ? 0 : 255;
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const naturalWidth = (img: Locator) => img.evaluate((el) => (el as HTMLImageElement).complete ? (el as HTMLImageElement).naturalWidth : 0);

async function openSettingsAsAdmin(page: Page): Promise<Locator> {
  await page.goto('/login');
  await new LoginScreen(page).loginWithPassword(DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/admin/settings');
  const card = page.getByRole('region', { name: '侧边栏二维码' });
  await expect(card).toBeVisible();
  return card.getByRole('group', { name: '在线客服二维码' });
}

test('an admin uploads the 在线客服 QR and the public pop-up shows it; clearing restores the placeholder', async ({ page, browser, baseURL }, testInfo) => {
  // A size per project, so each run proves its own upload reached the public page.
  const size = testInfo.project.name === 'phone' ? 57 : 43;
  const slot = await openSettingsAsAdmin(page);
  const preview = slot.getByRole('img', { name: '当前在线客服二维码' });

  await slot.getByTestId('file-input').setInputFiles({ name: `service-qr-${size}.png`, mimeType: 'image/png', buffer: pngOf(size) });
  await expect(page.getByText('保存成功').first()).toBeVisible();
  await expect(slot).toContainText(`当前：service-qr-${size}.png`);
  await expect.poll(() => naturalWidth(preview)).toBe(size);

  // A visitor in another browser: the side helper's pop-up reads the public address.
  const visitor = await (await browser.newContext({ baseURL: baseURL as string, locale: 'zh-CN', viewport: page.viewportSize() })).newPage();
  await visitor.addInitScript(() => localStorage.setItem('online_notice_read', '1'));
  await visitor.goto('/faq');
  await visitor.getByTestId('side-helper').getByRole('button', { name: '在线客服', exact: true }).click();
  const qr = visitor.getByRole('dialog', { name: '在线客服' }).getByRole('img', { name: '在线客服二维码' });
  await expect(qr).toBeVisible();
  await expect.poll(() => naturalWidth(qr)).toBe(size);
  const served = await visitor.request.get('/api/site/qr/service');
  expect(served.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await served.body()).equals(pngOf(size))).toBe(true);
  await visitor.context().close();

  // 删除: the public address answers the placeholder again.
  await slot.getByRole('button', { name: '删除' }).click();
  await expect(slot).toContainText('未上传，访客看到的是占位图。');
  await expect.poll(() => naturalWidth(preview)).toBe(240);
  const placeholder = await page.request.get('/api/site/qr/service');
  expect(placeholder.headers()['content-type']).toContain('image/svg+xml');
});
