/**
 * Alipay refunds (decision 068) against a local stand-in of openapi.alipay.com that checks our RSA2 signature:
 * alipay.trade.refund with out_request_no = our refund number and the amount in yuan, synchronous (fund_change
 * Y → succeeded); alipay.trade.fastpay.refund.query for the reconciler; a business refusal fails the refund.
 */
import { createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentOrders, paymentRefunds } from '../../db/schema-payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { payingStudent } from '../../modules/payments/payment-test-kit.ts';
import { staffOfType, type Staff } from '../../modules/teaching/teaching-test-kit.ts';
import { paidOrder, requestRefund } from '../../modules/refunds/refund-test-kit.ts';
import { reconcileRefunds } from '../../modules/refunds/refund-reconciler.ts';
import { AlipayGateway } from './alipay.provider.ts';

const pem = (k: KeyObject, type: 'pkcs8' | 'pkcs1' | 'spki') => k.export({ format: 'pem', type } as never).toString();
const appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const APP_ID = '2021000122671081';

const signContent = (fields: Record<string, string>) =>
  Object.keys(fields)
    .filter((k) => k !== 'sign' && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');

/** Refunds by out_request_no, as Alipay keeps them; `refuse` makes the next refund a business failure. */
class AlipayRefundStandIn {
  server!: Server;
  calls: Array<{ method: string; biz: Record<string, unknown>; signatureValid: boolean }> = [];
  refunds = new Map<string, { out_trade_no: string; refund_amount: string }>();
  refuse = false;
  /** Alipay answers "system busy" without taking the refund (the outcome is unknown to us; the query finds nothing). */
  dropNext = false;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/gateway.do`;
  }
  stop() {
    return new Promise<void>((r) => this.server.close(() => r()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? '/', 'http://x');
    const params: Record<string, string> = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
    const signatureValid = createVerify('RSA-SHA256').update(signContent(params), 'utf8').verify(appKeys.publicKey, params.sign ?? '', 'base64');
    const method = params.method ?? '';
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    this.calls.push({ method, biz, signatureValid });
    let payload: Record<string, unknown>;
    if (!signatureValid) payload = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' };
    else if (method === 'alipay.trade.refund') {
      const key = String(biz.out_request_no);
      if (this.refuse) payload = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' };
      else if (this.dropNext) {
        this.dropNext = false;
        payload = { code: '20000', msg: 'Service Currently Unavailable', sub_code: 'isp.unknow-error', sub_msg: '系统繁忙' };
      } else {
        const seen = this.refunds.has(key);
        this.refunds.set(key, { out_trade_no: String(biz.out_trade_no), refund_amount: String(biz.refund_amount) });
        payload = { code: '10000', msg: 'Success', trade_no: '2026050122001400009', out_trade_no: biz.out_trade_no, refund_fee: biz.refund_amount, fund_change: seen ? 'N' : 'Y', gmt_refund_pay: '2026-05-02 09:00:00' };
      }
    } else if (method === 'alipay.trade.fastpay.refund.query') {
      const found = this.refunds.get(String(biz.out_request_no));
      payload = found
        ? { code: '10000', msg: 'Success', trade_no: '2026050122001400009', out_trade_no: found.out_trade_no, out_request_no: biz.out_request_no, refund_amount: found.refund_amount, total_amount: '16800.00', refund_status: 'REFUND_SUCCESS', gmt_refund_pay: '2026-05-02 09:00:00' }
        : { code: '10000', msg: 'Success' };
    } else payload = { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' };
    const inner = JSON.stringify(payload);
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(`{"${method.replaceAll('.', '_')}_response":${inner},"sign":"${createSign('RSA-SHA256').update(inner, 'utf8').sign(alipayKeys.privateKey, 'base64')}"}`);
  }
}

let standIn: AlipayRefundStandIn;
let gatewayUrl: string;
beforeAll(async () => {
  standIn = new AlipayRefundStandIn();
  gatewayUrl = await standIn.start();
});
afterAll(async () => {
  await standIn.stop();
});

const request = (refundNo: string) => ({ refundNo, orderNo: 'SM20260501cccccccccccccccccccc', providerTradeNo: '2026050122001400002', refundFen: 200_050, totalFen: 1_680_000, currency: 'CNY', reason: '部分退款' });

describe('AlipayGateway refunds', () => {
  let gateway: AlipayGateway;
  beforeAll(() => {
    gateway = new AlipayGateway({ appId: APP_ID, privateKey: pem(appKeys.privateKey, 'pkcs8'), alipayPublicKey: pem(alipayKeys.publicKey, 'spki'), gateway: gatewayUrl, notifyUrl: 'https://summit.example/api/payment/notify/alipay' });
  });

  it('alipay.trade.refund: signed, out_request_no is our refund number, amount in yuan; fund_change Y is succeeded', async () => {
    const state = await gateway.refund(request('RF20260502aaaaaaaaaaaaaaaaaaaa'));
    expect(state).toEqual({ status: 'succeeded', providerRefundNo: '2026050122001400009', succeededAt: new Date('2026-05-02T01:00:00.000Z') });
    const sent = standIn.calls.at(-1)!;
    expect(sent.signatureValid).toBe(true);
    expect(sent.biz).toMatchObject({ out_trade_no: 'SM20260501cccccccccccccccccccc', trade_no: '2026050122001400002', refund_amount: '2000.50', out_request_no: 'RF20260502aaaaaaaaaaaaaaaaaaaa' });
  });

  it('a repeated request (fund_change N) asks the refund query, which says it went through', async () => {
    const state = await gateway.refund(request('RF20260502aaaaaaaaaaaaaaaaaaaa'));
    expect(state.status).toBe('succeeded');
    expect(standIn.calls.at(-1)?.method).toBe('alipay.trade.fastpay.refund.query');
  });

  it('a business refusal is a failed refund with Alipay\'s reason', async () => {
    standIn.refuse = true;
    try {
      expect(await gateway.refund(request('RF20260502bbbbbbbbbbbbbbbbbbbb'))).toMatchObject({ status: 'failed', reason: expect.stringContaining('ACQ.TRADE_STATUS_ERROR') });
    } finally {
      standIn.refuse = false;
    }
  });

  it('queryRefund: an unknown refund is sent again (idempotent on out_request_no)', async () => {
    const state = await gateway.queryRefund(request('RF20260502cccccccccccccccccccc'));
    expect(state.status).toBe('succeeded');
    expect(standIn.calls.slice(-2).map((c) => c.method)).toEqual(['alipay.trade.fastpay.refund.query', 'alipay.trade.refund']);
  });
});

describe('Alipay refunds in the app', () => {
  let t: TestApp;
  let admin: Staff;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PUBLIC_URL: 'https://summit.example',
        PAYMENT_ALIPAY: 'alipay',
        ALIPAY_APP_ID: APP_ID,
        ALIPAY_PRIVATE_KEY: pem(appKeys.privateKey, 'pkcs1'),
        ALIPAY_PUBLIC_KEY: pem(alipayKeys.publicKey, 'spki'),
        ALIPAY_GATEWAY: gatewayUrl,
      },
    });
    admin = await staffOfType(t, 9, '财务管理员');
  });
  afterAll(async () => {
    await t.close();
  });

  it('a partial refund succeeds synchronously against the original trade; the order stays paid', async () => {
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 1_680_000, gateway: 'alipay' });
    const res = await requestRefund(t.app, admin.token, s.accountId, { order_id: order.orderNo, amount_fen: 200_000, reason: '支付宝部分退款' });
    expect(res.body.data).toMatchObject({ status: 'succeeded', amount_fen: 200_000 });
    const sent = standIn.calls.filter((c) => c.method === 'alipay.trade.refund').at(-1)!;
    expect(sent.biz).toMatchObject({ out_trade_no: order.orderNo, trade_no: order.providerTradeNo, refund_amount: '2000.00', out_request_no: res.body.data!.refund_no });
    expect((await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id)))[0]).toMatchObject({ status: 'paid', refundedFen: 200_000 });
  });

  it('a refused refund is failed and frees the amount again', async () => {
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 500_000, gateway: 'alipay' });
    standIn.refuse = true;
    try {
      const res = await requestRefund(t.app, admin.token, s.accountId, { order_id: order.orderNo, amount_fen: 500_000, reason: '被拒绝' });
      expect(res.body.data).toMatchObject({ status: 'failed', failure_reason: expect.stringContaining('ACQ.TRADE_STATUS_ERROR') });
    } finally {
      standIn.refuse = false;
    }
    const again = await requestRefund(t.app, admin.token, s.accountId, { order_id: order.orderNo, amount_fen: 500_000, reason: '重新退款' });
    expect(again.body.data?.status).toBe('succeeded');
    expect((await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id)))[0]).toMatchObject({ status: 'refunded', refundedFen: 500_000 });
  });

  it('a request whose outcome is unknown stays processing; the reconciler asks Alipay, re-sends it and it succeeds', async () => {
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 300_000, gateway: 'alipay' });
    standIn.dropNext = true;
    const res = await requestRefund(t.app, admin.token, s.accountId, { order_id: order.orderNo, amount_fen: 100_000, reason: '网络中断' });
    expect(res.body.data?.status).toBe('processing');
    t.clock.advance(6 * 60_000);
    await reconcileRefunds({ ctx: t.app.ctx, gateways: t.app.payments, log: t.app.log });
    expect((await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.refundNo, res.body.data!.refund_no)))[0]?.status).toBe('succeeded');
  });
});
