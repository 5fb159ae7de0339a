/** The NHP adapter offline (decision 076): canonical signing, verification, notifications, and the stand-in round trip. */
import { describe, expect, it } from 'vitest';
import { NhpStandIn } from '../../stand-ins/nhp.ts';
import { NHP_MAX_AGE_MS, NhpGateway, nhpCanonical, nhpSign, nhpSigned, nhpVerify } from './nhp.provider.ts';
import { NotificationRejected, PaymentGatewayError } from './payment-provider.ts';

const KEY = 'k'.repeat(40);
const MERCHANT = 'summit-test';
const NOW = new Date('2027-06-01T04:00:00Z');

function harness(opts: { key?: string; standInKey?: string } = {}) {
  const delivered: string[] = [];
  const standIn = new NhpStandIn(MERCHANT, opts.standInKey ?? KEY, () => NOW, async (_url, body) => {
    delivered.push(body);
    return 200;
  });
  standIn.publicBase = 'http://127.0.0.1:3000';
  const calls: string[] = [];
  const fakeFetch = (async (url: string | URL, init?: RequestInit) => {
    const path = String(url).replace('http://nhp.test/gw', '');
    calls.push(path);
    const answer = await standIn.handle({ method: init?.method ?? 'GET', path, body: String(init?.body ?? '') });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  }) as typeof fetch;
  const gateway = new NhpGateway({ merchantId: MERCHANT, key: opts.key ?? KEY, apiBase: 'http://nhp.test/gw', notifyUrl: 'http://127.0.0.1:3000/api/payment/notify/nhp', now: () => NOW, fetch: fakeFetch });
  return { standIn, gateway, delivered, calls };
}

const order = (orderNo = 'SM20270601abc', amountFen = 500_000) => ({
  orderNo,
  amountFen,
  currency: 'CNY',
  description: 'H-week 定金',
  channel: 'web' as const,
  kind: 'redirect' as const,
  expiresAt: new Date(NOW.getTime() + 30 * 60_000),
  origin: 'http://127.0.0.1:3000',
  returnUrl: 'http://127.0.0.1:3000/hx-week/pay',
  clientIp: '127.0.0.1',
});

describe('signing', () => {
  it('signs the sorted non-empty parameters except sign, as HMAC-SHA256 hex', () => {
    const params = { b: '2', a: '1', empty: '', sign: 'ignored', c: '中文' };
    expect(nhpCanonical(params)).toBe('a=1&b=2&c=中文');
    // Known answer, computed outside this code: HMAC-SHA256(key="k"*40, UTF-8 "a=1&b=2&c=中文").
    expect(nhpSign(KEY, params)).toBe('16dcdf210e2040e1cc5a1340b97142326f834fb7cbf3c59516bf8648ef7dfe1b');
    expect(nhpSign(KEY, params)).toBe(nhpSign(KEY, { c: '中文', a: '1', b: '2' }));
    expect(nhpSign(KEY, params)).not.toBe(nhpSign('x'.repeat(40), params));
  });

  it('verifies its own signature and refuses any change, a missing or malformed sign, another key', () => {
    const signed = nhpSigned(KEY, { out_trade_no: 'SM1', amount_fen: '100' });
    expect(nhpVerify(KEY, signed)).toBe(true);
    expect(nhpVerify(KEY, { ...signed, amount_fen: '1' })).toBe(false);
    expect(nhpVerify(KEY, { ...signed, extra: 'x' })).toBe(false);
    expect(nhpVerify(KEY, { out_trade_no: 'SM1', amount_fen: '100' })).toBe(false);
    expect(nhpVerify(KEY, { ...signed, sign: 'zz' })).toBe(false);
    expect(nhpVerify('y'.repeat(40), signed)).toBe(false);
  });
});

