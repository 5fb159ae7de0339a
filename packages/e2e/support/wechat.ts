// Inside "WeChat" in the browser suite: WeChat's user agent, and a payer ticket as the base OAuth would leave it
// in local storage (the server signs tickets with WECHAT_PAYER_TICKET_SECRET, which global setup shares).
import { createHmac } from 'node:crypto';
import type { BrowserContextOptions } from '@playwright/test';

export const WECHAT_PHONE_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
export const WECHAT_DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13) XWEB/9129 Flue';

/** The context options of a WeChat browser on this project's device. */
export function wechatContext(onPhone: boolean, baseURL: string): BrowserContextOptions {
  return onPhone
    ? { baseURL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, userAgent: WECHAT_PHONE_UA, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' }
    : { baseURL, viewport: { width: 1280, height: 800 }, userAgent: WECHAT_DESKTOP_UA, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' };
}

/** The ticket format of packages/api/src/modules/wechat/payer-ticket.ts: v1.<app>.<open id>.<expiry ms>.<HMAC>. */
export function wxPayerTicket(appId: string, openId: string, validMs = 60 * 60_000): string {
  const secret = process.env.E2E_WX_PAYER_SECRET;
  if (!secret) throw new Error('E2E_WX_PAYER_SECRET is not set: global setup did not start the server');
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
  const body = `v1.${b64(appId)}.${b64(openId)}.${Date.now() + validMs}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
