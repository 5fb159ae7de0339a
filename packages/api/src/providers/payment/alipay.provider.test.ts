import { createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PaymentOrder } from '@summit/domain';
import { paymentOrders } from '../../db/schema-payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { payingStudent, profileOf } from '../../modules/payments/payment-test-kit.ts';
import { AlipayGateway, alipayKeyType } from './alipay.provider.ts';
import { NotificationRejected } from './payment-provider.ts';

const pem = (k: KeyObject, type: 'pkcs8' | 'pkcs1' | 'spki') => k.export({ format: 'pem', type } as never).toString();
const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const APP_ID = '2021000122671080';

/** Alipay's signing content: every field but sign (and, for notifications, sign_type), sorted, k=v joined by &. */
function signContent(fields: Record<string, string>, drop: string[]): string {
  return Object.keys(fields)
    .filter((k) => !drop.includes(k) && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}
const rsa2 = (content: string, key: KeyObject) => createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');

/** A local stand-in for openapi.alipay.com/gateway.do: checks our RSA2 signature, answers signed. */
class AlipayStandIn {
  server!: Server;
  calls: Array<{ method: string; biz: Record<string, unknown>; params: Record<string, string>; signatureValid: boolean }> = [];
  trades = new Map<string, { trade_status: string; total_amount: string }>();

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
    const signatureValid = createVerify('RSA-SHA256').update(signContent(params, ['sign']), 'utf8').verify(app.publicKey, params.sign ?? '', 'base64');
    const method = params.method ?? '';
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
    this.calls.push({ method, biz, params, signatureValid });
    let payload: Record<string, unknown>;
    if (!signatureValid) payload = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' };
    else if (method === 'alipay.trade.precreate') payload = { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, qr_code: 'https://qr.alipay.com/bax08431stand1n' };
    else if (method === 'alipay.trade.query') {
      const trade = this.trades.get(String(biz.out_trade_no));
      payload = trade
        ? { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, trade_no: '2026050122001400001', trade_status: trade.trade_status, total_amount: trade.total_amount, send_pay_date: '2026-05-01 10:20:30' }
        : { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
    } else if (method === 'alipay.trade.close') payload = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
    else payload = { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' };
    const inner = JSON.stringify(payload);
    const responseKey = `${method.replaceAll('.', '_')}_response`;
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(`{"${responseKey}":${inner},"sign":"${rsa2(inner, alipay.privateKey)}"}`);
  }
}

/** An asynchronous notification as Alipay posts it: form fields, RSA2 over the sorted fields. */
function alipayNotification(fields: Record<string, string>, key: KeyObject = alipay.privateKey): string {
  const all = { notify_type: 'trade_status_sync', notify_time: '2026-05-01 10:20:31', charset: 'utf-8', version: '1.0', app_id: APP_ID, ...fields };
  const sign = rsa2(signContent(all, ['sign', 'sign_type']), key);
  return new URLSearchParams({ ...all, sign_type: 'RSA2', sign }).toString();
}

let standIn: AlipayStandIn;
let gatewayUrl: string;
let gateway: AlipayGateway;
beforeAll(async () => {
  standIn = new AlipayStandIn();
  gatewayUrl = await standIn.start();
  gateway = new AlipayGateway({ appId: APP_ID, privateKey: pem(app.privateKey, 'pkcs8'), alipayPublicKey: pem(alipay.publicKey, 'spki'), gateway: gatewayUrl, notifyUrl: 'https://summit.example/api/payment/notify/alipay' });
});
afterAll(async () => {
  await standIn.stop();
});

const order = (orderNo: string, kind: 'qr' | 'redirect', channel: 'scan' | 'alipay_web' | 'alipay_wap') => ({
  orderNo,
  amountFen: 1_680_001,
  currency: 'CNY',
  description: 'Summit 高中生夏季学术项目 学费',
  channel,
  kind,
  expiresAt: new Date('2026-05-01T04:00:00Z'),
  origin: 'https://summit.example',
  returnUrl: 'https://summit.example/student/admission',
  clientIp: '203.0.113.7',
});

const paid = { notify_id: 'ac05099524730693a8b330c5ecf72da9786', out_trade_no: 'SM20260501aaaaaaaaaaaaaaaaaaaa', trade_no: '2026050122001400002', trade_status: 'TRADE_SUCCESS', total_amount: '500.00', gmt_payment: '2026-05-01 10:20:30', subject: 'Summit 高中生夏季学术项目 申请费' };

describe('Alipay orders through the official SDK', () => {
  it('tells PKCS#1 from PKCS#8 keys, PEM or bare', () => {
    expect(alipayKeyType(pem(app.privateKey, 'pkcs1'))).toBe('PKCS1');
    expect(alipayKeyType(pem(app.privateKey, 'pkcs8'))).toBe('PKCS8');
    const bare = (p: string) => p.split('\n').filter((l) => l && !l.startsWith('-----')).join('');
    expect(alipayKeyType(bare(pem(app.privateKey, 'pkcs8')))).toBe('PKCS8');
    expect(alipayKeyType(bare(pem(app.privateKey, 'pkcs1')))).toBe('PKCS1');
  });

  it('scan: alipay.trade.precreate with the amount in yuan, answered (and verified) with qr_code', async () => {
    const pay = await gateway.createOrder(order('SM20260501aaaaaaaaaaaaaaaaaaaa', 'qr', 'scan'));
    expect(pay).toEqual({ kind: 'qr', codeUrl: 'https://qr.alipay.com/bax08431stand1n' });
    const sent = standIn.calls.at(-1)!;
    expect(sent.signatureValid).toBe(true);
    expect(sent.params.notify_url).toBe('https://summit.example/api/payment/notify/alipay');
    expect(sent.biz).toEqual({ out_trade_no: 'SM20260501aaaaaaaaaaaaaaaaaaaa', total_amount: '16800.01', subject: 'Summit 高中生夏季学术项目 学费', time_expire: '2026-05-01 12:00:00' });
  });

  it('web and wap: a signed GET to the cashier with the right product code', async () => {
    for (const [channel, method, productCode] of [
      ['alipay_web', 'alipay.trade.page.pay', 'FAST_INSTANT_TRADE_PAY'],
      ['alipay_wap', 'alipay.trade.wap.pay', 'QUICK_WAP_WAY'],
    ] as const) {
      const pay = await gateway.createOrder(order('SM20260501bbbbbbbbbbbbbbbbbbbb', 'redirect', channel));
      expect(pay.kind).toBe('redirect');
      const url = new URL((pay as { url: string }).url);
      expect(url.origin + url.pathname).toBe(gatewayUrl);
      const params = Object.fromEntries(url.searchParams);
      expect(params.method).toBe(method);
      expect(params.return_url).toBe('https://summit.example/student/admission');
      expect(JSON.parse(params.biz_content ?? '{}')).toMatchObject({ product_code: productCode, total_amount: '16800.01', out_trade_no: 'SM20260501bbbbbbbbbbbbbbbbbbbb' });
      expect(createVerify('RSA-SHA256').update(signContent(params, ['sign']), 'utf8').verify(app.publicKey, params.sign ?? '', 'base64')).toBe(true);
    }
  });

  it('an answer not signed by Alipay is refused', async () => {
    const wrong = new AlipayGateway({ appId: APP_ID, privateKey: pem(app.privateKey, 'pkcs8'), alipayPublicKey: pem(stranger.publicKey, 'spki'), gateway: gatewayUrl, notifyUrl: 'https://summit.example/n' });
    await expect(wrong.createOrder(order('SM20260501cccccccccccccccccccc', 'qr', 'scan'))).rejects.toThrow(/验签失败|sign/i);
  });

  it('queries: not yet scanned → pending; TRADE_SUCCESS → paid in fen; TRADE_CLOSED → closed; close tolerates a missing trade', async () => {
    expect(await gateway.queryOrder('SM20260501nonexistentnonexist')).toEqual({ status: 'pending' });
    standIn.trades.set('SM20260501dddddddddddddddddddd', { trade_status: 'TRADE_SUCCESS', total_amount: '16800.01' });
    expect(await gateway.queryOrder('SM20260501dddddddddddddddddddd')).toEqual({
      status: 'paid',
      amountFen: 1_680_001,
      currency: 'CNY',
      providerTradeNo: '2026050122001400001',
      paidAt: new Date('2026-05-01T02:20:30Z'),
    });
    standIn.trades.set('SM20260501eeeeeeeeeeeeeeeeeeee', { trade_status: 'TRADE_CLOSED', total_amount: '1.00' });
    expect(await gateway.queryOrder('SM20260501eeeeeeeeeeeeeeeeeeee')).toEqual({ status: 'closed' });
    await expect(gateway.closeOrder('SM20260501nonexistentnonexist')).resolves.toBeUndefined();
  });
});

describe('Alipay notifications', () => {
  it('verifies the RSA2 signature with the SDK and reports the payment in fen', async () => {
    expect(await gateway.parseNotification({ headers: {}, rawBody: alipayNotification(paid) })).toEqual({
      notificationId: paid.notify_id,
      orderNo: paid.out_trade_no,
      kind: 'paid',
      amountFen: 50_000,
      currency: 'CNY',
      providerTradeNo: paid.trade_no,
      occurredAt: new Date('2026-05-01T02:20:30Z'),
    });
    expect((await gateway.parseNotification({ headers: {}, rawBody: alipayNotification({ ...paid, trade_status: 'TRADE_CLOSED' }) })).kind).toBe('closed');
    expect((await gateway.parseNotification({ headers: {}, rawBody: alipayNotification({ ...paid, trade_status: 'WAIT_BUYER_PAY' }) })).kind).toBe('other');
  });

  it.each([
    ['signed by another key', () => alipayNotification(paid, stranger.privateKey), 'bad_signature'],
    ['with a changed amount', () => alipayNotification(paid).replace('total_amount=500.00', 'total_amount=0.01'), 'bad_signature'],
    ['without a signature', () => new URLSearchParams(paid).toString(), 'bad_signature'],
    ['for another app', () => alipayNotification({ ...paid, app_id: '2021000000000000' }), 'bad_signature'],
  ] as const)('refuses a notification %s', async (_label, body, reason) => {
    const err = await gateway.parseNotification({ headers: {}, rawBody: body() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotificationRejected);
    expect((err as NotificationRejected).reason).toBe(reason);
  });

  it('answers Alipay in its own format: the text success / fail', () => {
    expect(gateway.reply(true)).toEqual({ httpStatus: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    expect(gateway.reply(false).body).toBe('fail');
  });
});

describe('Alipay configured in the app, end to end', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PUBLIC_URL: 'https://summit.example',
        PAYMENT_ALIPAY: 'alipay',
        ALIPAY_APP_ID: APP_ID,
        ALIPAY_PRIVATE_KEY: pem(app.privateKey, 'pkcs1'),
        ALIPAY_PUBLIC_KEY: pem(alipay.publicKey, 'spki'),
        ALIPAY_GATEWAY: gatewayUrl,
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('scan order, then the signed notification (form body) marks it paid and is answered "success"', async () => {
    const s = await payingStudent(t);
    const res = await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'apply_fee', provider: 'AL', channel: 'scan' } });
    expect(res.body).toMatchObject({ status: 200, data: { pay: { kind: 'qr', code_url: 'https://qr.alipay.com/bax08431stand1n' } } });
    const orderNo = res.body.data!.id;
    const deliver = (body: string) => t.app.inject({ method: 'POST', url: '/api/payment/notify/alipay', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, payload: body });

    const forged = await deliver(alipayNotification({ ...paid, out_trade_no: orderNo }, stranger.privateKey));
    expect([forged.statusCode, forged.body]).toEqual([200, 'fail']);
    const cheap = await deliver(alipayNotification({ ...paid, notify_id: 'n-cheap', out_trade_no: orderNo, total_amount: '0.01' }));
    expect(cheap.body).toBe('fail');
    expect((await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)))[0]?.status).toBe('pending');

    const real = alipayNotification({ ...paid, out_trade_no: orderNo });
    for (const a of await Promise.all([deliver(real), deliver(real), deliver(real)])) expect([a.statusCode, a.body]).toEqual([200, 'success']);
    expect((await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)))[0]).toMatchObject({ status: 'paid', gateway: 'alipay', providerTradeNo: paid.trade_no });
    expect((await profileOf(t.db, s.accountId)).applyPaidAt?.toISOString()).toBe('2026-05-01T02:20:30.000Z');
  });
});
