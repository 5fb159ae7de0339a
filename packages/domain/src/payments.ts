/**
 * Payment rules shared by api and web (docs/decisions/007-payments.md): purposes, the order state
 * machine, money in integer fen, which provider/channel pairs the platform can take, masking a payer-facing
 * name. No I/O.
 */
import type { PaymentChannel, PaymentProvider } from './constants.ts';

/** What is shown as the programme on checkout and parent-pay pages. */
export const PROGRAMME_NAME = 'Summit 高中生夏季学术项目';

/** Installment purposes (decision 072): `tuition` is paid whole; a split plan pays tuition_deposit then tuition_final. */
/** programme_*: an order of another programme (decision 075); the order's programme_id says which. */
export const PAYMENT_PURPOSES = ['apply_fee', 'tuition', 'tuition_deposit', 'tuition_final', 'programme_apply_fee', 'programme_whole', 'programme_deposit', 'programme_final'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
/** What POST /api/student/payment takes: the summer programme's own fees (programme orders have their own endpoint). */
export const SUMMER_PAYMENT_PURPOSES = ['apply_fee', 'tuition', 'tuition_deposit', 'tuition_final'] as const satisfies readonly PaymentPurpose[];

export const PAYMENT_PURPOSE_LABELS: Record<PaymentPurpose, string> = {
  apply_fee: '申请费',
  tuition: '学费',
  tuition_deposit: '学费定金',
  tuition_final: '学费尾款',
  programme_apply_fee: '项目申请费',
  programme_whole: '项目费用',
  programme_deposit: '项目定金',
  programme_final: '项目尾款',
};

export const PAYMENT_ORDER_STATUSES = ['pending', 'paid', 'closed', 'refunded'] as const;
export type PaymentOrderStatus = (typeof PAYMENT_ORDER_STATUSES)[number];

export const PAYMENT_PAYERS = ['student', 'parent'] as const;
export type PaymentPayer = (typeof PAYMENT_PAYERS)[number];

export const PAYMENT_CURRENCY = 'CNY';
export type PaymentCurrency = typeof PAYMENT_CURRENCY;

/** Fees before any admin edit: ¥500 application fee, ¥16,800 tuition. */
export const DEFAULT_FEES_FEN = { apply_fen: 50_000, tuition_fen: 1_680_000 } as const;
/** Upper bound an admin may set (¥1,000,000): keeps a typo of a few zeros from reaching a provider. */
export const MAX_FEE_FEN = 100_000_000;

export const PAYMENT_TIMING = {
  /** WeChat Pay's native code_url is valid for 2 hours; every provider gets the same order lifetime. */
  orderTtlMs: 2 * 60 * 60_000,
  /** The reconciler asks the provider about orders still pending after this long. */
  reconcileAfterMs: 2 * 60_000,
  reconcileEveryMs: 60_000,
  parentLinkTtlMs: 7 * 24 * 60 * 60_000,
  /**
   * A parent link made this recently is not replaced: a second press (a double submit, a retry) is answered
   * 409 instead of revoking the link the first press just handed out.
   */
  parentLinkRepeatMs: 10_000,
  /** Provider notifications older or newer than this are refused as replays. */
  notificationSkewMs: 5 * 60_000,
} as const;

/** An event a provider (or the reconciler, or the sandbox) reports about an order. */
export type PaymentEventKind = 'paid' | 'closed' | 'refunded';

export type OrderTransition =
  | { ok: true; changed: true; next: PaymentOrderStatus; note?: 'paid_after_close' }
  | { ok: true; changed: false; next: PaymentOrderStatus }
  | { ok: false; next: PaymentOrderStatus };

/**
 * The order state machine: pending → paid | closed; paid → refunded. A paid event for a closed order still
 * moves it to paid (the payer's money was taken; the caller logs it). Repeated events change nothing.
 */
export function transitionOrder(current: PaymentOrderStatus, event: PaymentEventKind): OrderTransition {
  switch (event) {
    case 'paid':
      if (current === 'pending') return { ok: true, changed: true, next: 'paid' };
      if (current === 'closed') return { ok: true, changed: true, next: 'paid', note: 'paid_after_close' };
      return { ok: true, changed: false, next: current };
    case 'closed':
      if (current === 'pending') return { ok: true, changed: true, next: 'closed' };
      if (current === 'closed') return { ok: true, changed: false, next: current };
      // A late close never undoes money that was taken.
      return { ok: true, changed: false, next: current };
    case 'refunded':
      if (current === 'paid') return { ok: true, changed: true, next: 'refunded' };
      if (current === 'refunded') return { ok: true, changed: false, next: current };
      return { ok: false, next: current };
  }
}

export function isOpenOrder(status: PaymentOrderStatus): boolean {
  return status === 'pending';
}

/** ¥16,800.00 for 1680000. Fen stay integers end to end; only display divides. */
export function formatFen(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`fen must be a safe integer, got ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}¥${yuan}.${String(abs % 100).padStart(2, '0')}`;
}

/** ¥16,800.00 for CNY; another currency by its code (USD 120.00), never under a yuan sign. */
export function formatAmount(fen: number, currency: string = 'CNY'): string {
  const text = formatFen(fen);
  return currency.toUpperCase() === 'CNY' ? text : `${currency.toUpperCase()} ${text.replace('¥', '')}`;
}

/**
 * Sums amounts per currency, CNY first then by code: money in different currencies is never added together
 * (a Stripe order may be charged in another currency than the yuan).
 */
export function sumByCurrency<T>(items: readonly T[], amountOf: (item: T) => number, currencyOf: (item: T) => string): Array<{ currency: string; fen: number; count: number }> {
  const totals = new Map<string, { fen: number; count: number }>();
  for (const item of items) {
    const currency = currencyOf(item).toUpperCase();
    const t = totals.get(currency) ?? { fen: 0, count: 0 };
    totals.set(currency, { fen: t.fen + amountOf(item), count: t.count + 1 });
  }
  return [...totals]
    .sort(([a], [b]) => (a === 'CNY' ? -1 : b === 'CNY' ? 1 : a.localeCompare(b)))
    .map(([currency, t]) => ({ currency, ...t }));
}

/** "500.00" for 50000: the decimal string Alipay's total_amount wants. */
export function fenToYuanString(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`fen must be a non-negative safe integer, got ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** "500.00" → 50000 without floating point; null for anything that is not a plain amount with ≤ 2 decimals. */
export function yuanStringToFen(yuan: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0') || '0');
  return whole * 100 + cents;
}

/** Tuition after granted financial aid; never below one fen (a fully covered tuition needs no order). */
export function amountAfterAidFen(feeFen: number, aidFen: number): number {
  return Math.max(1, feeFen - Math.max(0, aidFen));
}

/**
 * 张小明 → 张*明, 张三 → 张*, 欧阳小明 → 欧**明: a parent sees whose place it is without the full name being
 * readable by whoever holds the link. Counts code points, so 𠮷 is one character.
 */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length === 0) return '';
  if (chars.length === 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** 13912345678 → 139****5678: the middle four digits hidden, wherever a phone is shown to someone else. */
export function maskPhone(phone: string): string {
  const digits = phone.trim();
  if (digits.length < 7) return digits;
  const start = Math.floor((digits.length - 4) / 2);
  return `${digits.slice(0, start)}****${digits.slice(start + 4)}`;
}

/**
 * How the payer is sent to pay: a QR code to scan, a page to open, or (inside WeChat) the WeChat Pay sheet
 * the page raises with WeixinJSBridge getBrandWCPayRequest (JSAPI, with the payer's open id).
 */
export type PayKind = 'qr' | 'redirect' | 'jsapi';

/**
 * The provider/channel pairs the platform can take (docs/product/constants.md names more; the rest answer 暂不支持该支付方式).
 * WX: native scan, H5 (wap) and JSAPI inside WeChat (mp, wechat_mp). AL: precreate scan, page pay (web)
 * and wap pay.
 */
const PAY_METHODS: Partial<Record<PaymentProvider, Partial<Record<PaymentChannel, PayKind>>>> = {
  WX: { scan: 'qr', wechat_scan: 'qr', wap: 'redirect', wechat_wap: 'redirect', mp: 'jsapi', wechat_mp: 'jsapi' },
  AL: { scan: 'qr', web: 'redirect', alipay: 'redirect', alipay_web: 'redirect', wap: 'redirect', alipay_wap: 'redirect' },
  // Stripe (decision 071): docs/product/constants.md's `checkout`, one hosted card form for desktops and phones alike.
  STRIPE: { checkout: 'redirect' },
  // NHP (decision 076): the partner's hosted page, on desktops and phones; only the week camps accept it.
  NHP: { web: 'redirect', wap: 'redirect' },
};

export function payKindOf(provider: PaymentProvider, channel: PaymentChannel): PayKind | null {
  return PAY_METHODS[provider]?.[channel] ?? null;
}

/** Channels a page may offer for a provider, in the order above. */
export function channelsOf(provider: PaymentProvider): PaymentChannel[] {
  return Object.keys(PAY_METHODS[provider] ?? {}) as PaymentChannel[];
}

/** Whether a wap channel: the provider's page is opened on a phone rather than a desktop. */
export function isWapChannel(channel: PaymentChannel): boolean {
  return channel === 'wap' || channel === 'wechat_wap' || channel === 'alipay_wap';
}

export const PAYMENT_PROVIDER_LABELS: Partial<Record<PaymentProvider, string>> = {
  WX: '微信支付',
  AL: '支付宝',
  STRIPE: '海外银行卡支付 (Stripe)',
  NHP: 'NHP 合作方支付',
};
