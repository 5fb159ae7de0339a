import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { MSG, RECON_MSG, type ParentLink, type PaymentOrder, type ReceiptList } from '@summit/domain';
import { paymentOrders, paymentRefunds } from '../../db/schema-payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken } from '../../test/flows.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { payingStudent, pressSandbox } from '../payments/payment-test-kit.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

async function paidApplyFee(name = '张小明') {
  const s = await payingStudent(t, { name });
  const order = await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'apply_fee', provider: 'WX', channel: 'wechat_scan' } });
  expect((await pressSandbox(t.app, order.body.data!.id, 'confirm')).body.data?.status).toBe('paid');
  return { ...s, orderNo: order.body.data!.id };
}

async function readPdf(res: Awaited<ReturnType<typeof get>>) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="receipt-R\d{14}\.pdf"/);
  const doc = await PDFDocument.load(res.rawPayload);
  expect(doc.getPageCount()).toBe(1);
  return { doc, text: (await pdfText(res.rawPayload)).join('\n') };
}

describe('the student’s receipt', () => {
  it('lists the paid order and downloads its PDF: masked name, amount in figures and words, provider, trade number', async () => {
    const s = await paidApplyFee('张小明');
    const list = await call<ReceiptList>(t.app, 'GET', '/api/student/payment/receipts', { token: s.token });
    expect(list.body.data?.items).toHaveLength(1);
    const item = list.body.data!.items[0]!;
    expect(item).toMatchObject({ order_no: s.orderNo, purpose: 'apply_fee', payer: 'student', amount_fen: 50_000, refunded_fen: 0, currency: 'CNY' });
    const [order] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, s.orderNo));

    const { doc, text } = await readPdf(await get(`/api/student/payment/${s.orderNo}/receipt`, s.token));
    expect(doc.getTitle()).toBe(`收据 ${item.receipt_no}`);
    expect(text).toContain(`收据编号：${item.receipt_no}`);
    expect(text).toContain('张*明');
    expect(text).not.toContain('张小明');
    expect(text).toContain('¥500.00（CNY）');
    expect(text).toContain('人民币伍佰元整');
    expect(text).toContain('学生本人');
    expect(text).toContain('申请费');
    expect(text).toContain('微信支付（模拟支付）');
    expect(text).toContain(order!.providerTradeNo!);
    expect(text).toContain(s.orderNo);
    expect(text).not.toContain('已退款');
  });

  it('shows what was refunded', async () => {
    const s = await paidApplyFee();
    const [order] = await t.db.update(paymentOrders).set({ refundedFen: 20_000 }).where(eq(paymentOrders.orderNo, s.orderNo)).returning();
    const succeededAt = new Date();
    await t.db.insert(paymentRefunds).values([
      { refundNo: `RR${order!.id}A`, orderId: order!.id, accountId: s.accountId, amountFen: 20_000, reason: '退款', status: 'succeeded', succeededAt },
      { refundNo: `RR${order!.id}B`, orderId: order!.id, accountId: s.accountId, amountFen: 1_000, reason: '被拒', status: 'rejected' },
    ]);
    const { text } = await readPdf(await get(`/api/student/payment/${s.orderNo}/receipt`, s.token));
    expect(text).toContain('已退款 ¥200.00（实收 ¥300.00）');
    // The student's list of payments carries the refund that went through, not the rejected one.
    const list = await call<ReceiptList>(t.app, 'GET', '/api/student/payment/receipts', { token: s.token });
    expect(list.body.data?.items[0]?.refunds).toEqual([{ refund_no: `RR${order!.id}A`, amount_fen: 20_000, currency: 'CNY', succeeded_at: succeededAt.toISOString() }]);
  });

  it('an order in another currency (a card from abroad) is receipted in that currency, never under ¥', async () => {
    const s = await paidApplyFee();
    await t.db.update(paymentOrders).set({ currency: 'USD', refundedFen: 20_000 }).where(eq(paymentOrders.orderNo, s.orderNo));
    const { text } = await readPdf(await get(`/api/student/payment/${s.orderNo}/receipt`, s.token));
    expect(text).toContain('USD 500.00');
    expect(text).toContain('已退款 USD 200.00（实收 USD 300.00）');
    expect(text).not.toContain('¥');
    expect(text).not.toContain('人民币');
  });

  it('another student’s order is refused as if it did not exist; an unpaid order has no receipt', async () => {
    const owner = await paidApplyFee();
    const other = await payingStudent(t);
    const res = await call(t.app, 'GET', `/api/student/payment/${owner.orderNo}/receipt`, { token: other.token });
    expect(res.body).toMatchObject({ msg: MSG.PAY_ORDER_NOT_FOUND });
    expect(res.body.status).not.toBe(200);
    expect((await call<ReceiptList>(t.app, 'GET', '/api/student/payment/receipts', { token: other.token })).body.data?.items).toEqual([]);

    const unpaid = await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: other.token, body: { purpose: 'apply_fee', provider: 'WX', channel: 'wechat_scan' } });
    const refused = await call(t.app, 'GET', `/api/student/payment/${unpaid.body.data!.id}/receipt`, { token: other.token });
    expect(refused.body.msg).toBe(RECON_MSG.RECEIPT_NOT_PAID);
    expect((await call(t.app, 'GET', `/api/student/payment/${owner.orderNo}/receipt`)).http).toBe(401);
  });
});

