import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { RECON_MSG, type PaymentOrder, type ReconMismatch, type ReconMismatchList, type ReconRunList, type ReconRunResult } from '@summit/domain';
import { auditLog } from '../../db/schema.ts';
import { paymentOrders, paymentRefunds } from '../../db/schema-payments.ts';
import { reconciliationRuns, sandboxBillLedger } from '../../db/schema-reconciliation.ts';
import { gatewaysOf } from '../../providers/payment/create-payment-gateways.ts';
import { notBuilt, type PaymentGateway } from '../../providers/payment/payment-provider.ts';
import { createClock, createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken } from '../../test/flows.ts';
import { payingStudent, pressSandbox } from '../payments/payment-test-kit.ts';
import { nextDailyRunAt, reconcileGatewayDay, runDailyReconciliation, type ReconDeps } from './reconciliation.service.ts';

// 2026-07-01 12:00 Beijing: the day the payments below happen.
const clock = createClock(new Date('2026-07-01T04:00:00Z'));
const DAY = '2026-07-01';
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
});
afterAll(async () => {
  await t.close();
});

const quietLog = { warn: () => {}, info: () => {} };
const deps = (): ReconDeps => ({ ctx: t.app.ctx, gateways: t.app.payments, log: quietLog });

async function pay(purpose: 'apply_fee' | 'tuition' = 'apply_fee', confirm = true) {
  const s = await payingStudent(t, { offer: purpose === 'tuition' ? 1 : null });
  const order = await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose, provider: 'WX', channel: 'wechat_scan' } });
  const orderNo = order.body.data!.id;
  if (confirm) expect((await pressSandbox(t.app, orderNo, 'confirm')).body.data?.status).toBe('paid');
  const [row] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo));
  return { ...s, orderNo, order: row! };
}

const runDay = (day: string, token = admin, gateway?: string) => call<ReconRunResult>(t.app, 'POST', '/api/admin/reconciliation/runs', { token, body: { day, ...(gateway ? { gateway } : {}) } });
const mismatches = (query = '') => call<ReconMismatchList>(t.app, 'GET', `/api/admin/reconciliation/mismatches${query}`, { token: admin });
/** Moves the clock and logs the admin in again (staff sessions expire when idle). */
const at = async (iso: string) => {
  clock.set(new Date(iso));
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
};

describe('a day where the books agree', () => {
  it('one succeeded run per configured gateway, counts and totals equal, no mismatch', async () => {
    await at('2026-06-30T03:00:00Z');
    await pay();
    await pay();
    await at('2026-07-01T03:00:00Z');
    const res = await runDay('2026-06-30');
    expect(res.body.status).toBe(200);
    const [run] = res.body.data!.runs;
    expect(res.body.data!.runs).toHaveLength(1);
    expect(run).toMatchObject({ day: '2026-06-30', gateway: 'sandbox', status: 'succeeded', trigger: 'admin', mismatch_count: 0, ours_paid_count: 2, bill_paid_count: 2 });
    expect(run!.totals).toEqual([expect.objectContaining({ currency: 'CNY', ours_paid_fen: 100_000, bill_paid_fen: 100_000 })]);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'reconciliation.run'), eq(auditLog.entityId, String(run!.id))));
    expect(audit).toHaveLength(1);
    const list = await call<ReconRunList>(t.app, 'GET', '/api/admin/reconciliation/runs?from=2026-06-30&to=2026-06-30', { token: admin });
    expect(list.body.data?.items.map((r) => r.id)).toEqual([run!.id]);
    expect(list.body.data?.gateways).toEqual([{ id: 'sandbox', label: '模拟支付' }]);
  });
});

