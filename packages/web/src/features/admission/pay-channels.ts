import type { PaymentChannel, PaymentProvider } from '@summit/domain';

export type PayDevice = 'phone' | 'desktop';

/** Phones (and WeChat's in-app browser) pay in the provider's app through a wap page; desktops scan a QR. */
export function detectPayDevice(userAgent: string, viewportWidth: number): PayDevice {
  if (/Android|iPhone|iPod|iPad|Mobile|MicroMessenger|HarmonyOS/i.test(userAgent)) return 'phone';
  return viewportWidth > 0 && viewportWidth < 768 ? 'phone' : 'desktop';
}

export function currentPayDevice(): PayDevice {
  if (typeof window === 'undefined') return 'desktop';
  return detectPayDevice(navigator.userAgent, window.innerWidth);
}

export interface PayOption {
  provider: PaymentProvider;
  channel: PaymentChannel;
  /** Button text; stable, the browser suite clicks it. */
  label: string;
}

/** The two main buttons per device (decision 012). */
export function payOptionsFor(device: PayDevice): [PayOption, PayOption] {
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
