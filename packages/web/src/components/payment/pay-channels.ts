import type { PaymentChannel, PaymentProvider } from '@summit/domain/constants';
import { currentPlat, type Plat } from '../../lib/platform.ts';

/** Where the payer is: a desktop browser (scan), a phone browser (H5/wap), or inside WeChat (JSAPI). */
export type PayDevice = 'phone' | 'desktop' | 'wechat';

/** Phones pay in the provider's app through a wap page; desktops scan a QR (inside WeChat: payDeviceFor). */
export function detectPayDevice(userAgent: string, viewportWidth: number): PayDevice {
  if (/Android|iPhone|iPod|iPad|Mobile|MicroMessenger|HarmonyOS/i.test(userAgent)) return 'phone';
  return viewportWidth > 0 && viewportWidth < 768 ? 'phone' : 'desktop';
}

/** Inside WeChat (its browser or a mini-program web-view) a QR code is useless and wap pay is blocked: JSAPI. */
export function payDeviceFor(plat: Plat, userAgent: string, viewportWidth: number): PayDevice {
  return plat !== 'web' ? 'wechat' : detectPayDevice(userAgent, viewportWidth);
}

export function currentPayDevice(): PayDevice {
  if (typeof window === 'undefined') return 'desktop';
  return payDeviceFor(currentPlat(), navigator.userAgent, window.innerWidth);
}

export interface PayOption {
  provider: PaymentProvider;
  channel: PaymentChannel;
  /** Button text; stable, the browser suite clicks it. */
  label: string;
  /** Inside WeChat, Alipay is blocked: the button shows the "open in a browser" guide instead of paying. */
  blocked?: 'wechat';
  /** JSAPI only: the signed payer ticket from the WeChat base OAuth (sent as wx_payer). */
  wxPayer?: string;
}

/** The two main buttons per device (decisions 012 and 070). */
export function payOptionsFor(device: PayDevice): [PayOption, PayOption] {
  if (device === 'wechat') {
    return [
      { provider: 'WX', channel: 'wechat_mp', label: '微信支付' },
      { provider: 'AL', channel: 'alipay_wap', label: '支付宝', blocked: 'wechat' },
    ];
  }
  return device === 'phone'
    ? [
        { provider: 'WX', channel: 'wechat_wap', label: '微信支付' },
        { provider: 'AL', channel: 'alipay_wap', label: '支付宝' },
      ]
    : [
        { provider: 'WX', channel: 'wechat_scan', label: '微信支付' },
        { provider: 'AL', channel: 'scan', label: '支付宝' },
      ];
}

/** Desktop only: Alipay's own web checkout (a page instead of a QR code). */
export const ALIPAY_WEB_OPTION: PayOption = { provider: 'AL', channel: 'alipay_web', label: '支付宝网页支付' };

/** Payers abroad (decision 071): a card through Stripe, the same checkout on desktops and phones. */
export const STRIPE_OPTION: PayOption = { provider: 'STRIPE', channel: 'checkout', label: '海外银行卡支付 (Stripe)' };

/** What the guide overlay says when Alipay is chosen inside WeChat. */
export const ALIPAY_IN_WECHAT_GUIDE = '请点击右上角 ··· 选择「在浏览器打开」后使用支付宝支付';

/** Local storage key of the WeChat payer ticket (docs/api-contract.md base OAuth → JSAPI). */
export const WX_PAYER_KEY = 'wx_payer';

export function readWxPayer(): string | null {
  try {
    return window.localStorage.getItem(WX_PAYER_KEY);
  } catch {
    return null;
  }
}

export function forgetWxPayer(): void {
  try {
    window.localStorage.removeItem(WX_PAYER_KEY);
  } catch {
    // Private mode: nothing was kept.
  }
}
