/**
 * The comparison at the heart of a reconciliation (decision 073), pure so every kind of mismatch is tested
 * without a provider: our paid orders and succeeded refunds of one Beijing day against the provider's bill lines
 * of that day.
 */
import { sumByCurrency, type ReconCurrencyTotals, type ReconMismatchKind } from '@summit/domain';
import type { ProviderBillLine } from '../../providers/payment/payment-provider.ts';

export interface OurPayment {
  orderNo: string;
  amountFen: number;
  currency: string;
  providerTradeNo: string | null;
}

export interface OurRefund {
  refundNo: string;
  orderNo: string;
  amountFen: number;
  currency: string;
}

/** What we hold about the orders and refunds a bill names that are not among the day's own (looked up by number). */
export interface KnownElsewhere {
  orders: ReadonlyMap<string, { status: string; paid: boolean }>;
  refunds: ReadonlyMap<string, { status: string; orderNo: string }>;
}

export interface FoundMismatch {
  kind: ReconMismatchKind;
  orderNo: string;
  refundNo: string | null;
  providerTradeNo: string | null;
  oursAmountFen: number | null;
  billAmountFen: number | null;
  oursCurrency: string | null;
  billCurrency: string | null;
  oursStatus: string | null;
  billStatus: string | null;
}

/** Counts across currencies; amounts per currency only (a Stripe bill may hold another currency than CNY). */
export interface ComparisonTotals {
  oursPaidCount: number;
  oursRefundCount: number;
  billPaidCount: number;
  billRefundCount: number;
  totalsByCurrency: ReconCurrencyTotals[];
}

/** Several bill lines for one order (a double charge) are one line of their sum: it then differs in amount. */
function merge(lines: ProviderBillLine[], key: (l: ProviderBillLine) => string): Map<string, ProviderBillLine> {
  const out = new Map<string, ProviderBillLine>();
  for (const line of lines) {
    const k = key(line);
    const seen = out.get(k);
    out.set(k, seen ? { ...seen, amountFen: seen.amountFen + line.amountFen } : { ...line });
  }
  return out;
}

