/**
 * Receipts (decision 073): every paid order has one, built on demand from the order row, so it
 * always shows what was refunded since. Students get their own, the parent through the pay link once paid, staff
 * with money.reconcile any.
 */
import {
  AppError,
  MSG,
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_PURPOSE_LABELS,
  PROGRAMME_NAME,
  RECEIPT_PAYER_LABELS,
  RECON_MSG,
  amountInChineseWords,
  formatAmount,
  maskName,
  receiptNumber,
  type ReceiptItem,
  type ReceiptList,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import type { PaymentOrderRow } from '../payments/payments.queries.ts';
import { renderReceiptPdf, type ReceiptView } from './receipt-pdf.ts';
import { findProgrammeById } from '../programmes/programmes.queries.ts';
import { programmeOrderLabel } from '../programmes/programme-payments.plan.ts';
import { findOrderById, findParentLinkByHash } from '../payments/payments.queries.ts';
import { payLinkTokenHash } from '../payments/payments.service.ts';
import { findAccountName, findPaidOrderOfPurpose, findReceiptOrder, listReceiptOrders, listSucceededRefunds, type SucceededRefund } from './receipts.repo.ts';

export interface ReceiptFile {
  receiptNo: string;
  pdf: Uint8Array;
}

const isPaid = (o: PaymentOrderRow): o is PaymentOrderRow & { paidAt: Date } => (o.status === 'paid' || o.status === 'refunded') && o.paidAt !== null;

/** 2026-07-01 10:05:09 in Beijing time. */
function beijingClock(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function providerLabel(o: PaymentOrderRow): string {
  const name = PAYMENT_PROVIDER_LABELS[o.provider] ?? o.provider;
  return o.gateway === 'sandbox' ? `${name}（模拟支付）` : name;
}

function toReceiptItem(o: PaymentOrderRow & { paidAt: Date }, refunds: readonly SucceededRefund[]): ReceiptItem {
  return {
    order_no: o.orderNo,
    receipt_no: receiptNumber(o.id, o.paidAt),
    purpose: o.purpose,
    payer: o.payer,
    amount_fen: o.amountFen,
    refunded_fen: o.refundedFen,
    currency: o.currency,
    provider: providerLabel(o),
    paid_at: o.paidAt.toISOString(),
    refunds: refunds.filter((r) => r.orderId === o.id).map((r) => ({ refund_no: r.refundNo, amount_fen: r.amountFen, currency: r.currency, succeeded_at: r.succeededAt.toISOString() })),
  };
}

/** A student's paid orders, each with the refunds that went through. */
async function receiptListOf(ctx: AppContext, accountId: number): Promise<ReceiptList> {
  const orders = (await listReceiptOrders(ctx.db, accountId)).filter(isPaid);
  const refunds = await listSucceededRefunds(ctx.db, orders.map((o) => o.id));
  return { items: orders.map((o) => toReceiptItem(o, refunds)) };
}

/** What the PDF prints: the student's name masked whoever downloads it (a receipt travels). */
export function receiptViewOf(o: PaymentOrderRow & { paidAt: Date }, studentName: string, now: Date, labels?: { programme: string; purpose: string }): ReceiptView {
  const refunded = Math.min(o.refundedFen, o.amountFen);
  return {
    receiptNo: receiptNumber(o.id, o.paidAt),
    programme: labels?.programme ?? PROGRAMME_NAME,
    purpose: labels?.purpose ?? PAYMENT_PURPOSE_LABELS[o.purpose],
    payer: RECEIPT_PAYER_LABELS[o.payer],
    studentName: maskName(studentName) || '—',
    amount: formatAmount(o.amountFen, o.currency),
    amountWords: o.currency === 'CNY' ? `人民币${amountInChineseWords(o.amountFen)}` : '—',
    currency: o.currency,
    provider: providerLabel(o),
    orderNo: o.orderNo,
    providerTradeNo: o.providerTradeNo ?? '—',
    paidAt: beijingClock(o.paidAt),
    refunded: refunded > 0 ? `已退款 ${formatAmount(refunded, o.currency)}（实收 ${formatAmount(o.amountFen - refunded, o.currency)}）` : null,
    issuedAt: beijingClock(now),
  };
}

/** Another programme's order (decision 075) is receipted under that programme's name: 「H-week 定金」. */
async function programmeLabelsOf(ctx: AppContext, o: PaymentOrderRow): Promise<{ programme: string; purpose: string } | undefined> {
  if (o.programmeId === null) return undefined;
  const programme = await findProgrammeById(ctx.db, o.programmeId);
  if (!programme) return undefined;
  return { programme: programme.definition.name, purpose: programmeOrderLabel(programme.definition, o.purpose) };
}

async function receiptFileOf(ctx: AppContext, o: PaymentOrderRow | undefined): Promise<ReceiptFile> {
  if (!o) throw AppError.notFound(MSG.PAY_ORDER_NOT_FOUND);
  if (!isPaid(o)) throw AppError.message(RECON_MSG.RECEIPT_NOT_PAID);
  const view = receiptViewOf(o, (await findAccountName(ctx.db, o.accountId)) ?? '', ctx.now(), await programmeLabelsOf(ctx, o));
  return { receiptNo: view.receiptNo, pdf: await renderReceiptPdf(view) };
}

export async function listStudentReceipts(ctx: AppContext, auth: AuthState): Promise<ReceiptList> {
  return receiptListOf(ctx, auth.accountId);
}

export async function listReceiptsOfStudent(ctx: AppContext, accountId: number): Promise<ReceiptList> {
  return receiptListOf(ctx, accountId);
}

/** The student's own orders only: another student's order number answers as if it did not exist. */
export async function studentReceipt(ctx: AppContext, auth: AuthState, orderNo: string): Promise<ReceiptFile> {
  const order = await findReceiptOrder(ctx.db, orderNo);
  return receiptFileOf(ctx, order && order.accountId === auth.accountId ? order : undefined);
}

export async function adminReceipt(ctx: AppContext, orderNo: string): Promise<ReceiptFile> {
  return receiptFileOf(ctx, await findReceiptOrder(ctx.db, orderNo));
}

/**
 * The parent's receipt through the pay link, once the purpose is paid: the order the link paid with, else the
 * order that paid the purpose. A revoked link gives nothing, an expired one still does (the parent paid).
 */
export async function parentReceipt(ctx: AppContext, token: string): Promise<ReceiptFile> {
  const link = await findParentLinkByHash(ctx.db, payLinkTokenHash(token));
  if (!link || link.revokedAt) throw AppError.message(MSG.PAY_LINK_INVALID);
  const linkOrder = link.orderId ? await findOrderById(ctx.db, link.orderId) : undefined;
  const order = linkOrder && isPaid(linkOrder) ? linkOrder : await findPaidOrderOfPurpose(ctx.db, link.accountId, link.purpose, link.programmeId);
  if (!order) throw AppError.message(RECON_MSG.RECEIPT_NOT_PAID);
  return receiptFileOf(ctx, order);
}
