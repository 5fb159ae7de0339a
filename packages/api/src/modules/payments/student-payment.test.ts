import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, paymentOrderSchema, type PaymentOrder } from '@summit/domain';
import { paymentOrders } from '../../db/schema-payments.ts';
import { financialAidRequests } from '../../db/schema-admission.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken } from '../../test/flows.ts';
import { payingStudent, pressSandbox, profileOf } from './payment-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const pay = (token: string, body: Record<string, unknown>) => call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token, body });
const applyFeeByScan = { purpose: 'apply_fee', provider: 'WX', channel: 'wechat_scan' };
const ordersOf = (accountId: number) => t.db.select().from(paymentOrders).where(eq(paymentOrders.accountId, accountId));

describe('POST /api/student/payment gates', () => {
  it('an incomplete profile → 403-60, and no order is made', async () => {
    const s = await payingStudent(t, { infoComplete: false });
    const res = await pay(s.token, applyFeeByScan);
    expect(res.http).toBe(403);
    expect(res.body).toMatchObject({ status: '403-60', msg: MSG.INFO_INCOMPLETE });
    expect(await ordersOf(s.accountId)).toHaveLength(0);
  });

  it('the application fee before step 1 is submitted → 403-40 未完成申请, and no order is made', async () => {
    const s = await payingStudent(t, { step1Submitted: false });
    const res = await pay(s.token, applyFeeByScan);
    expect(res.http).toBe(403);
    expect(res.body).toMatchObject({ status: '403-40', msg: MSG.APPLY_INCOMPLETE });
    expect(await ordersOf(s.accountId)).toHaveLength(0);
  });

  it('granted financial aid lowers the tuition order; a pending or declined request does not', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const tuitionBy = { purpose: 'tuition', provider: 'AL', channel: 'alipay_web' };
    await t.db.insert(financialAidRequests).values({ accountId: s.accountId, value: { reason: 'x' }, status: 'declined', grantedFen: 300_000 });
    expect((await pay(s.token, tuitionBy)).body.data?.amount_fen).toBe(1_680_000);
    await t.db.update(financialAidRequests).set({ status: 'granted' }).where(eq(financialAidRequests.accountId, s.accountId));
    // A different amount means a new order: the old one is closed, the new one charges the lower tuition.
    const lowered = await pay(s.token, tuitionBy);
    expect(lowered.body.data?.amount_fen).toBe(1_380_000);
    const open = (await ordersOf(s.accountId)).filter((o) => o.status === 'pending');
    expect(open.map((o) => o.amountFen)).toEqual([1_380_000]);
  });

  it('tuition without a released offer → 403-10 (no decision, or decided but not released)', async () => {
    for (const offer of [null, 0]) {
      const s = await payingStudent(t, { offer });
      const res = await pay(s.token, { purpose: 'tuition', provider: 'AL', channel: 'alipay_web' });
      expect(res.body.status).toBe('403-10');
      expect(await ordersOf(s.accountId)).toHaveLength(0);
    }
  });

  it('already paid → 402-1 for the application fee, 402-2 for tuition', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const apply = await pay(s.token, applyFeeByScan);
    expect((await pressSandbox(t.app, apply.body.data!.id, 'confirm')).body.data).toEqual({ status: 'paid' });
    const again = await pay(s.token, applyFeeByScan);
    expect(again.http).toBe(402);
    expect(again.body).toMatchObject({ status: '402-1', msg: MSG.APPLY_FEE_PAID });

    const tuition = await pay(s.token, { purpose: 'tuition', provider: 'AL', channel: 'alipay_wap' });
    expect(tuition.body).toMatchObject({ status: 200, data: { purpose: 'tuition', amount_fen: 1_680_000, pay: { kind: 'redirect' } } });
    await pressSandbox(t.app, tuition.body.data!.id, 'confirm');
    expect((await pay(s.token, { purpose: 'tuition', provider: 'AL', channel: 'alipay_wap' })).body).toMatchObject({ status: '402-2', msg: MSG.TUITION_PAID });
  });

  it('refuses provider/channel pairs the platform cannot take, naming the channel', async () => {
    const s = await payingStudent(t);
    for (const body of [
      { purpose: 'apply_fee', provider: 'STRIPE', channel: 'scan' },
      { purpose: 'apply_fee', provider: 'WX', channel: 'alipay_web' },
      { purpose: 'apply_fee', provider: 'AL', channel: 'wechat_mp' },
    ]) {
      const res = await pay(s.token, body);
      expect(res.body).toMatchObject({ status: 4003, msg: MSG.PAY_METHOD_UNSUPPORTED, data: { field: 'channel' } });
    }
    expect(await ordersOf(s.accountId)).toHaveLength(0);
  });
});

