import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PaymentOrder } from '@summit/domain';
import { paymentNotifications, paymentOrders } from '../../db/schema-payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { payingStudent, profileOf } from '../../modules/payments/payment-test-kit.ts';
import { NotificationRejected, PaymentGatewayError, type ProviderOrderState } from './payment-provider.ts';
import { WechatPayV3Gateway, decryptWechatResource, wechatRequestMessage } from './wechat-pay-v3.provider.ts';

const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ format: 'pem', type }).toString();
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const API_V3_KEY = 'a'.repeat(16) + 'B'.repeat(16);
const MCH_ID = '1900000109';
const APP_ID = 'wxd678efh567hg6787';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0114232134912410000000000000';
const CERT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';

/** A local stand-in for api.mch.weixin.qq.com: checks our signature, answers signed like WeChat Pay. */
class WechatStandIn {
  server!: Server;
  requests: Array<{ method: string; path: string; body: string; authorization: string; signatureValid: boolean }> = [];
  trades = new Map<string, { trade_state: string; total: number; transaction_id?: string; success_time?: string }>();
  signWith: KeyObject = platform.privateKey;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop() {
    return new Promise<void>((r) => this.server.close(() => r()));
  }

  private send(res: ServerResponse, status: number, payload?: unknown) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(this.signWith, 'base64');
    res.writeHead(status, {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': PLATFORM_SERIAL,
    });
    res.end(body);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let body = '';
    for await (const chunk of req) body += chunk;
    const authorization = req.headers.authorization ?? '';
    const fields = Object.fromEntries([...authorization.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const signatureValid =
      authorization.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
      fields.mchid === MCH_ID &&
      fields.serial_no === CERT_SERIAL &&
      createVerify('RSA-SHA256')
        .update(wechatRequestMessage(req.method ?? '', req.url ?? '', fields.timestamp ?? '', fields.nonce_str ?? '', body))
        .verify(merchant.publicKey, fields.signature ?? '', 'base64');
    const path = req.url ?? '';
    this.requests.push({ method: req.method ?? '', path, body, authorization, signatureValid });
    if (!signatureValid) return this.send(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    if (req.method === 'POST' && path === '/v3/pay/transactions/native') {
      const order = JSON.parse(body) as { out_trade_no: string; amount: { total: number } };
      this.trades.set(order.out_trade_no, { trade_state: 'NOTPAY', total: order.amount.total });
      return this.send(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${order.out_trade_no.slice(-6)}` });
    }
    if (req.method === 'POST' && path === '/v3/pay/transactions/h5') {
      return this.send(res, 200, { h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx2016&package=1037687096' });
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)\?mchid=(\d+)$/.exec(path);
    if (req.method === 'GET' && query) {
      const trade = this.trades.get(decodeURIComponent(query[1]!));
      if (!trade) return this.send(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return this.send(res, 200, {
        appid: APP_ID,
        mchid: MCH_ID,
        out_trade_no: query[1],
        trade_state: trade.trade_state,
        transaction_id: trade.transaction_id,
        success_time: trade.success_time,
        amount: { total: trade.total, currency: 'CNY' },
      });
    }
    const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path);
    if (req.method === 'POST' && close) {
      const trade = this.trades.get(decodeURIComponent(close[1]!));
      if (!trade) return this.send(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (trade.trade_state === 'SUCCESS') return this.send(res, 400, { code: 'ORDERPAID', message: '订单已支付' });
      trade.trade_state = 'CLOSED';
      res.writeHead(204);
      return res.end();
    }
    return this.send(res, 404, { code: 'NOT_FOUND' });
  }
}

/** A notification as WeChat Pay sends it: AES-256-GCM resource, signed headers. */
function wechatNotification(opts: { orderNo: string; total: number; id?: string; key?: KeyObject; serial?: string; apiV3Key?: string; at?: Date; mchid?: string }) {
  const resource = JSON.stringify({
    mchid: opts.mchid ?? MCH_ID,
    appid: APP_ID,
    out_trade_no: opts.orderNo,
    transaction_id: '4200000000202605011234567890',
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    success_time: '2026-05-01T10:20:30+08:00',
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: opts.total, payer_total: opts.total, currency: 'CNY', payer_currency: 'CNY' },
  });
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(opts.apiV3Key ?? API_V3_KEY), Buffer.from(nonce));
  cipher.setAAD(Buffer.from('transaction'));
  const ciphertext = Buffer.concat([cipher.update(resource, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
  const body = JSON.stringify({
    id: opts.id ?? `EV-${randomBytes(8).toString('hex')}`,
    create_time: '2026-05-01T10:20:31+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'transaction', nonce },
  });
  const timestamp = String(Math.floor((opts.at ?? new Date()).getTime() / 1000));
  const headerNonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${headerNonce}\n${body}\n`).sign(opts.key ?? platform.privateKey, 'base64');
  return {
    body,
    headers: { 'content-type': 'application/json', 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': headerNonce, 'wechatpay-signature': signature, 'wechatpay-serial': opts.serial ?? PLATFORM_SERIAL },
  };
}

let standIn: WechatStandIn;
let apiBase: string;
let gateway: WechatPayV3Gateway;
beforeAll(async () => {
  standIn = new WechatStandIn();
  apiBase = await standIn.start();
  gateway = new WechatPayV3Gateway({
    mchId: MCH_ID,
    appId: APP_ID,
    certSerialNo: CERT_SERIAL,
    privateKey: pem(merchant.privateKey, 'pkcs8'),
    apiV3Key: API_V3_KEY,
    platformPublicKey: pem(platform.publicKey, 'spki'),
    platformSerial: PLATFORM_SERIAL,
    apiBase,
    notifyUrl: 'https://summit.example/api/payment/notify/wechatpay',
    now: () => new Date(),
  });
});
afterAll(async () => {
  await standIn.stop();
});

const order = (orderNo: string, kind: 'qr' | 'redirect') => ({
  orderNo,
  amountFen: 50_000,
  currency: 'CNY',
  description: 'Summit 高中生夏季学术项目 申请费',
  channel: kind === 'qr' ? ('wechat_scan' as const) : ('wechat_wap' as const),
  kind,
  expiresAt: new Date('2026-05-01T04:00:00Z'),
  origin: 'https://summit.example',
  returnUrl: 'https://summit.example/pay/apply',
  clientIp: '203.0.113.7',
});

describe('WeChat Pay v3 requests', () => {
  it('builds the signature message exactly as the v3 documentation does', () => {
    expect(wechatRequestMessage('GET', '/v3/certificates', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', '')).toBe(
      'GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n',
    );
  });

  it('native order: a signed POST with the v3 fields, answered with code_url', async () => {
    const pay = await gateway.createOrder(order('SM20260501aaaaaaaaaaaaaaaaaaaa', 'qr'));
    expect(pay).toEqual({ kind: 'qr', codeUrl: 'weixin://wxpay/bizpayurl?pr=aaaaaa' });
    const sent = standIn.requests.at(-1)!;
    expect(sent.signatureValid).toBe(true);
    expect(JSON.parse(sent.body)).toEqual({
      appid: APP_ID,
      mchid: MCH_ID,
      description: 'Summit 高中生夏季学术项目 申请费',
      out_trade_no: 'SM20260501aaaaaaaaaaaaaaaaaaaa',
      time_expire: '2026-05-01T12:00:00+08:00',
      notify_url: 'https://summit.example/api/payment/notify/wechatpay',
      amount: { total: 50_000, currency: 'CNY' },
    });
  });

  it('H5 order: scene_info with the payer IP, answered with h5_url plus our redirect_url', async () => {
    const pay = await gateway.createOrder(order('SM20260501bbbbbbbbbbbbbbbbbbbb', 'redirect'));
    expect(pay.kind).toBe('redirect');
    const url = new URL((pay as { url: string }).url);
    expect(url.origin + url.pathname).toBe('https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb');
    expect(url.searchParams.get('redirect_url')).toBe('https://summit.example/pay/apply');
    expect(JSON.parse(standIn.requests.at(-1)!.body).scene_info).toEqual({ payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } });
  });

  it('a request signed with another key is refused by the stand-in, and the gateway reports it', async () => {
    const wrong = new WechatPayV3Gateway({ ...gatewayOptions(), privateKey: stranger.privateKey });
    await expect(wrong.createOrder(order('SM20260501cccccccccccccccccccc', 'qr'))).rejects.toBeInstanceOf(PaymentGatewayError);
    expect(standIn.requests.at(-1)!.signatureValid).toBe(false);
  });

  it('an answer not signed by WeChat Pay is not trusted', async () => {
    standIn.signWith = stranger.privateKey;
    try {
      await expect(gateway.createOrder(order('SM20260501dddddddddddddddddddd', 'qr'))).rejects.toThrow(/signature/);
    } finally {
      standIn.signWith = platform.privateKey;
    }
  });

  it('queries and closes orders', async () => {
    expect(await gateway.queryOrder('SM20260501nonexistentnonexist')).toEqual({ status: 'pending' });
    standIn.trades.set('SM20260501eeeeeeeeeeeeeeeeeeee', { trade_state: 'SUCCESS', total: 50_000, transaction_id: '42000001', success_time: '2026-05-01T10:20:30+08:00' });
    expect(await gateway.queryOrder('SM20260501eeeeeeeeeeeeeeeeeeee')).toEqual<ProviderOrderState>({
      status: 'paid',
      amountFen: 50_000,
      currency: 'CNY',
      providerTradeNo: '42000001',
      paidAt: new Date('2026-05-01T02:20:30Z'),
    });
    standIn.trades.set('SM20260501ffffffffffffffffffff', { trade_state: 'CLOSED', total: 50_000 });
    expect(await gateway.queryOrder('SM20260501ffffffffffffffffffff')).toEqual({ status: 'closed' });
    standIn.trades.set('SM20260501gggggggggggggggggggg', { trade_state: 'USERPAYING', total: 50_000 });
    expect(await gateway.queryOrder('SM20260501gggggggggggggggggggg')).toEqual({ status: 'pending' });
    await gateway.closeOrder('SM20260501gggggggggggggggggggg');
    const close = standIn.requests.at(-1)!;
    expect([close.method, close.path, JSON.parse(close.body), close.signatureValid]).toEqual(['POST', '/v3/pay/transactions/out-trade-no/SM20260501gggggggggggggggggggg/close', { mchid: MCH_ID }, true]);
    expect(await gateway.queryOrder('SM20260501gggggggggggggggggggg')).toEqual({ status: 'closed' });
    // Never created there: nothing to close. Already paid: the provider refuses and so do we.
    await expect(gateway.closeOrder('SM20260501nonexistentnonexist')).resolves.toBeUndefined();
    await expect(gateway.closeOrder('SM20260501eeeeeeeeeeeeeeeeeeee')).rejects.toMatchObject({ providerCode: 'ORDERPAID' });
  });
});

function gatewayOptions() {
  return {
    mchId: MCH_ID,
    appId: APP_ID,
    certSerialNo: CERT_SERIAL,
    privateKey: pem(merchant.privateKey, 'pkcs8'),
    apiV3Key: API_V3_KEY,
    platformPublicKey: pem(platform.publicKey, 'spki'),
    platformSerial: PLATFORM_SERIAL,
    apiBase,
    notifyUrl: 'https://summit.example/api/payment/notify/wechatpay',
    now: () => new Date(),
  };
}

describe('WeChat Pay v3 notifications', () => {
  it('verifies the signature, decrypts the resource and reports the payment', async () => {
    const n = wechatNotification({ orderNo: 'SM20260501aaaaaaaaaaaaaaaaaaaa', total: 50_000, id: 'EV-1' });
    expect(await gateway.parseNotification({ headers: n.headers, rawBody: n.body })).toEqual({
      notificationId: 'EV-1',
      orderNo: 'SM20260501aaaaaaaaaaaaaaaaaaaa',
      kind: 'paid',
      amountFen: 50_000,
      currency: 'CNY',
      providerTradeNo: '4200000000202605011234567890',
      occurredAt: new Date('2026-05-01T02:20:30Z'),
    });
  });

  it.each([
    ['signed by another key', { key: stranger.privateKey }, 'bad_signature'],
    ['another serial', { serial: 'PUB_KEY_ID_OTHER' }, 'bad_signature'],
    ['encrypted with another APIv3 key', { apiV3Key: 'z'.repeat(32) }, 'malformed'],
    ['for another merchant', { mchid: '1900000999' }, 'bad_signature'],
    ['ten minutes old', { at: new Date(Date.now() - 10 * 60_000) }, 'stale'],
  ] as const)('refuses a notification %s', async (_label, opts, reason) => {
    const n = wechatNotification({ orderNo: 'SM20260501aaaaaaaaaaaaaaaaaaaa', total: 50_000, ...opts });
    const err = await gateway.parseNotification({ headers: n.headers, rawBody: n.body }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotificationRejected);
    expect((err as NotificationRejected).reason).toBe(reason);
  });

  it('refuses a body changed after signing', async () => {
    const n = wechatNotification({ orderNo: 'SM20260501aaaaaaaaaaaaaaaaaaaa', total: 50_000 });
    await expect(gateway.parseNotification({ headers: n.headers, rawBody: n.body.replace('支付成功', '支付成功 ') })).rejects.toBeInstanceOf(NotificationRejected);
  });

  it('decryption detects a flipped ciphertext byte (GCM tag)', () => {
    const key = 'k'.repeat(32);
    const nonce = '0123456789ab';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from('certificate'));
    const data = Buffer.concat([cipher.update('{"a":1}', 'utf8'), cipher.final(), cipher.getAuthTag()]);
    expect(decryptWechatResource(key, { ciphertext: data.toString('base64'), nonce, associated_data: 'certificate' })).toBe('{"a":1}');
    data[0] = data[0]! ^ 1;
    expect(() => decryptWechatResource(key, { ciphertext: data.toString('base64'), nonce, associated_data: 'certificate' })).toThrow();
  });
});

describe('WeChat Pay configured in the app, end to end', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PUBLIC_URL: 'https://summit.example',
        PAYMENT_WECHAT: 'wechatpay',
        WECHATPAY_MCH_ID: MCH_ID,
        WECHATPAY_APP_ID: APP_ID,
        WECHATPAY_CERT_SERIAL_NO: CERT_SERIAL,
        // One-line variable with \n escapes, as a deploy would set it.
        WECHATPAY_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8').replace(/\n/g, '\\n'),
        WECHATPAY_API_V3_KEY: API_V3_KEY,
        WECHATPAY_PLATFORM_PUBLIC_KEY: pem(platform.publicKey, 'spki'),
        WECHATPAY_PLATFORM_SERIAL: PLATFORM_SERIAL,
        WECHATPAY_API_BASE: apiBase,
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a student pays by scan; the verified notification marks the order and the status paid', async () => {
    const s = await payingStudent(t);
    const res = await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'apply_fee', provider: 'WX', channel: 'wechat_scan' } });
    expect(res.body).toMatchObject({ status: 200, data: { amount_fen: 50_000, pay: { kind: 'qr' } } });
    const orderNo = res.body.data!.id;
    expect(JSON.parse(standIn.requests.at(-1)!.body)).toMatchObject({ out_trade_no: orderNo, notify_url: 'https://summit.example/api/payment/notify/wechatpay' });

    const deliver = (n: { body: string; headers: Record<string, string> }) => t.app.inject({ method: 'POST', url: '/api/payment/notify/wechatpay', headers: n.headers, payload: n.body });
    const forged = await deliver(wechatNotification({ orderNo, total: 50_000, key: stranger.privateKey }));
    expect([forged.statusCode, forged.json()]).toEqual([400, { code: 'FAIL', message: '失败' }]);
    const cheap = await deliver(wechatNotification({ orderNo, total: 1 }));
    expect(cheap.statusCode).toBe(400);
    expect((await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)))[0]?.status).toBe('pending');

    const real = wechatNotification({ orderNo, total: 50_000, id: 'EV-real' });
    const answers = await Promise.all([deliver(real), deliver(real), deliver(real)]);
    for (const a of answers) expect([a.statusCode, a.json()]).toEqual([200, { code: 'SUCCESS', message: '成功' }]);
    const [row] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo));
    expect(row).toMatchObject({ status: 'paid', gateway: 'wechatpay', providerTradeNo: '4200000000202605011234567890' });
    expect((await profileOf(t.db, s.accountId)).applyPaidAt?.toISOString()).toBe('2026-05-01T02:20:30.000Z');
    const notes = await t.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo));
    expect(notes.map((n) => n.outcome).sort()).toEqual(['amount_mismatch', 'applied']);
  });
});
