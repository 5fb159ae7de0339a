import { describe, expect, it } from 'vitest';
import type { ProviderBillLine } from '../../providers/payment/payment-provider.ts';
import { compareBill, type KnownElsewhere } from './reconciliation-compare.ts';

const at = new Date('2026-07-01T04:00:00Z');
const payment = (orderNo: string, amountFen: number, currency = 'CNY'): ProviderBillLine => ({ kind: 'payment', orderNo, refundNo: null, providerTradeNo: `T${orderNo}`, amountFen, currency, occurredAt: at });
const refund = (orderNo: string, refundNo: string | null, amountFen: number): ProviderBillLine => ({ kind: 'refund', orderNo, refundNo, providerTradeNo: null, amountFen, currency: 'CNY', occurredAt: at });
const none: KnownElsewhere = { orders: new Map(), refunds: new Map() };

describe('compareBill', () => {
  it('agrees when every payment and refund is on both sides', () => {
    const result = compareBill(
      { payments: [{ orderNo: 'A', amountFen: 100, currency: 'CNY', providerTradeNo: 'TA' }], refunds: [{ refundNo: 'RA', orderNo: 'A', amountFen: 40, currency: 'CNY' }] },
      [payment('A', 100), refund('A', 'RA', 40)],
      none,
    );
    expect(result.mismatches).toEqual([]);
    expect(result.totals).toEqual({
      oursPaidCount: 1,
      oursRefundCount: 1,
      billPaidCount: 1,
      billRefundCount: 1,
      totalsByCurrency: [{ currency: 'CNY', ours_paid_count: 1, ours_paid_fen: 100, ours_refund_count: 1, ours_refund_fen: 40, bill_paid_count: 1, bill_paid_fen: 100, bill_refund_count: 1, bill_refund_fen: 40 }],
    });
  });

  it('never adds amounts of different currencies: one total per currency, CNY first', () => {
    const { totals } = compareBill(
      {
        payments: [
          { orderNo: 'U', amountFen: 12_000, currency: 'USD', providerTradeNo: null },
          { orderNo: 'A', amountFen: 50_000, currency: 'CNY', providerTradeNo: null },
          { orderNo: 'B', amountFen: 30_000, currency: 'cny', providerTradeNo: null },
        ],
        refunds: [{ refundNo: 'RU', orderNo: 'U', amountFen: 2_000, currency: 'USD' }],
      },
      [payment('U', 12_000, 'USD'), payment('A', 50_000), payment('B', 30_000), payment('E', 9_900, 'EUR')],
      none,
    );
    expect(totals.oursPaidCount).toBe(3);
    expect(totals.totalsByCurrency.map((c) => c.currency)).toEqual(['CNY', 'EUR', 'USD']);
    expect(totals.totalsByCurrency[0]).toMatchObject({ ours_paid_count: 2, ours_paid_fen: 80_000, bill_paid_fen: 80_000 });
    expect(totals.totalsByCurrency[1]).toMatchObject({ ours_paid_fen: 0, bill_paid_count: 1, bill_paid_fen: 9_900 });
    expect(totals.totalsByCurrency[2]).toMatchObject({ ours_paid_fen: 12_000, ours_refund_fen: 2_000, bill_paid_fen: 12_000, bill_refund_fen: 0 });
  });

  it('a double charge at the provider is one amount difference', () => {
    const { mismatches } = compareBill({ payments: [{ orderNo: 'A', amountFen: 100, currency: 'cny', providerTradeNo: null }], refunds: [] }, [payment('A', 100), payment('A', 100)], none);
    expect(mismatches).toEqual([expect.objectContaining({ kind: 'amount_differs', orderNo: 'A', oursAmountFen: 100, billAmountFen: 200 })]);
  });

  it('a refund still processing here but refunded there is a status difference; succeeded on another day is not', () => {
    const known: KnownElsewhere = {
      orders: new Map([['A', { status: 'paid', paid: true }]]),
      refunds: new Map([
        ['R1', { status: 'processing', orderNo: 'A' }],
        ['R2', { status: 'succeeded', orderNo: 'A' }],
      ]),
    };
    const { mismatches } = compareBill({ payments: [], refunds: [] }, [refund('A', 'R1', 10), refund('A', 'R2', 10)], known);
    expect(mismatches).toEqual([expect.objectContaining({ kind: 'status_differs', refundNo: 'R1', oursStatus: 'refund_processing', billStatus: 'refunded' })]);
  });

  it('a payment paid here on another day (across midnight) is left to that day; a refund of an unknown order is unknown', () => {
    const known: KnownElsewhere = { orders: new Map([['B', { status: 'paid', paid: true }]]), refunds: new Map() };
    const { mismatches } = compareBill({ payments: [], refunds: [] }, [payment('B', 100), refund('Z', null, 5)], known);
    expect(mismatches).toEqual([expect.objectContaining({ kind: 'unknown_order', orderNo: 'Z', refundNo: null, billStatus: 'refunded' })]);
  });
});
