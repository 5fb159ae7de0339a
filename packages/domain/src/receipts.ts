/**
 * Receipts and daily reconciliation (docs/decisions/073): the amount in Chinese capitals, the
 * receipt number, the Beijing calendar day, and the kinds of disagreement a reconciliation reports. No I/O.
 */
import type { PaymentPayer } from './payments.ts';

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const SMALL_UNITS = ['', '拾', '佰', '仟'] as const;
const GROUP_UNITS = ['', '万', '亿', '万亿'] as const;

/** One group of four digits (0 < n < 10000), zeros inside it folded to one 零. */
function groupWords(n: number): string {
  let out = '';
  let zero = false;
  for (let i = 3; i >= 0; i--) {
    const d = Math.floor(n / 10 ** i) % 10;
    if (d === 0) {
      if (out) zero = true;
      continue;
    }
    out += (zero ? '零' : '') + DIGITS[d] + SMALL_UNITS[i];
    zero = false;
  }
  return out;
}

/**
 * Fen → 人民币大写 as 《支付结算办法》 writes it: 1680000 → 壹万陆仟捌佰元整, 100507 → 壹仟零伍元零柒分,
 * 50 → 伍角. 整 follows 元 only; a 0 yuan amount starts at 角 or 分.
 */
export function amountInChineseWords(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not an amount in fen: ${fen}`);
  if (fen === 0) return '零元整';
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  let out = '';
  if (yuan > 0) {
    const groups: number[] = [];
    for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10_000)) groups.push(rest % 10_000);
    if (groups.length > GROUP_UNITS.length) throw new RangeError(`amount too large: ${fen}`);
    let zero = false;
    for (let g = groups.length - 1; g >= 0; g--) {
      const n = groups[g] ?? 0;
      if (n === 0) {
        zero = out !== '';
        continue;
      }
      if (out && (zero || n < 1000)) out += '零';
      out += groupWords(n) + GROUP_UNITS[g];
      zero = false;
    }
    out += '元';
  }
  if (jiao === 0 && cents === 0) return `${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (yuan > 0) out += '零';
  if (cents > 0) out += `${DIGITS[cents]}分`;
  return out;
}

export const RECEIPT_PAYER_LABELS: Record<PaymentPayer, string> = {
  student: '学生本人',
  parent: '家长代付',
};

/** R20260701000123: the Beijing day it was paid and the order's id; stable, so a re-download prints the same number. */
export function receiptNumber(orderId: number, paidAt: Date): string {
  return `R${beijingDay(paidAt).replace(/-/g, '')}${String(orderId).padStart(6, '0')}`;
}

/** The Beijing calendar day (UTC+8, no daylight saving) of an instant: 2026-07-01. */
export function beijingDay(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** [start, end) of a Beijing day as instants. */
export function beijingDayRange(day: string): { start: Date; end: Date } {
  const start = new Date(`${day}T00:00:00+08:00`);
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

/** The Beijing day before the one `now` falls on: what the daily run reconciles. */
export function previousBeijingDay(now: Date): string {
  return beijingDay(new Date(now.getTime() - 86_400_000));
}

/** Where a reconciliation found our books and the provider's bill apart. */
export const RECON_MISMATCH_KINDS = ['unknown_order', 'missing_in_bill', 'amount_differs', 'status_differs', 'currency_differs'] as const;
export type ReconMismatchKind = (typeof RECON_MISMATCH_KINDS)[number];
export const RECON_MISMATCH_LABELS: Record<ReconMismatchKind, string> = {
  unknown_order: '账单有、本平台无此订单',
  missing_in_bill: '本平台有、账单中没有',
  amount_differs: '金额不一致',
  status_differs: '状态不一致',
  currency_differs: '币种不一致',
};

export const RECON_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type ReconRunStatus = (typeof RECON_RUN_STATUSES)[number];
export const RECON_RUN_STATUS_LABELS: Record<ReconRunStatus, string> = {
  running: '进行中',
  succeeded: '已完成',
  failed: '失败',
};

/** Who started a run: the daily job, or an admin (重新对账). */
export const RECON_TRIGGERS = ['schedule', 'admin'] as const;
export type ReconTrigger = (typeof RECON_TRIGGERS)[number];

/** The payment gateways by the name staff know them by (the sandbox stands in for WeChat Pay and Alipay). */
export const RECON_GATEWAY_LABELS: Readonly<Record<string, string>> = {
  sandbox: '模拟支付',
  wechatpay: '微信支付',
  alipay: '支付宝',
  stripe: 'Stripe',
  nhp: 'NHP 合作方支付',
};

export function reconGatewayLabel(gateway: string): string {
  return RECON_GATEWAY_LABELS[gateway] ?? gateway;
}

/** A resolution note: at most this many characters. */
export const RECON_NOTE_MAX = 500;

/** Our side's or the bill's state of an order or refund, as a mismatch shows it. */
export const RECON_STATUS_LABELS: Readonly<Record<string, string>> = {
  paid: '已支付',
  refunded: '已退款',
  pending: '待支付',
  closed: '已关闭',
  refund_requested: '退款待审批',
  refund_processing: '退款处理中',
  refund_failed: '退款失败',
  refund_rejected: '退款已驳回',
};

export function reconStatusLabel(status: string | null): string {
  return status === null ? '—' : (RECON_STATUS_LABELS[status] ?? status);
}