describe('a day where the sandbox’s books disagree with ours', () => {
  let found: ReconMismatch[];
  const by = (kind: string, orderNo: string) => found.find((m) => m.kind === kind && m.order_no === orderNo);
  const o: Record<string, Awaited<ReturnType<typeof pay>>> = {};

  beforeAll(async () => {
    await at('2026-07-01T05:00:00Z');
    o.fine = await pay();
    o.missing = await pay();
    o.amount = await pay();
    o.currency = await pay();
    o.pending = await pay('apply_fee', false);
    o.refundedThere = await pay();
    o.refundedHere = await pay();
    // The provider never booked this one; it booked another amount and another currency for two others.
    await t.db.delete(sandboxBillLedger).where(eq(sandboxBillLedger.orderNo, o.missing!.orderNo));
    await t.db.update(sandboxBillLedger).set({ amountFen: 49_900 }).where(eq(sandboxBillLedger.orderNo, o.amount!.orderNo));
    await t.db.update(sandboxBillLedger).set({ currency: 'USD' }).where(eq(sandboxBillLedger.orderNo, o.currency!.orderNo));
    const occurredAt = new Date('2026-07-01T06:00:00Z');
    // Money the provider took for an order we never heard of, and for one still pending here.
    await t.db.insert(sandboxBillLedger).values([
      { kind: 'payment', orderNo: 'SMUNKNOWN0000000000000000001', tradeNo: 'SBXUNKNOWN', amountFen: 50_000, currency: 'CNY', occurredAt },
      { kind: 'payment', orderNo: o.pending!.orderNo, tradeNo: 'SBXPENDING', amountFen: 50_000, currency: 'CNY', occurredAt },
      // A refund there that we do not have.
      { kind: 'refund', orderNo: o.refundedThere!.orderNo, refundNo: 'RFTHERE000000000001', tradeNo: o.refundedThere!.order.providerTradeNo, amountFen: 10_000, currency: 'CNY', occurredAt },
    ]);
    // A refund that succeeded here and is not in the bill.
    await t.db.insert(paymentRefunds).values({ refundNo: 'RFHERE0000000000001', orderId: o.refundedHere!.order.id, accountId: o.refundedHere!.accountId, amountFen: 20_000, reason: '测试', status: 'succeeded', succeededAt: occurredAt });

    await at('2026-07-02T02:00:00Z');
    const res = await runDay(DAY);
    expect(res.body.data?.runs[0]?.status).toBe('succeeded');
    found = (await mismatches(`?from=${DAY}&to=${DAY}`)).body.data!.items;
  });

  it('finds every kind, and nothing for the order that agrees', async () => {
    expect(by('missing_in_bill', o.missing!.orderNo)).toMatchObject({ ours_amount_fen: 50_000, bill_amount_fen: null, ours_status: 'paid', has_receipt: true });
    expect(by('amount_differs', o.amount!.orderNo)).toMatchObject({ ours_amount_fen: 50_000, bill_amount_fen: 49_900 });
    expect(by('currency_differs', o.currency!.orderNo)).toMatchObject({ ours_currency: 'CNY', bill_currency: 'USD' });
    expect(by('unknown_order', 'SMUNKNOWN0000000000000000001')).toMatchObject({ bill_amount_fen: 50_000, bill_status: 'paid', has_receipt: false });
    expect(by('status_differs', o.pending!.orderNo)).toMatchObject({ ours_status: 'pending', bill_status: 'paid' });
    expect(by('status_differs', o.refundedThere!.orderNo)).toMatchObject({ refund_no: 'RFTHERE000000000001', ours_status: 'paid', bill_status: 'refunded', bill_amount_fen: 10_000 });
    expect(by('missing_in_bill', o.refundedHere!.orderNo)).toMatchObject({ refund_no: 'RFHERE0000000000001', ours_amount_fen: 20_000, ours_status: 'refunded' });
    expect(found.filter((m) => m.order_no === o.fine!.orderNo)).toEqual([]);
    expect(found).toHaveLength(7);
    const run = (await call<ReconRunList>(t.app, 'GET', `/api/admin/reconciliation/runs?from=${DAY}&to=${DAY}`, { token: admin })).body.data!.items[0]!;
    expect(run).toMatchObject({ mismatch_count: 7, ours_paid_count: 6, bill_paid_count: 7, ours_refund_count: 1, bill_refund_count: 1 });
  });

  it('totals per currency: the bill’s USD line is never added to the yuan', async () => {
    const run = (await call<ReconRunList>(t.app, 'GET', `/api/admin/reconciliation/runs?from=${DAY}&to=${DAY}`, { token: admin })).body.data!.items[0]!;
    expect(run).not.toHaveProperty('bill_paid_fen');
    expect(run.totals).toEqual([
      { currency: 'CNY', ours_paid_count: 6, ours_paid_fen: 300_000, ours_refund_count: 1, ours_refund_fen: 20_000, bill_paid_count: 6, bill_paid_fen: 50_000 * 6 - 100, bill_refund_count: 1, bill_refund_fen: 10_000 },
      { currency: 'USD', ours_paid_count: 0, ours_paid_fen: 0, ours_refund_count: 0, ours_refund_fen: 0, bill_paid_count: 1, bill_paid_fen: 50_000, bill_refund_count: 0, bill_refund_fen: 0 },
    ]);
  });

  it('filters by kind and by resolution; a note is audited and carried to a re-run of the day', async () => {
    expect((await mismatches(`?kind=status_differs`)).body.data!.items.map((m) => m.kind)).toEqual(['status_differs', 'status_differs']);
    const target = by('amount_differs', o.amount!.orderNo)!;
    const empty = await call(t.app, 'PUT', `/api/admin/reconciliation/mismatches/${target.id}/note`, { token: admin, body: { note: '  ' } });
    expect(empty.body).toMatchObject({ status: 4003, msg: RECON_MSG.NOTE_REQUIRED });
    const noted = await call<ReconMismatch>(t.app, 'PUT', `/api/admin/reconciliation/mismatches/${target.id}/note`, { token: admin, body: { note: '渠道手续费，已与财务核对' } });
    expect(noted.body.data).toMatchObject({ id: target.id, note: '渠道手续费，已与财务核对', noted_by: '测试teacher' });
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'reconciliation.mismatch.note'), eq(auditLog.entityId, String(target.id))));
    expect(audit[0]?.after).toEqual({ note: '渠道手续费，已与财务核对' });
    expect((await mismatches(`?resolved=yes`)).body.data!.items.map((m) => m.id)).toEqual([target.id]);
    expect((await mismatches(`?resolved=no&from=${DAY}`)).body.data!.total).toBe(6);

    // 重新对账: a new latest run, the note kept; the list shows the latest run only.
    const again = await runDay(DAY);
    const rerun = again.body.data!.runs[0]!;
    expect(rerun.id).toBeGreaterThan(target.run_id);
    const now = (await mismatches(`?from=${DAY}&to=${DAY}`)).body.data!.items;
    expect(now.every((m) => m.run_id === rerun.id)).toBe(true);
    expect(now.find((m) => m.kind === 'amount_differs')?.note).toBe('渠道手续费，已与财务核对');
    expect((await call(t.app, 'PUT', '/api/admin/reconciliation/mismatches/999999/note', { token: admin, body: { note: 'x' } })).body.msg).toBe(RECON_MSG.MISMATCH_NOT_FOUND);
  });

  it('exports the mismatches as a sheet with Chinese headers, yuan amounts and the notes', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/reconciliation/export?from=${DAY}&to=${DAY}`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('对账差异-'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.read(Readable.from(res.rawPayload));
    const sheet = book.getWorksheet('对账差异')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('对账日期');
    expect(sheet.getRow(1).getCell(3).value).toBe('差异类型');
    expect(sheet.rowCount).toBe(1 + 7);
    const rows = Array.from({ length: 7 }, (_, i) => sheet.getRow(i + 2));
    const amount = rows.find((r) => r.getCell(4).value === o.amount!.orderNo)!;
    expect(amount.getCell(3).value).toBe('金额不一致');
    expect(amount.getCell(7).value).toBe(500);
    expect(amount.getCell(8).value).toBe(499);
    expect(amount.getCell(13).value).toBe('渠道手续费，已与财务核对');
    expect(rows.find((r) => r.getCell(4).value === 'SMUNKNOWN0000000000000000001')?.getCell(3).value).toBe('账单有、本平台无此订单');
  });
});

describe('a provider whose bill cannot be had', () => {
  it('records a failed run with the reason, never a silent success', async () => {
    const sandbox = t.app.payments.byId('sandbox')!;
    const broken: PaymentGateway = { ...sandbox, id: 'alipay', reply: sandbox.reply, fetchBill: async () => notBuilt('bill') } as PaymentGateway;
    const run = await reconcileGatewayDay({ ...deps(), gateways: gatewaysOf({ AL: broken }) }, broken, '2026-06-29', 'schedule', null);
    expect(run).toMatchObject({ status: 'failed', gateway: 'alipay', mismatchCount: 0 });
    expect(run.failureReason).toMatch(/not available/);
    const list = await call<ReconRunList>(t.app, 'GET', '/api/admin/reconciliation/runs?gateway=alipay', { token: admin });
    expect(list.body.data?.items[0]).toMatchObject({ status: 'failed', failure_reason: run.failureReason, gateway_label: '支付宝' });
  });
});

describe('the daily job', () => {
  it('runs at 10:00 Beijing for the previous day, once', async () => {
    expect(nextDailyRunAt(new Date('2026-07-03T01:00:00Z')).toISOString()).toBe('2026-07-03T02:00:00.000Z');
    expect(nextDailyRunAt(new Date('2026-07-03T02:00:00Z')).toISOString()).toBe('2026-07-04T02:00:00.000Z');
    await at('2026-07-04T02:00:05Z');
    const first = await runDailyReconciliation(deps());
    expect(first.map((r) => [r.day, r.gateway, r.status, r.trigger])).toEqual([['2026-07-03', 'sandbox', 'succeeded', 'schedule']]);
    expect(await runDailyReconciliation(deps())).toEqual([]);
    expect(await t.db.select().from(reconciliationRuns).where(eq(reconciliationRuns.day, '2026-07-03'))).toHaveLength(1);
  });
});

describe('guards', () => {
  it('only a finished Beijing day, only a configured gateway, clear errors for bad input', async () => {
    await at('2026-07-05T02:00:00Z');
    expect((await runDay('2026-07-05')).body).toMatchObject({ status: 4003, msg: RECON_MSG.DAY_NOT_PAST });
    expect((await runDay('2026-02-30')).body).toMatchObject({ status: 4003, msg: RECON_MSG.DAY });
    expect((await runDay('2026-07-01', admin, 'wechatpay')).body).toMatchObject({ status: 4003, msg: RECON_MSG.GATEWAY_UNKNOWN });
    expect((await mismatches('?kind=nonsense')).body.status).toBe(4003);
  });

  it('money.reconcile only: a teacher without it and a student are refused', async () => {
    const teacher = await createStaffToken(t, 'teacher');
    const s = await payingStudent(t);
    for (const token of [teacher, s.token]) {
      expect((await runDay('2026-07-01', token)).http).toBeGreaterThanOrEqual(400);
      expect((await call(t.app, 'GET', '/api/admin/reconciliation/runs', { token })).http).toBeGreaterThanOrEqual(400);
      expect((await call(t.app, 'GET', '/api/admin/reconciliation/mismatches', { token })).http).toBeGreaterThanOrEqual(400);
    }
    expect((await call(t.app, 'GET', '/api/admin/reconciliation/runs')).http).toBe(401);
  });
});