describe('the gateway against the stand-in', () => {
  it('creates an order (signed both ways) and answers the payer a redirect to the checkout page', async () => {
    const h = harness();
    const pay = await h.gateway.createOrder(order());
    expect(pay).toEqual({ kind: 'redirect', url: 'http://127.0.0.1:3000/__nhp/pay/SM20270601abc' });
    expect(h.calls).toEqual(['/orders']);
    expect(h.standIn.trades.get('SM20270601abc')).toMatchObject({ amountFen: 500_000, status: 'NOTPAY', subject: 'H-week 定金' });
    expect(await h.gateway.queryOrder('SM20270601abc')).toEqual({ status: 'pending' });
  });

  it('refuses an answer signed with another key, and a refusal by NHP', async () => {
    const forged = harness({ standInKey: 'z'.repeat(40) });
    await expect(forged.gateway.createOrder(order())).rejects.toBeInstanceOf(PaymentGatewayError);
    const h = harness();
    await h.gateway.createOrder(order('SMdup', 100));
    await expect(h.gateway.createOrder(order('SMdup', 200))).rejects.toMatchObject({ providerCode: 'ORDER_MISMATCH' });
  });

  it('turns the signed payment notification into a paid event; the query agrees; refunds and the bill work', async () => {
    const h = harness();
    await h.gateway.createOrder(order());
    const n = await h.standIn.pay('SM20270601abc');
    expect(h.delivered).toEqual([n.body]);
    const event = await h.gateway.parseNotification({ headers: {}, rawBody: n.body });
    expect(event).toMatchObject({ kind: 'paid', orderNo: 'SM20270601abc', amountFen: 500_000, currency: 'CNY', notificationId: n.params.notify_id });
    expect(await h.gateway.queryOrder('SM20270601abc')).toMatchObject({ status: 'paid', amountFen: 500_000, currency: 'CNY' });
    await expect(h.gateway.closeOrder('SM20270601abc')).rejects.toMatchObject({ providerCode: 'ORDER_PAID' });

    const refund = { refundNo: 'RF1', orderNo: 'SM20270601abc', providerTradeNo: null, refundFen: 100_000, totalFen: 500_000, currency: 'CNY', reason: '退款' };
    expect(await h.gateway.refund(refund)).toMatchObject({ status: 'succeeded' });
    expect(await h.gateway.queryRefund(refund)).toMatchObject({ status: 'succeeded' });
    await expect(h.gateway.refund({ ...refund, refundNo: 'RF2', refundFen: 450_000 })).rejects.toMatchObject({ providerCode: 'REFUND_AMOUNT_INVALID' });
    expect(await h.gateway.fetchBill('2027-06-01')).toEqual([expect.objectContaining({ kind: 'payment', orderNo: 'SM20270601abc', amountFen: 500_000 })]);
  });

  it('rejects a tampered, foreign, stale or malformed notification', async () => {
    const h = harness();
    await h.gateway.createOrder(order());
    const n = await h.standIn.pay('SM20270601abc', { deliver: false });
    const reject = async (rawBody: string) => {
      try {
        await h.gateway.parseNotification({ headers: {}, rawBody });
      } catch (err) {
        expect(err).toBeInstanceOf(NotificationRejected);
        return (err as NotificationRejected).reason;
      }
      throw new Error('accepted');
    };
    expect(await reject(JSON.stringify({ ...n.params, amount_fen: '1' }))).toBe('bad_signature');
    expect(await reject(JSON.stringify(nhpSigned(KEY, { ...n.params, merchant_id: 'other' })))).toBe('bad_signature');
    const old = new Date(NOW.getTime() - NHP_MAX_AGE_MS - 1000).toISOString();
    expect(await reject(JSON.stringify(nhpSigned(KEY, { ...n.params, timestamp: old })))).toBe('stale');
    expect(await reject('not json')).toBe('malformed');
    expect(await reject(JSON.stringify({ ...n.params, amount_fen: 5 }))).toBe('malformed');
  });

  it('answers NHP in its plain-text format', () => {
    const h = harness();
    expect(h.gateway.reply(true)).toMatchObject({ httpStatus: 200, body: 'success' });
    expect(h.gateway.reply(false)).toMatchObject({ httpStatus: 400, body: 'fail' });
  });
});
