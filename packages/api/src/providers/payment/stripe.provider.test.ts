import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StripeStandIn, stripeSignatureHeader } from '../../stand-ins/stripe.ts';
import { NotificationRejected, type CreateProviderOrder, type ProviderRefundRequest } from './payment-provider.ts';
import { StripeGateway, intentIdempotencyKey } from './stripe.provider.ts';

const SECRET_KEY = 'sk_test_standin_0123456789';
const WEBHOOK_SECRET = 'whsec_standin_0123456789abcdef';
const T0 = new Date('2026-07-01T02:00:00Z'); // 10:00 Beijing

let nowMs = T0.getTime();
const now = () => new Date(nowMs);
let standIn: StripeStandIn;
let base: string;
/** Our side of "which intent is this order's": what the orders table keeps. */
const kept = new Map<string, string>();
let gateway: StripeGateway;

beforeAll(async () => {
  standIn = new StripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, now });
  base = await standIn.start();
  gateway = new StripeGateway({ secretKey: SECRET_KEY, publishableKey: null, webhookSecret: WEBHOOK_SECRET, apiBase: base, now, intentIdOf: async (no) => kept.get(no) ?? null, maxNetworkRetries: 2 });
});
afterAll(async () => {
  await standIn.stop();
});
beforeEach(() => {
  nowMs = T0.getTime();
});

let seq = 0;
function order(overrides: Partial<CreateProviderOrder> = {}): CreateProviderOrder {
  seq += 1;
  return {
    orderNo: `SM20260701${String(seq).padStart(20, '0')}`,
    amountFen: 1_680_000,
    currency: 'CNY',
    description: 'Summit 高中生夏季学术项目 学费',
    channel: 'checkout',
    kind: 'redirect',
    expiresAt: new Date(nowMs + 2 * 3_600_000),
    origin: 'https://summit.example',
    returnUrl: 'https://summit.example/pay/admission',
    clientIp: '203.0.113.7',
    ...overrides,
  };
}

/** Creates an order's intent through the gateway and remembers it, as payments.service does. */
async function created(o = order()) {
  const pay = await gateway.createOrder(o);
  if (pay.kind !== 'stripe') throw new Error('expected a stripe instruction');
  kept.set(o.orderNo, pay.intentId);
  return { o, pay, intent: standIn.intents.get(pay.intentId)! };
}