describe('creating and reusing the open order', () => {
  it('answers an order in fen from the settings with the sandbox checkout as the QR code', async () => {
    const s = await payingStudent(t);
    const res = await pay(s.token, applyFeeByScan);
    expect(res.body.status).toBe(200);
    const order = paymentOrderSchema.parse(res.body.data);
    expect(order).toMatchObject({ purpose: 'apply_fee', amount_fen: 50_000, currency: 'CNY', status: 'pending', pay: { kind: 'qr' } });
    expect(order.id).toMatch(/^SM\d{8}[0-9a-f]{20}$/);
    expect(order.pay.kind === 'qr' && new URL(order.pay.code_url).pathname).toBe(`/pay/sandbox/${order.id}`);
    const [row] = await ordersOf(s.accountId);
    expect(row).toMatchObject({ orderNo: order.id, provider: 'WX', channel: 'wechat_scan', gateway: 'sandbox', payer: 'student', idempotencyKey: `${s.accountId}:apply_fee:1` });
  });

  it('the same request again, or five at once, reuses one order', async () => {
    const s = await payingStudent(t);
    const first = await pay(s.token, applyFeeByScan);
    const again = await pay(s.token, applyFeeByScan);
    expect(again.body.data).toEqual(first.body.data);
    const burst = await Promise.all(Array.from({ length: 5 }, () => pay(s.token, applyFeeByScan)));
    for (const res of burst) expect(res.body.data?.id).toBe(first.body.data!.id);
    expect(await ordersOf(s.accountId)).toHaveLength(1);
  });

  it('five concurrent first requests make exactly one order', async () => {
    const s = await payingStudent(t);
    const burst = await Promise.all(Array.from({ length: 5 }, () => pay(s.token, applyFeeByScan)));
    // Losers wait for the winner's provider call and answer the same order.
    for (const res of burst) expect(res.body.status).toBe(200);
    expect(new Set(burst.map((r) => r.body.data!.id)).size).toBe(1);
    const rows = await ordersOf(s.accountId);
    expect(rows).toHaveLength(1);
  });

  it('another channel closes the open order and opens a new one; still one open order', async () => {
    const s = await payingStudent(t);
    const scan = await pay(s.token, applyFeeByScan);
    const wap = await pay(s.token, { purpose: 'apply_fee', provider: 'WX', channel: 'wechat_wap' });
    expect(wap.body.data!.id).not.toBe(scan.body.data!.id);
    expect(wap.body.data!.pay.kind).toBe('redirect');
    const rows = await ordersOf(s.accountId);
    expect(rows.map((r) => [r.orderNo, r.status]).sort()).toEqual(
      [
        [scan.body.data!.id, 'closed'],
        [wap.body.data!.id, 'pending'],
      ].sort(),
    );
    // The closed order's checkout refuses to take money.
    expect((await pressSandbox(t.app, scan.body.data!.id, 'confirm')).body).toMatchObject({ status: 4001, msg: MSG.PAY_ORDER_CLOSED });
  });

  it('an admin fee change reaches the next order; the open order at the old amount is replaced', async () => {
    const s = await payingStudent(t);
    const before = await pay(s.token, applyFeeByScan);
    const admin = await createStaffToken(t, 'teacher', { isAdmin: true });
    const put = await call(t.app, 'PUT', '/api/admin/settings/fees', { token: admin, body: { apply_fen: 60_000, tuition_fen: 1_680_000 } });
    expect(put.body.status).toBe(200);
    const after = await pay(s.token, applyFeeByScan);
    expect(after.body.data).toMatchObject({ amount_fen: 60_000 });
    expect(after.body.data!.id).not.toBe(before.body.data!.id);
    await call(t.app, 'PUT', '/api/admin/settings/fees', { token: admin, body: { apply_fen: 50_000, tuition_fen: 1_680_000 } });
  });

  it('an expired open order is replaced', async () => {
    const s = await payingStudent(t);
    const first = await pay(s.token, applyFeeByScan);
    t.clock.advance(2 * 60 * 60_000);
    const second = await pay(s.token, applyFeeByScan);
    expect(second.body.data!.id).not.toBe(first.body.data!.id);
    const [old] = await t.db.select().from(paymentOrders).where(and(eq(paymentOrders.orderNo, first.body.data!.id)));
    expect(old?.status).toBe('closed');
  });
});

describe('GET /api/student/payment/:id/is-paid', () => {
  it('follows the order from pending to paid, and the status object with it', async () => {
    const s = await payingStudent(t);
    const order = (await pay(s.token, applyFeeByScan)).body.data!;
    const url = `/api/student/payment/${order.id}/is-paid`;
    expect((await call(t.app, 'GET', url, { token: s.token })).body.data).toEqual({ paid: false, status: 'pending', purpose_paid: false });
    await pressSandbox(t.app, order.id, 'confirm');
    expect((await call(t.app, 'GET', url, { token: s.token })).body.data).toEqual({ paid: true, status: 'paid', purpose_paid: true });
    const status = await call<{ is_apply_paid: boolean; activate_status_v5: { apply_paid: boolean; apply_paid_at: string } }>(t.app, 'GET', '/api/student/status', { token: s.token });
    expect(status.body.data).toMatchObject({ is_apply_paid: true, activate_status_v5: { apply_paid: true } });
    expect((await profileOf(t.db, s.accountId)).applyPaidAt).not.toBeNull();
  });

  it("another student's order answers exactly like an order that does not exist", async () => {
    const owner = await payingStudent(t);
    const other = await payingStudent(t);
    const order = (await pay(owner.token, applyFeeByScan)).body.data!;
    const foreign = await call(t.app, 'GET', `/api/student/payment/${order.id}/is-paid`, { token: other.token });
    const missing = await call(t.app, 'GET', `/api/student/payment/SM20260101ffffffffffffffffffff/is-paid`, { token: other.token });
    expect(foreign).toEqual(missing);
    expect(foreign).toMatchObject({ http: 404, body: { status: 4001, msg: MSG.PAY_ORDER_NOT_FOUND } });
  });
});

describe('a provider switched off', () => {
  it('answers 暂不支持该支付方式 and makes no order', async () => {
    const off = await createTestApp({ env: { PAYMENT_WECHAT: 'off' } });
    try {
      const s = await payingStudent(off);
      const res = await call(off.app, 'POST', '/api/student/payment', { token: s.token, body: applyFeeByScan });
      expect(res.body).toMatchObject({ status: 4001, msg: MSG.PAY_METHOD_UNSUPPORTED });
      const alipay = await call<PaymentOrder>(off.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'apply_fee', provider: 'AL', channel: 'scan' } });
      expect(alipay.body.status).toBe(200);
    } finally {
      await off.close();
    }
  });
});