export function compareBill(ours: { payments: OurPayment[]; refunds: OurRefund[] }, bill: ProviderBillLine[], known: KnownElsewhere): { mismatches: FoundMismatch[]; totals: ComparisonTotals } {
  const mismatches: FoundMismatch[] = [];
  const billPayments = merge(
    bill.filter((l) => l.kind === 'payment'),
    (l) => l.orderNo,
  );
  const billRefunds = merge(
    bill.filter((l) => l.kind === 'refund'),
    (l) => l.refundNo ?? `order:${l.orderNo}`,
  );
  const base = { refundNo: null, providerTradeNo: null, oursAmountFen: null, billAmountFen: null, oursCurrency: null, billCurrency: null, oursStatus: null, billStatus: null };

  const differences = (kindOf: 'payment' | 'refund', o: { orderNo: string; amountFen: number; currency: string }, line: ProviderBillLine, refundNo: string | null) => {
    const fields = {
      orderNo: o.orderNo,
      refundNo,
      providerTradeNo: line.providerTradeNo,
      oursAmountFen: o.amountFen,
      billAmountFen: line.amountFen,
      oursCurrency: o.currency,
      billCurrency: line.currency,
      oursStatus: kindOf === 'payment' ? 'paid' : 'refunded',
      billStatus: kindOf === 'payment' ? 'paid' : 'refunded',
    };
    if (line.currency.toUpperCase() !== o.currency.toUpperCase()) mismatches.push({ kind: 'currency_differs', ...fields });
    else if (line.amountFen !== o.amountFen) mismatches.push({ kind: 'amount_differs', ...fields });
  };

  const ourOrderNos = new Set<string>();
  for (const p of ours.payments) {
    ourOrderNos.add(p.orderNo);
    const line = billPayments.get(p.orderNo);
    if (line) differences('payment', p, line, null);
    else mismatches.push({ ...base, kind: 'missing_in_bill', orderNo: p.orderNo, providerTradeNo: p.providerTradeNo, oursAmountFen: p.amountFen, oursCurrency: p.currency, oursStatus: 'paid' });
  }
  for (const [orderNo, line] of billPayments) {
    if (ourOrderNos.has(orderNo)) continue;
    const order = known.orders.get(orderNo);
    const fields = { ...base, orderNo, providerTradeNo: line.providerTradeNo, billAmountFen: line.amountFen, billCurrency: line.currency, billStatus: 'paid' };
    if (!order) mismatches.push({ ...fields, kind: 'unknown_order' });
    // Paid here on the day before or after (a payment across midnight): that day's run compares it.
    else if (!order.paid) mismatches.push({ ...fields, kind: 'status_differs', oursStatus: order.status });
  }

  const ourRefundNos = new Set<string>();
  for (const r of ours.refunds) {
    ourRefundNos.add(r.refundNo);
    const line = billRefunds.get(r.refundNo);
    if (line) differences('refund', r, line, r.refundNo);
    else mismatches.push({ ...base, kind: 'missing_in_bill', orderNo: r.orderNo, refundNo: r.refundNo, oursAmountFen: r.amountFen, oursCurrency: r.currency, oursStatus: 'refunded' });
  }
  for (const [key, line] of billRefunds) {
    if (ourRefundNos.has(key)) continue;
    const fields = { ...base, orderNo: line.orderNo, refundNo: line.refundNo, providerTradeNo: line.providerTradeNo, billAmountFen: line.amountFen, billCurrency: line.currency, billStatus: 'refunded' };
    const refund = line.refundNo ? known.refunds.get(line.refundNo) : undefined;
    const order = known.orders.get(line.orderNo);
    if (refund) {
      if (refund.status !== 'succeeded') mismatches.push({ ...fields, kind: 'status_differs', oursStatus: `refund_${refund.status}` });
    } else if (order) mismatches.push({ ...fields, kind: 'status_differs', oursStatus: order.status });
    else mismatches.push({ ...fields, kind: 'unknown_order' });
  }

  const billPaymentLines = bill.filter((l) => l.kind === 'payment');
  const billRefundLines = bill.filter((l) => l.kind === 'refund');
  return {
    mismatches,
    totals: {
      oursPaidCount: ours.payments.length,
      oursRefundCount: ours.refunds.length,
      billPaidCount: billPaymentLines.length,
      billRefundCount: billRefundLines.length,
      totalsByCurrency: totalsByCurrency({ oursPaid: ours.payments, oursRefund: ours.refunds, billPaid: billPaymentLines, billRefund: billRefundLines }),
    },
  };
}

/** One row per currency met on either side, CNY first; a currency absent from one side has zeros there. */
function totalsByCurrency(sides: Record<'oursPaid' | 'oursRefund' | 'billPaid' | 'billRefund', Array<{ amountFen: number; currency: string }>>): ReconCurrencyTotals[] {
  const sum = (xs: Array<{ amountFen: number; currency: string }>) => new Map(sumByCurrency(xs, (x) => x.amountFen, (x) => x.currency).map((t) => [t.currency, t]));
  const oursPaid = sum(sides.oursPaid);
  const oursRefund = sum(sides.oursRefund);
  const billPaid = sum(sides.billPaid);
  const billRefund = sum(sides.billRefund);
  const all = [...sides.oursPaid, ...sides.oursRefund, ...sides.billPaid, ...sides.billRefund];
  return sumByCurrency(all, () => 0, (x) => x.currency).map(({ currency }) => ({
    currency,
    ours_paid_count: oursPaid.get(currency)?.count ?? 0,
    ours_paid_fen: oursPaid.get(currency)?.fen ?? 0,
    ours_refund_count: oursRefund.get(currency)?.count ?? 0,
    ours_refund_fen: oursRefund.get(currency)?.fen ?? 0,
    bill_paid_count: billPaid.get(currency)?.count ?? 0,
    bill_paid_fen: billPaid.get(currency)?.fen ?? 0,
    bill_refund_count: billRefund.get(currency)?.count ?? 0,
    bill_refund_fen: billRefund.get(currency)?.fen ?? 0,
  }));
}