describe('Stripe PaymentIntents through the official SDK', () => {
  it('creates an intent in the smallest unit of the order currency, with the order no, description and an idempotency key', async () => {
    const { o, pay, intent } = await created();
    const sent = standIn.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: intentIdempotencyKey(o.orderNo) });
    expect(sent.params).toEqual({
      amount: '1680000',
      currency: 'cny',
      description: 'Summit 高中生夏季学术项目 学费',
      metadata: { order_no: o.orderNo },
      automatic_payment_methods: { enabled: 'true' },
    });
    expect(pay).toEqual({ kind: 'stripe', intentId: intent.id, clientSecret: intent.client_secret, publishableKey: null, url: `${base}/confirm/${intent.id}?return_url=${encodeURIComponent(o.returnUrl)}` });
  });

  it('takes the currency from the order (USD stays USD, lower-cased for Stripe) and refuses zero-decimal currencies', async () => {
    const { intent } = await created(order({ currency: 'USD', amountFen: 250_00 }));
    expect([intent.currency, intent.amount]).toEqual(['usd', 25_000]);
    await expect(gateway.createOrder(order({ currency: 'JPY' }))).rejects.toThrow(/hundredths/);
  });

  it('live: answers the publishable key and sends the payer back to the return url after Stripe.js confirms', async () => {
    const live = new StripeGateway({ secretKey: SECRET_KEY, publishableKey: 'pk_test_abc', webhookSecret: WEBHOOK_SECRET, apiBase: base, now });
    const o = order();
    const pay = await live.createOrder(o);
    expect(pay).toMatchObject({ kind: 'stripe', publishableKey: 'pk_test_abc', url: o.returnUrl });
  });

  it('a create whose answer was lost is retried with the same idempotency key and answers the same intent', async () => {
    const before = standIn.intents.size;
    const o = order();
    standIn.dropAnswers = 1;
    const pay = await gateway.createOrder(o);
    const tries = standIn.requests.filter((r) => r.idempotencyKey === intentIdempotencyKey(o.orderNo));
    expect(tries).toHaveLength(2);
    expect(tries.map((r) => r.replayed)).toEqual([false, true]);
    expect(standIn.intents.size).toBe(before + 1);
    // Asking again for the same order (a retry of ours) is answered from the same key, too.
    expect(await gateway.createOrder(o)).toEqual(pay);
    expect(standIn.intents.size).toBe(before + 1);
  });

  it('a wrong secret key is an error the service can handle, not a crash', async () => {
    const wrong = new StripeGateway({ secretKey: 'sk_test_wrong', publishableKey: null, webhookSecret: WEBHOOK_SECRET, apiBase: base, now, maxNetworkRetries: 0 });
    await expect(wrong.createOrder(order())).rejects.toThrow(/Invalid API Key/);
  });

  it('queries: requires_payment_method → pending; succeeded → paid with the charge as trade no; canceled → closed', async () => {
    const { o, intent } = await created(order({ amountFen: 50_000 }));
    expect(await gateway.queryOrder(o.orderNo)).toEqual({ status: 'pending' });
    await standIn.pay(intent.id, '4000 0000 0000 0002');
    expect(await gateway.queryOrder(o.orderNo)).toEqual({ status: 'pending' });
    await standIn.pay(intent.id, '4242 4242 4242 4242');
    expect(await gateway.queryOrder(o.orderNo)).toEqual({ status: 'paid', amountFen: 50_000, currency: 'CNY', providerTradeNo: intent.latest_charge, paidAt: null });
    await expect(gateway.closeOrder(o.orderNo)).rejects.toThrow(/succeeded/);

    const other = await created();
    await gateway.closeOrder(other.o.orderNo);
    expect(standIn.intents.get(other.intent.id)?.status).toBe('canceled');
    expect(await gateway.queryOrder(other.o.orderNo)).toEqual({ status: 'closed' });
    await expect(gateway.closeOrder(other.o.orderNo)).resolves.toBeUndefined();
  });

  it('an order whose intent we never kept is found by its metadata; one Stripe never saw is pending', async () => {
    const o = order();
    const pay = await gateway.createOrder(o); // not kept: the save was cut short
    expect(pay.kind).toBe('stripe');
    expect(await gateway.queryOrder(o.orderNo)).toEqual({ status: 'pending' });
    expect(standIn.requests.some((r) => r.path === '/v1/payment_intents/search')).toBe(true);
    await gateway.closeOrder(o.orderNo);
    expect(await gateway.queryOrder(o.orderNo)).toEqual({ status: 'closed' });
    expect(await gateway.queryOrder('SM20260701neverheardofthisone')).toEqual({ status: 'pending' });
  });
});

