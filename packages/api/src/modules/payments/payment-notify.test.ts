import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, type PaymentOrder } from '@summit/domain';
import { paymentNotifications, paymentOrders } from '../../db/schema-payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { buildSandboxNotification, signSandboxNotification, SANDBOX_SIGNATURE_HEADER } from '../../providers/payment/sandbox.provider.ts';
import { getSandboxSecret } from '../settings/settings.service.ts';
import { payingStudent, pressSandbox, profileOf } from './payment-test-kit.ts';

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  secret = await getSandboxSecret(t.app.ctx);
});
afterAll(async () => {
  await t.close();
});

async function openApplyOrder(channel = 'wechat_scan') {
  const s = await payingStudent(t);
  const res = await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'apply_fee', provider: 'WX', channel } });
  expect(res.body.status).toBe(200);
  return { ...s, order: res.body.data! };
}

function signedNotification(input: { orderNo: string; result?: 'paid' | 'failed'; amountFen?: number; currency?: string; at?: Date; key?: string }) {
  const at = input.at ?? t.clock.now();
  const body = JSON.stringify(
    buildSandboxNotification({ orderNo: input.orderNo, result: input.result ?? 'paid', amountFen: input.amountFen ?? 50_000, currency: input.currency ?? 'CNY', at }),
  );
  return { body, signature: signSandboxNotification(input.key ?? secret, body, at) };
}

function deliver(n: { body: string; signature: string }) {
  return t.app.inject({ method: 'POST', url: '/api/payment/notify/sandbox', headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: n.signature }, payload: n.body });
}

const orderRow = async (orderNo: string) => (await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)))[0]!;
const notificationsOf = (orderNo: string) => t.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo));