describe('the parent’s receipt through the pay link', () => {
  it('is refused before paying and downloadable after, saying 家长代付', async () => {
    const s = await payingStudent(t, { offer: 1, name: '欧阳小明' });
    const link = await call<ParentLink>(t.app, 'POST', '/api/student/payment/parent-link', { token: s.token, body: { purpose: 'tuition' } });
    const token = link.body.data!.token;
    expect((await call(t.app, 'GET', `/api/guest/payment/pay-for/${token}/receipt`)).body.msg).toBe(RECON_MSG.RECEIPT_NOT_PAID);

    const order = await call<PaymentOrder>(t.app, 'POST', `/api/guest/payment/pay-for/${token}`, { body: { provider: 'AL', channel: 'alipay_web' } });
    await pressSandbox(t.app, order.body.data!.id, 'confirm');
    const { text } = await readPdf(await get(`/api/guest/payment/pay-for/${token}/receipt`));
    expect(text).toContain('家长代付');
    expect(text).toContain('欧**明');
    expect(text).toContain('学费');
    expect(text).toContain('支付宝（模拟支付）');
    expect(text).toContain(order.body.data!.id);

    expect((await call(t.app, 'GET', `/api/guest/payment/pay-for/${'x'.repeat(43)}/receipt`)).body.msg).toBe(MSG.PAY_LINK_INVALID);
  });
});

describe('admin receipts (money.reconcile)', () => {
  it('any paid order, and a student’s receipt list; refused to teachers without the permission and to students', async () => {
    const s = await paidApplyFee();
    await readPdf(await get(`/api/admin/orders/${s.orderNo}/receipt`, admin));
    const list = await call<ReceiptList>(t.app, 'GET', `/api/admin/students/${s.accountId}/receipts`, { token: admin });
    expect(list.body.data?.items.map((i) => i.order_no)).toEqual([s.orderNo]);

    const teacher = await createStaffToken(t, 'teacher');
    expect((await get(`/api/admin/orders/${s.orderNo}/receipt`, teacher)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await call(t.app, 'GET', `/api/admin/students/${s.accountId}/receipts`, { token: teacher })).http).toBeGreaterThanOrEqual(400);
    expect((await get(`/api/admin/orders/${s.orderNo}/receipt`, s.token)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await call(t.app, 'GET', '/api/admin/orders/NOSUCHORDER123/receipt', { token: admin })).body.msg).toBe(MSG.PAY_ORDER_NOT_FOUND);
  });
});