describe('Stripe webhooks', () => {
  const intentObject = (orderNo: string) => ({ id: 'pi_1', object: 'payment_intent', amount: 1_680_000, amount_received: 1_680_000, currency: 'cny', status: 'succeeded', latest_charge: 'ch_1', metadata: { order_no: orderNo } });
  const signed = (payload: string, ageSeconds: number, secret = WEBHOOK_SECRET) => ({
    headers: { 'stripe-signature': stripeSignatureHeader(payload, secret, Math.floor(nowMs / 1000) - ageSeconds), 'content-type': 'application/json' },
    rawBody: payload,
  });
  const rejected = async (n: { headers: Record<string, string>; rawBody: string }) => {
    const err = await gateway.parseNotification(n).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotificationRejected);
    return (err as NotificationRejected).reason;
  };

  it('payment_intent.succeeded → paid, in fen with the upper-case currency and the charge as trade no', async () => {
    const payload = standIn.eventPayload('payment_intent.succeeded', intentObject('SM20260701aaaaaaaaaaaaaaaaaaaa'), 'evt_paid_1');
    expect(await gateway.parseNotification(signed(payload, 0))).toEqual({
      notificationId: 'evt_paid_1',
      orderNo: 'SM20260701aaaaaaaaaaaaaaaaaaaa',
      kind: 'paid',
      amountFen: 1_680_000,
      currency: 'CNY',
      providerTradeNo: 'ch_1',
      occurredAt: new Date(Math.floor(nowMs / 1000) * 1000),
    });
  });

  it('the 300 s tolerance: signed 299 s ago is accepted, 301 s ago refused as stale, far in the future too', async () => {
    const payload = standIn.eventPayload('payment_intent.succeeded', intentObject('SM20260701bbbbbbbbbbbbbbbbbbbb'));
    expect((await gateway.parseNotification(signed(payload, 299))).kind).toBe('paid');
    expect(await rejected(signed(payload, 301))).toBe('stale');
    expect(await rejected(signed(payload, -400))).toBe('stale');
  });

  it('refuses a wrong secret, a changed body and a missing signature', async () => {
    const payload = standIn.eventPayload('payment_intent.succeeded', intentObject('SM20260701cccccccccccccccccccc'));
    expect(await rejected(signed(payload, 0, 'whsec_someone_else'))).toBe('bad_signature');
    const good = signed(payload, 0);
    expect(await rejected({ ...good, rawBody: payload.replace('1680000', '1') })).toBe('bad_signature');
    expect(await rejected({ headers: {}, rawBody: payload })).toBe('bad_signature');
    expect(await rejected(signed('not json', 0))).toBe('malformed');
  });

  it('canceled → closed; refund events carry our refund no; charge.refunded without its refunds and other types → other', async () => {
    const canceled = standIn.eventPayload('payment_intent.canceled', { ...intentObject('SM20260701dddddddddddddddddddd'), status: 'canceled' });
    expect(await gateway.parseNotification(signed(canceled, 0))).toMatchObject({ kind: 'closed', orderNo: 'SM20260701dddddddddddddddddddd' });

    const refund = { id: 're_1', object: 'refund', amount: 20_000, currency: 'cny', status: 'succeeded', created: 1_782_871_200, metadata: { refund_no: 'RF1', order_no: 'SM20260701dddddddddddddddddddd' } };
    expect(await gateway.parseNotification(signed(standIn.eventPayload('refund.updated', refund, 'evt_r1'), 0))).toEqual({
      notificationId: 'evt_r1',
      kind: 'refund',
      orderNo: 'SM20260701dddddddddddddddddddd',
      refundNo: 'RF1',
      status: 'succeeded',
      refundFen: 20_000,
      providerRefundNo: 're_1',
      occurredAt: new Date(Math.floor(nowMs / 1000) * 1000),
    });
    expect(await gateway.parseNotification(signed(standIn.eventPayload('refund.updated', { ...refund, status: 'failed' }), 0))).toMatchObject({ kind: 'refund', status: 'failed' });
    expect(await gateway.parseNotification(signed(standIn.eventPayload('refund.updated', { ...refund, status: 'pending' }), 0))).toMatchObject({ kind: 'refund', status: 'processing' });
    const charge = { id: 'ch_1', object: 'charge', amount: 1_680_000, amount_refunded: 20_000, metadata: {} };
    expect((await gateway.parseNotification(signed(standIn.eventPayload('charge.refunded', charge), 0))).kind).toBe('other');
    const withRefunds = { ...charge, refunds: { object: 'list', data: [refund] } };
    expect(await gateway.parseNotification(signed(standIn.eventPayload('charge.refunded', withRefunds), 0))).toMatchObject({ kind: 'refund', refundNo: 'RF1' });
    expect((await gateway.parseNotification(signed(standIn.eventPayload('customer.created', { id: 'cus_1', object: 'customer' }), 0))).kind).toBe('other');
  });

  it('answers Stripe with 200 JSON (any 2xx stops its retries), 400 when refused', () => {
    expect(gateway.reply(true)).toEqual({ httpStatus: 200, contentType: 'application/json; charset=utf-8', body: '{"received":true}' });
    expect(gateway.reply(false).httpStatus).toBe(400);
  });
});

describe('Stripe refunds', () => {
  const refundOf = (o: CreateProviderOrder, refundNo: string, refundFen: number, chargeId: string | null): ProviderRefundRequest => ({
    refundNo,
    orderNo: o.orderNo,
    providerTradeNo: chargeId,
    refundFen,
    totalFen: o.amountFen,
    currency: o.currency,
    reason: '线上课程差价退款',
  });

  it('partial refunds against the PaymentIntent, idempotent on the refund no; never more than is left', async () => {
    const { o, intent } = await created(order({ amountFen: 500_000 }));
    await standIn.pay(intent.id);
    const first = await gateway.refund(refundOf(o, 'RF20260701first', 200_000, intent.latest_charge));
    expect(first).toMatchObject({ status: 'succeeded', providerRefundNo: expect.stringMatching(/^re_/) });
    const sent = standIn.requests.at(-1)!;
    expect(sent).toMatchObject({ path: '/v1/refunds', idempotencyKey: 'RF20260701first' });
    expect(sent.params).toEqual({ payment_intent: intent.id, amount: '200000', metadata: { refund_no: 'RF20260701first', order_no: o.orderNo }, reason: 'requested_by_customer' });

    // The same refund asked again (a retry) is the same refund, not a second one.
    expect(await gateway.refund(refundOf(o, 'RF20260701first', 200_000, intent.latest_charge))).toEqual(first);
    expect([...standIn.refunds.values()].filter((r) => r.payment_intent === intent.id)).toHaveLength(1);

    const tooMuch = await gateway.refund(refundOf(o, 'RF20260701second', 300_001, intent.latest_charge));
    expect(tooMuch).toMatchObject({ status: 'failed', providerRefundNo: null, reason: expect.stringMatching(/^amount_too_large/) });
    expect(await gateway.refund(refundOf(o, 'RF20260701third', 300_000, intent.latest_charge))).toMatchObject({ status: 'succeeded' });

    expect(await gateway.queryRefund(refundOf(o, 'RF20260701first', 200_000, intent.latest_charge))).toEqual(first);
    expect(await gateway.queryRefund(refundOf(o, 'RF20260701nobody', 1, intent.latest_charge))).toMatchObject({ status: 'failed', reason: 'refund not found at Stripe' });
  });

  it('a refund Stripe is still working on is processing until refund.updated settles it', async () => {
    const { o, intent } = await created(order({ amountFen: 10_000 }));
    await standIn.pay(intent.id);
    standIn.pendingRefunds = true;
    try {
      const asked = await gateway.refund(refundOf(o, 'RF20260701pending', 10_000, intent.latest_charge));
      expect(asked).toMatchObject({ status: 'processing' });
      await standIn.settleRefund((asked as { providerRefundNo: string }).providerRefundNo, 'succeeded');
      expect(await gateway.queryRefund(refundOf(o, 'RF20260701pending', 10_000, intent.latest_charge))).toMatchObject({ status: 'succeeded' });
    } finally {
      standIn.pendingRefunds = false;
    }
  });

  it('refusing an order never paid', async () => {
    const { o } = await created(order({ amountFen: 10_000 }));
    expect(await gateway.refund(refundOf(o, 'RF20260701unpaid', 10_000, null))).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^charge_not_refundable/) });
  });
});