describe('the sandbox checkout, end to end through the notify path', () => {
  it('serves a Chinese checkout page with the amount, a QR code and both buttons', async () => {
    const { order } = await openApplyOrder();
    const res = await t.app.inject({ method: 'GET', url: `/pay/sandbox/${order.id}?return=${encodeURIComponent('/pay/apply')}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Summit 高中生夏季学术项目');
    expect(res.body).toContain('申请费');
    expect(res.body).toContain('¥500.00');
    expect(res.body).toContain('微信支付（模拟）');
    expect(res.body).toContain('<svg');
    expect(res.body).toContain('确认支付');
    expect(res.body).toContain('模拟支付失败');
    expect(res.body).toContain('name="viewport"');
  });

  it('a page (wap) order has no QR code; an unknown order is a 404 page', async () => {
    const { order } = await openApplyOrder('wechat_wap');
    const page = await t.app.inject({ method: 'GET', url: `/pay/sandbox/${order.id}` });
    expect(page.body).not.toContain('<svg');
    expect(page.body).toContain('确认支付');
    const missing = await t.app.inject({ method: 'GET', url: '/pay/sandbox/SM20260101ffffffffffffffffffff' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(MSG.PAY_ORDER_NOT_FOUND);
  });

  it('确认支付 as a form post: a signed notification marks the order paid, then the page says so', async () => {
    const { order, accountId } = await openApplyOrder();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/${order.id}/confirm?return=${encodeURIComponent('/pay/apply')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string);
    expect(location.pathname + location.search).toBe(`/pay/sandbox/${order.id}?return=%2Fpay%2Fapply`);
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid' });
    expect((await profileOf(t.db, accountId)).applyPaidAt).not.toBeNull();
    const notes = await notificationsOf(order.id);
    expect(notes.map((n) => [n.gateway, n.verified, n.outcome])).toEqual([['sandbox', true, 'applied']]);
    const page = await t.app.inject({ method: 'GET', url: location.pathname + location.search });
    expect(page.body).toContain(MSG.PAY_OK);
    expect(page.body).toContain('href="/pay/apply"');
    expect(page.body).not.toContain('确认支付</button>');
  });

  it('模拟支付失败 closes the order; the student can start again', async () => {
    const { order, token, accountId } = await openApplyOrder();
    expect((await pressSandbox(t.app, order.id, 'fail')).body).toEqual({ status: 200, msg: 'ok', data: { status: 'closed' } });
    expect((await call(t.app, 'GET', `/api/student/payment/${order.id}/is-paid`, { token })).body.data).toEqual({ paid: false, status: 'closed', purpose_paid: false });
    expect((await profileOf(t.db, accountId)).applyPaidAt).toBeNull();
    const next = await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token, body: { purpose: 'apply_fee', provider: 'WX', channel: 'wechat_scan' } });
    expect(next.body.data!.id).not.toBe(order.id);
    expect(next.body.data!.status).toBe('pending');
  });

  it('an open-redirect return target is dropped', async () => {
    const { order } = await openApplyOrder('wechat_wap');
    await pressSandbox(t.app, order.id, 'confirm');
    for (const bad of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const page = await t.app.inject({ method: 'GET', url: `/pay/sandbox/${order.id}?return=${encodeURIComponent(bad)}` });
      expect(page.body).not.toContain('evil.example');
      expect(page.body).not.toContain('javascript:');
    }
  });
});

describe('notifications: verified, de-duplicated, applied once', () => {
  it('the same notification three times concurrently, with a second one out of order → one paid order, one flip', async () => {
    const { order, accountId } = await openApplyOrder();
    const first = signedNotification({ orderNo: order.id, at: t.clock.now() });
    // The provider's later re-notification (another id) overtakes the first.
    const later = signedNotification({ orderNo: order.id, at: new Date(t.clock.now().getTime() + 1000) });
    const replies = await Promise.all([deliver(later), deliver(first), deliver(first), deliver(first)]);
    for (const r of replies) expect([r.statusCode, r.json()]).toEqual([200, { code: 'SUCCESS', message: '成功' }]);

    expect(await orderRow(order.id)).toMatchObject({ status: 'paid' });
    const notes = await notificationsOf(order.id);
    // One row per distinct notification id: the two extra copies of `first` were acknowledged, not recorded.
    expect(notes).toHaveLength(2);
    expect(notes.map((n) => n.outcome).sort()).toEqual(['already_paid', 'applied']);
    const applied = JSON.parse(notes.find((n) => n.outcome === 'applied')!.rawBody) as { occurred_at: string };
    expect((await profileOf(t.db, accountId)).applyPaidAt?.toISOString()).toBe(applied.occurred_at);
    expect((await orderRow(order.id)).paidAt?.toISOString()).toBe(applied.occurred_at);
  });

  it('a duplicate delivered after the payment was applied is acknowledged and changes nothing', async () => {
    const { order, accountId } = await openApplyOrder();
    const n = signedNotification({ orderNo: order.id });
    expect((await deliver(n)).statusCode).toBe(200);
    const paidAt = (await profileOf(t.db, accountId)).applyPaidAt;
    t.clock.advance(1000);
    const again = signedNotification({ orderNo: order.id });
    expect((await deliver(n)).statusCode).toBe(200);
    expect((await deliver(again)).statusCode).toBe(200);
    expect((await profileOf(t.db, accountId)).applyPaidAt).toEqual(paidAt);
    expect((await notificationsOf(order.id)).map((x) => x.outcome).sort()).toEqual(['already_paid', 'applied']);
  });

  it('a forged signature is refused and changes nothing', async () => {
    const { order, accountId } = await openApplyOrder();
    const forged = signedNotification({ orderNo: order.id, key: 'f'.repeat(64) });
    const res = await deliver(forged);
    expect([res.statusCode, res.json()]).toEqual([400, { code: 'FAIL', message: '失败' }]);
    // A body that is not the one signed.
    const real = signedNotification({ orderNo: order.id });
    const tampered = await deliver({ body: real.body.replace('"amount_fen":50000', '"amount_fen":50001'), signature: real.signature });
    expect(tampered.statusCode).toBe(400);
    const noHeader = await t.app.inject({ method: 'POST', url: '/api/payment/notify/sandbox', headers: { 'content-type': 'application/json' }, payload: real.body });
    expect(noHeader.statusCode).toBe(400);

    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', paidAt: null });
    expect((await profileOf(t.db, accountId)).applyPaidAt).toBeNull();
    const rejected = await t.db.select().from(paymentNotifications).where(eq(paymentNotifications.verified, false));
    expect(rejected.filter((r) => r.rawBody.includes(order.id)).map((r) => r.outcome)).toEqual(['bad_signature', 'bad_signature', 'bad_signature']);
    // The real notification still goes through afterwards: forged rows never squat its id.
    expect((await deliver(real)).statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid' });
  });

  it('a replayed notification outside the 5-minute window is refused', async () => {
    const { order } = await openApplyOrder();
    const old = signedNotification({ orderNo: order.id, at: new Date(t.clock.now().getTime() - 6 * 60_000) });
    expect((await deliver(old)).statusCode).toBe(400);
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending' });
  });

  it('a wrong amount or currency is rejected, recorded as amount_mismatch, order unchanged — also when re-delivered', async () => {
    const { order, accountId } = await openApplyOrder();
    const cheap = signedNotification({ orderNo: order.id, amountFen: 1 });
    const dollars = signedNotification({ orderNo: order.id, currency: 'USD' });
    for (const n of [cheap, dollars, cheap]) {
      const res = await deliver(n);
      expect([res.statusCode, res.json()]).toEqual([400, { code: 'FAIL', message: '失败' }]);
    }
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', paidAt: null });
    expect((await profileOf(t.db, accountId)).applyPaidAt).toBeNull();
    expect((await notificationsOf(order.id)).map((n) => n.outcome)).toEqual(['amount_mismatch', 'amount_mismatch']);
  });

  it('a notification for an order this platform does not know is acknowledged and recorded', async () => {
    const n = signedNotification({ orderNo: 'SM20260101aaaaaaaaaaaaaaaaaaaa' });
    expect((await deliver(n)).statusCode).toBe(200);
    expect((await notificationsOf('SM20260101aaaaaaaaaaaaaaaaaaaa')).map((x) => x.outcome)).toEqual(['unknown_order']);
  });

  it('money taken for a closed order still marks it paid, and closes the newer open order', async () => {
    const { order, token, accountId } = await openApplyOrder();
    const stale = signedNotification({ orderNo: order.id });
    // The student switches to a page payment: the scan order is closed, a new one is open.
    const wap = (await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token, body: { purpose: 'apply_fee', provider: 'WX', channel: 'wechat_wap' } })).body.data!;
    expect(await orderRow(order.id)).toMatchObject({ status: 'closed' });
    expect((await deliver(stale)).statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid' });
    expect((await notificationsOf(order.id)).map((n) => n.outcome)).toContain('paid_after_close');
    expect(await orderRow(wap.id)).toMatchObject({ status: 'closed' });
    expect((await profileOf(t.db, accountId)).applyPaidAt).not.toBeNull();
  });

  it('an unknown provider in the notify path is a 404; a huge body is refused', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payment/notify/paypal', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode).toBe(404);
    const huge = await t.app.inject({ method: 'POST', url: '/api/payment/notify/sandbox', headers: { 'content-type': 'text/plain' }, payload: 'x'.repeat(70_000) });
    expect(huge.statusCode).toBe(413);
  });
});
