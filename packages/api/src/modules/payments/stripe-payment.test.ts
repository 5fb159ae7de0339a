/**
 * Stripe end to end (decision 071): the app configured with PAYMENT_STRIPE=standin talks to the
 * local Stripe stand-in through the official SDK; the payer confirms on the stand-in's page; the stand-in's
 * signed webhook reaches /api/payment/notify/stripe over HTTP and the tuition turns paid.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PaymentMethods, PaymentOrder } from '@summit/domain';
import { paymentNotifications, paymentOrders } from '../../db/schema-payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { StripeStandIn } from '../../stand-ins/stripe.ts';
import { payingStudent, profileOf } from './payment-test-kit.ts';

const SECRET_KEY = 'sk_test_app_standin';
const WEBHOOK_SECRET = 'whsec_app_standin_secret';

let t: TestApp;
let standIn: StripeStandIn;
beforeAll(async () => {
  // The stand-in and the app share the app's test clock, so the webhook's timestamp is "now" for both.
  let nowFn: () => Date = () => new Date();
  standIn = new StripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, now: () => nowFn() });
  const base = await standIn.start();
  t = await createTestApp({
    env: { PAYMENT_STRIPE: 'standin', STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: base, PUBLIC_URL: 'https://summit.example' },
  });
  nowFn = t.clock.now;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  standIn.notifyUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/payment/notify/stripe`;
});
afterAll(async () => {
  await t.close();
  await standIn.stop();
});

const orderRow = async (orderNo: string) => (await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)))[0]!;

describe('Stripe through the stand-in, in the app', () => {
  it('GET /api/payment/methods lists STRIPE next to the sandboxed WX and AL (NHP only as the week camps’ flag)', async () => {
    const res = await call<PaymentMethods>(t.app, 'GET', '/api/payment/methods');
    expect(res.body).toEqual({ status: 200, msg: expect.any(String), data: { providers: ['AL', 'WX', 'STRIPE'], nhp: true } });
  });

  it('a student pays tuition by card: PaymentIntent in CNY fen, confirm page, signed webhook, paid; a replayed event changes nothing', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const res = await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'tuition', provider: 'STRIPE', channel: 'checkout' } });
    expect(res.body).toMatchObject({ status: 200, data: { purpose: 'tuition', amount_fen: 1_680_000, currency: 'CNY', pay: { kind: 'stripe', publishable_key: null } } });
    const order = res.body.data!;
    if (order.pay.kind !== 'stripe') throw new Error('expected a stripe instruction');
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ gateway: 'stripe', provider: 'STRIPE', channel: 'checkout', payKind: 'stripe' });
    const intent = standIn.intents.get(row.stripePay!.intent_id)!;
    expect([intent.amount, intent.currency, intent.metadata.order_no, intent.client_secret]).toEqual([1_680_000, 'cny', order.id, order.pay.client_secret]);
    expect(order.pay.url).toBe(`${standIn.url}/confirm/${intent.id}?return_url=${encodeURIComponent('https://summit.example/student/admission')}`);

    // Asking again reuses the open order: the same PaymentIntent, no second one at Stripe.
    const again = await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'tuition', provider: 'STRIPE', channel: 'checkout' } });
    expect(again.body.data).toEqual(order);
    expect([...standIn.intents.values()].filter((i) => i.metadata.order_no === order.id)).toHaveLength(1);

    // A declined card leaves it payable; 4242 pays it, and the stand-in's webhook is answered 200 JSON.
    const page = await fetch(order.pay.url, { method: 'POST', body: new URLSearchParams({ card: '4000000000000002' }), redirect: 'manual' });
    expect(await page.text()).toContain('银行卡被拒绝');
    expect((await orderRow(order.id)).status).toBe('pending');
    const paid = await fetch(order.pay.url, { method: 'POST', body: new URLSearchParams({ card: '4242 4242 4242 4242' }), redirect: 'manual' });
    expect([paid.status, paid.headers.get('location')]).toEqual([303, 'https://summit.example/student/admission']);
    expect(standIn.deliveries.find((d) => d.type === 'payment_intent.succeeded')).toEqual({ type: 'payment_intent.succeeded', status: 200, body: '{"received":true}' });

    const after = await orderRow(order.id);
    expect(after).toMatchObject({ status: 'paid', providerTradeNo: intent.latest_charge });
    expect((await profileOf(t.db, s.accountId)).tuitionPaidAt).not.toBeNull();
    const isPaid = await call(t.app, 'GET', `/api/student/payment/${order.id}/is-paid`, { token: s.token });
    expect(isPaid.body.data).toEqual({ paid: true, status: 'paid', purpose_paid: true });

    // Stripe re-delivers the same event (same id): acknowledged, recorded once, nothing applied twice.
    const replay = await standIn.sendEvent('payment_intent.succeeded', intent, { id: 'evt_replayed_1' });
    expect(replay.status).toBe(200);
    const again2 = await standIn.sendEvent('payment_intent.succeeded', intent, { id: 'evt_replayed_1' });
    expect([again2.status, again2.body]).toEqual([200, '{"received":true}']);
    const rows = await t.db.select().from(paymentNotifications).where(and(eq(paymentNotifications.gateway, 'stripe'), eq(paymentNotifications.notificationId, 'evt_replayed_1')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ verified: true, outcome: 'already_paid' });
  });

  it('a webhook signed with another secret or older than 300 s is refused (400) and changes nothing', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const res = await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'tuition', provider: 'STRIPE', channel: 'checkout' } });
    const row = await orderRow(res.body.data!.id);
    const intent = { ...standIn.intents.get(row.stripePay!.intent_id)!, status: 'succeeded', amount_received: row.amountFen, latest_charge: 'ch_forged' };
    const forged = await standIn.sendEvent('payment_intent.succeeded', intent, { secret: 'whsec_attacker' });
    expect(forged.status).toBe(400);
    const stale = await standIn.sendEvent('payment_intent.succeeded', intent, { at: new Date(t.clock.now().getTime() - 301_000) });
    expect(stale.status).toBe(400);
    expect((await orderRow(row.orderNo)).status).toBe('pending');
    const outcomes = (await t.db.select().from(paymentNotifications).where(eq(paymentNotifications.gateway, 'stripe'))).filter((n) => !n.verified).map((n) => n.outcome);
    expect(outcomes).toEqual(expect.arrayContaining(['bad_signature', 'stale']));
  });

  it('switching to another way of paying cancels the PaymentIntent at Stripe', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const res = await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'tuition', provider: 'STRIPE', channel: 'checkout' } });
    const row = await orderRow(res.body.data!.id);
    const other = await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'tuition', provider: 'WX', channel: 'wechat_scan' } });
    expect(other.body.status).toBe(200);
    expect(standIn.intents.get(row.stripePay!.intent_id)?.status).toBe('canceled');
    expect((await orderRow(row.orderNo)).status).toBe('closed');
  });
});