describe('Stripe bill: balance transactions of one Beijing day', () => {
  it('pages through every transaction of the day and maps charges and refunds to our orders and refund nos', async () => {
    // Another day entirely (2026-08-09 23:59 Beijing) and the day itself (2026-08-10, Beijing).
    nowMs = Date.parse('2026-08-09T23:59:00+08:00');
    const yesterday = await created(order({ amountFen: 111 }));
    await standIn.pay(yesterday.intent.id);

    nowMs = Date.parse('2026-08-10T00:00:00+08:00');
    const a = await created(order({ amountFen: 1_000 }));
    await standIn.pay(a.intent.id);
    nowMs += 3_600_000;
    const b = await created(order({ amountFen: 2_000, currency: 'USD' }));
    await standIn.pay(b.intent.id);
    nowMs += 3_600_000;
    const c = await created(order({ amountFen: 3_000 }));
    await standIn.pay(c.intent.id);
    nowMs += 60_000;
    await gateway.refund({ refundNo: 'RF20260810a', orderNo: a.o.orderNo, providerTradeNo: a.intent.latest_charge, refundFen: 400, totalFen: 1_000, currency: 'CNY', reason: '退款' });
    nowMs = Date.parse('2026-08-10T23:59:59+08:00');
    const late = await created(order({ amountFen: 4_000 }));
    await standIn.pay(late.intent.id);
    nowMs = Date.parse('2026-08-11T00:00:00+08:00');
    const tomorrow = await created(order({ amountFen: 5_000 }));
    await standIn.pay(tomorrow.intent.id);

    standIn.maxPageSize = 2;
    const before = standIn.requests.length;
    try {
      const bill = await gateway.fetchBill('2026-08-10');
      const lists = standIn.requests.slice(before).filter((r) => r.path === '/v1/balance_transactions');
      expect(lists.length).toBe(3); // 5 rows, 2 a page
      expect(lists[0]!.params).toMatchObject({ created: { gte: String(Date.parse('2026-08-10T00:00:00+08:00') / 1000), lt: String(Date.parse('2026-08-11T00:00:00+08:00') / 1000) } });
      expect(lists[1]!.params.starting_after).toMatch(/^txn_/);
      expect(bill.map((l) => [l.kind, l.orderNo, l.refundNo, l.amountFen, l.currency])).toEqual([
        ['payment', a.o.orderNo, null, 1_000, 'CNY'],
        ['payment', b.o.orderNo, null, 2_000, 'USD'],
        ['payment', c.o.orderNo, null, 3_000, 'CNY'],
        ['refund', a.o.orderNo, 'RF20260810a', 400, 'CNY'],
        ['payment', late.o.orderNo, null, 4_000, 'CNY'],
      ]);
      expect(bill[0]!.providerTradeNo).toBe(a.intent.latest_charge);
      expect(bill[3]!.providerTradeNo).toBe(a.intent.latest_charge);
    } finally {
      standIn.maxPageSize = 100;
    }
    await expect(gateway.fetchBill('2026/08/10')).rejects.toThrow(/bad bill day/);
  });
});
