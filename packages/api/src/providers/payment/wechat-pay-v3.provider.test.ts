import { createCipheriv, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PaymentOrder } from '@summit/domain';
import { paymentNotifications, paymentOrders } from '../../db/schema-payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { payingStudent, profileOf } from '../../modules/payments/payment-test-kit.ts';
import { NotificationRejected, PaymentGatewayError, type ProviderOrderState } from './payment-provider.ts';
import { WechatPayV3Gateway, decryptWechatResource, parseWechatTradeBill, wechatRequestMessage } from './wechat-pay-v3.provider.ts';
import { WechatPayStandIn, type StandInTrade, type WechatPayStandInKeys } from '../../stand-ins/wechat-pay.ts';

const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ format: 'pem', type }).toString();
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const API_V3_KEY = 'a'.repeat(16) + 'B'.repeat(16);
const MCH_ID = '1900000109';
const APP_ID = 'wxd678efh567hg6787';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0114232134912410000000000000';
const CERT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';

const keys: WechatPayStandInKeys = {
  mchId: MCH_ID,
  appId: APP_ID,
  certSerialNo: CERT_SERIAL,
  merchant,
  platform,
  platformSerial: PLATFORM_SERIAL,
  apiV3Key: API_V3_KEY,
};

/** A trade the stand-in holds, as the old hand-written one took it. */
function seedTrade(orderNo: string, t: { trade_state: StandInTrade['tradeState']; total: number; transaction_id?: string; success_time?: string }) {
  standIn.trades.set(orderNo, {
    outTradeNo: orderNo,
    appId: APP_ID,
    tradeType: 'NATIVE',
    total: t.total,
    currency: 'CNY',
    description: '申请费',
    notifyUrl: 'https://summit.example/api/payment/notify/wechatpay',
    tradeState: t.trade_state,
    transactionId: t.transaction_id,
    successTime: t.success_time ? new Date(t.success_time) : undefined,
  });
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

let standIn: WechatPayStandIn;
let apiBase: string;
let gateway: WechatPayV3Gateway;
beforeAll(async () => {
  standIn = new WechatPayStandIn(keys);
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
    seedTrade('SM20260501eeeeeeeeeeeeeeeeeeee', { trade_state: 'SUCCESS', total: 50_000, transaction_id: '42000001', success_time: '2026-05-01T10:20:30+08:00' });
    expect(await gateway.queryOrder('SM20260501eeeeeeeeeeeeeeeeeeee')).toEqual<ProviderOrderState>({
      status: 'paid',
      amountFen: 50_000,
      currency: 'CNY',
      providerTradeNo: '42000001',
      paidAt: new Date('2026-05-01T02:20:30Z'),
    });
    seedTrade('SM20260501ffffffffffffffffffff', { trade_state: 'CLOSED', total: 50_000 });
    expect(await gateway.queryOrder('SM20260501ffffffffffffffffffff')).toEqual({ status: 'closed' });
    seedTrade('SM20260501gggggggggggggggggggg', { trade_state: 'USERPAYING', total: 50_000 });
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

describe('WeChat Pay v3 JSAPI', () => {
  const jsapiOrder = (orderNo: string, payer: { openId?: string; appId?: string } = { openId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }) => ({
    ...order(orderNo, 'qr'),
    kind: 'jsapi' as const,
    channel: 'wechat_mp' as const,
    ...(payer.openId ? { payerOpenId: payer.openId } : {}),
    ...(payer.appId ? { payerAppId: payer.appId } : {}),
  });

  it('prepays with payer.openid and answers bridge parameters whose paySign WeChat accepts', async () => {
    const pay = await gateway.createOrder(jsapiOrder('SM20260501jjjjjjjjjjjjjjjjjjjj'));
    const sent = standIn.requests.at(-1)!;
    expect([sent.method, sent.path, sent.signatureValid]).toEqual(['POST', '/v3/pay/transactions/jsapi', true]);
    expect(JSON.parse(sent.body)).toMatchObject({ appid: APP_ID, mchid: MCH_ID, out_trade_no: 'SM20260501jjjjjjjjjjjjjjjjjjjj', payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }, amount: { total: 50_000, currency: 'CNY' } });
    expect(pay.kind).toBe('jsapi');
    const params = (pay as Extract<typeof pay, { kind: 'jsapi' }>).params;
    const trade = standIn.trades.get('SM20260501jjjjjjjjjjjjjjjjjjjj')!;
    expect(params).toMatchObject({ appId: APP_ID, package: `prepay_id=${trade.prepayId}`, signType: 'RSA' });
    expect(params.timeStamp).toMatch(/^\d{10}$/);
    // The bridge's check: RSA-SHA256 over appId\ntimeStamp\nnonceStr\npackage\n with the merchant's public key.
    expect(standIn.verifyPaySign(params)).toBe(true);
    expect(standIn.verifyPaySign({ ...params, package: 'prepay_id=wx_other' })).toBe(false);
    expect(standIn.verifyPaySign({ ...params, timeStamp: String(Number(params.timeStamp) + 1) })).toBe(false);

    // The payer confirms in the (stand-in) WeChat app: a forged sign is refused, the real one pays.
    trade.notifyUrl = 'http://127.0.0.1:9/unreachable';
    const confirm = (p: object) => standIn.handle({ method: 'POST', url: '/jsapi/confirm', headers: {}, body: JSON.stringify(p) });
    expect((await confirm({ ...params, paySign: params.paySign.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) })).status).toBe(400);
    expect(trade.tradeState).toBe('NOTPAY');
    expect(JSON.parse((await confirm(params)).body)).toEqual({ err_msg: 'get_brand_wcpay_request:ok' });
    expect(await gateway.queryOrder('SM20260501jjjjjjjjjjjjjjjjjjjj')).toMatchObject({ status: 'paid', amountFen: 50_000 });
    // A payment notification for the JSAPI trade parses like any other.
    const n = standIn.paymentNotification('SM20260501jjjjjjjjjjjjjjjjjjjj');
    expect(await gateway.parseNotification({ headers: n.headers, rawBody: n.body })).toMatchObject({ kind: 'paid', orderNo: 'SM20260501jjjjjjjjjjjjjjjjjjjj', amountFen: 50_000 });
  });

  it('refuses a JSAPI order without an open id, or for an app not bound to the merchant', async () => {
    const before = standIn.requests.length;
    await expect(gateway.createOrder(jsapiOrder('SM20260501kkkkkkkkkkkkkkkkkkkk', {}))).rejects.toBeInstanceOf(PaymentGatewayError);
    await expect(gateway.createOrder(jsapiOrder('SM20260501kkkkkkkkkkkkkkkkkkkk', { openId: 'o1', appId: 'wxnotours' }))).rejects.toThrow(/not bound/);
    expect(standIn.requests.length).toBe(before);
    const other = new WechatPayV3Gateway({ ...gatewayOptions(), extraAppIds: ['wxminiprogram0001'] });
    const pay = await other.createOrder(jsapiOrder('SM20260501llllllllllllllllllll', { openId: 'o2', appId: 'wxminiprogram0001' }));
    expect(pay).toMatchObject({ kind: 'jsapi', params: { appId: 'wxminiprogram0001' } });
    expect(JSON.parse(standIn.requests.at(-1)!.body).appid).toBe('wxminiprogram0001');
  });
});

describe('WeChat Pay v3 refunds', () => {
  const refundReq = (refundNo: string, refundFen: number, orderNo = 'SM20260501rrrrrrrrrrrrrrrrrrrr') => ({
    refundNo,
    orderNo,
    providerTradeNo: '42000009',
    refundFen,
    totalFen: 50_000,
    currency: 'CNY',
    reason: '线上转线下差价退款',
  });

  it('asks for a refund with a signed POST, idempotent on out_refund_no, never above what is left', async () => {
    seedTrade('SM20260501rrrrrrrrrrrrrrrrrrrr', { trade_state: 'SUCCESS', total: 50_000, transaction_id: '42000009', success_time: '2026-05-01T10:20:30+08:00' });
    const first = await gateway.refund(refundReq('RF20260501a0000000000001', 20_000));
    expect(first).toMatchObject({ status: 'processing', providerRefundNo: expect.stringMatching(/^50\d+/) });
    const sent = standIn.requests.at(-1)!;
    expect([sent.method, sent.path, sent.signatureValid]).toEqual(['POST', '/v3/refund/domestic/refunds', true]);
    expect(JSON.parse(sent.body)).toEqual({
      out_trade_no: 'SM20260501rrrrrrrrrrrrrrrrrrrr',
      out_refund_no: 'RF20260501a0000000000001',
      reason: '线上转线下差价退款',
      notify_url: 'https://summit.example/api/payment/notify/wechatpay',
      amount: { refund: 20_000, total: 50_000, currency: 'CNY' },
    });
    // The same refund number again: the same refund, not a second one.
    expect(await gateway.refund(refundReq('RF20260501a0000000000001', 20_000))).toEqual(first);
    expect(standIn.refunds.size).toBeGreaterThanOrEqual(1);
    // 200 + 301 > 500 yuan: WeChat refuses, and that is a failed refund, not an exception.
    expect(await gateway.refund(refundReq('RF20260501a0000000000002', 30_100))).toMatchObject({ status: 'failed', reason: expect.stringContaining('NOT_ENOUGH') });
    expect(await gateway.refund(refundReq('RF20260501a0000000000003', 100, 'SM20260501nonexistentnonexist'))).toMatchObject({ status: 'failed' });
  });

  it('queries refunds and maps SUCCESS, PROCESSING, ABNORMAL and CLOSED', async () => {
    seedTrade('SM20260501qqqqqqqqqqqqqqqqqqqq', { trade_state: 'SUCCESS', total: 50_000, transaction_id: '42000010', success_time: '2026-05-01T10:20:30+08:00' });
    for (const [no, settle, expected] of [
      ['RF20260501b0000000000001', null, 'processing'],
      ['RF20260501b0000000000002', 'SUCCESS', 'succeeded'],
      ['RF20260501b0000000000003', 'ABNORMAL', 'failed'],
      ['RF20260501b0000000000004', 'CLOSED', 'failed'],
    ] as const) {
      await gateway.refund(refundReq(no, 1_000, 'SM20260501qqqqqqqqqqqqqqqqqqqq'));
      if (settle) await standIn.settleRefund(no, settle, { deliver: false });
      const state = await gateway.queryRefund(refundReq(no, 1_000, 'SM20260501qqqqqqqqqqqqqqqqqqqq'));
      expect(state.status).toBe(expected);
      const sent = standIn.requests.at(-1)!;
      expect([sent.method, sent.path, sent.signatureValid]).toEqual(['GET', `/v3/refund/domestic/refunds/${no}`, true]);
      if (state.status === 'succeeded') expect(state.succeededAt).toBeInstanceOf(Date);
    }
    expect(await gateway.queryRefund(refundReq('RF20260501nonexistent0001', 1_000))).toMatchObject({ status: 'failed', reason: expect.stringContaining('RESOURCE_NOT_EXISTS') });
  });

  it('decrypts refund notifications into refund events; a forged or replayed-late one is refused', async () => {
    seedTrade('SM20260501nnnnnnnnnnnnnnnnnnnn', { trade_state: 'SUCCESS', total: 50_000, transaction_id: '42000011', success_time: '2026-05-01T10:20:30+08:00' });
    await gateway.refund(refundReq('RF20260501c0000000000001', 12_345, 'SM20260501nnnnnnnnnnnnnnnnnnnn'));
    const n = await standIn.settleRefund('RF20260501c0000000000001', 'SUCCESS', { deliver: false });
    const event = await gateway.parseNotification({ headers: n.headers, rawBody: n.body });
    expect(event).toEqual({
      notificationId: JSON.parse(n.body).id,
      kind: 'refund',
      orderNo: 'SM20260501nnnnnnnnnnnnnnnnnnnn',
      refundNo: 'RF20260501c0000000000001',
      status: 'succeeded',
      refundFen: 12_345,
      providerRefundNo: standIn.refunds.get('RF20260501c0000000000001')!.refundId,
      occurredAt: expect.any(Date),
    });
    await gateway.refund(refundReq('RF20260501c0000000000002', 1, 'SM20260501nnnnnnnnnnnnnnnnnnnn'));
    const abnormal = await standIn.settleRefund('RF20260501c0000000000002', 'ABNORMAL', { deliver: false });
    expect(await gateway.parseNotification({ headers: abnormal.headers, rawBody: abnormal.body })).toMatchObject({ kind: 'refund', status: 'failed', refundNo: 'RF20260501c0000000000002' });
    // Changed after signing, or captured and replayed ten minutes later: refused before anything is read.
    await expect(gateway.parseNotification({ headers: n.headers, rawBody: n.body.replace('退款成功', '退款成功 ') })).rejects.toMatchObject({ reason: 'bad_signature' });
    const late = standIn.refundNotification('RF20260501c0000000000001', { at: new Date(Date.now() - 10 * 60_000) });
    await expect(gateway.parseNotification({ headers: late.headers, rawBody: late.body })).rejects.toMatchObject({ reason: 'stale' });
  });
});

describe('WeChat Pay v3 trade bill', () => {
  it('downloads the day bill with a signed GET, checks its SHA1 and parses payments and refunds', async () => {
    const paidAt = '2026-04-20T09:15:00+08:00';
    seedTrade('SM20260420bill00000000000000001', { trade_state: 'SUCCESS', total: 1_680_000, transaction_id: '4200000000000000000000000001', success_time: paidAt });
    seedTrade('SM20260420bill00000000000000002', { trade_state: 'SUCCESS', total: 50_000, transaction_id: '4200000000000000000000000002', success_time: '2026-04-20T23:59:59+08:00' });
    seedTrade('SM20260421bill00000000000000003', { trade_state: 'SUCCESS', total: 50_000, transaction_id: '4200000000000000000000000003', success_time: '2026-04-21T00:00:01+08:00' });
    standIn.refunds.set('RF20260420d0000000000001', {
      outRefundNo: 'RF20260420d0000000000001',
      refundId: '50000000000000000000000001',
      outTradeNo: 'SM20260420bill00000000000000001',
      refund: 200_050,
      total: 1_680_000,
      currency: 'CNY',
      reason: '差价',
      notifyUrl: undefined,
      status: 'SUCCESS',
      createdAt: new Date(),
      successTime: new Date('2026-04-20T12:00:00+08:00'),
    });
    const lines = await gateway.fetchBill('2026-04-20');
    const [meta, download] = standIn.requests.slice(-2);
    expect([meta!.method, meta!.path, meta!.signatureValid]).toEqual(['GET', '/v3/bill/tradebill?bill_date=2026-04-20&bill_type=ALL', true]);
    expect([download!.method, download!.path.split('?')[0], download!.signatureValid]).toEqual(['GET', '/v3/billdownload/file', true]);
    expect(lines).toEqual([
      { kind: 'payment', orderNo: 'SM20260420bill00000000000000001', refundNo: null, providerTradeNo: '4200000000000000000000000001', amountFen: 1_680_000, currency: 'CNY', occurredAt: new Date(paidAt) },
      { kind: 'payment', orderNo: 'SM20260420bill00000000000000002', refundNo: null, providerTradeNo: '4200000000000000000000000002', amountFen: 50_000, currency: 'CNY', occurredAt: new Date('2026-04-20T15:59:59Z') },
      { kind: 'refund', orderNo: 'SM20260420bill00000000000000001', refundNo: 'RF20260420d0000000000001', providerTradeNo: '4200000000000000000000000001', amountFen: 200_050, currency: 'CNY', occurredAt: new Date('2026-04-20T04:00:00Z') },
    ]);
  });

  it('refuses a bill file that does not match the announced hash', async () => {
    standIn.tamperBill = true;
    try {
      await expect(gateway.fetchBill('2026-04-20')).rejects.toThrow(/SHA1/);
    } finally {
      standIn.tamperBill = false;
    }
  });

  it('parses the bill format: backticks, commas in names, the summary count', () => {
    const header = '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
    const row = '`2026-04-20 09:15:00,`wx1,`1900000109,`0,`,`42001,`SM1,`o1,`JSAPI,`SUCCESS,`CMC,`CNY,`16800.00,`0.00,`0,`0,`0.00,`0.00,`,`,`Summit, 学费,`,`0.10080,`0.60%,`16800.00,`0.00,`';
    const revoked = row.replace('`SUCCESS', '`REVOKED').replace('`SM1', '`SM2');
    const summary = '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额\r\n`2,`16800.00,`0.00,`0.00,`0.10080,`16800.00,`0.00';
    expect(parseWechatTradeBill(`${header}\r\n${row}\r\n${revoked}\r\n${summary}\r\n`)).toEqual([
      { kind: 'payment', orderNo: 'SM1', refundNo: null, providerTradeNo: '42001', amountFen: 1_680_000, currency: 'CNY', occurredAt: new Date('2026-04-20T01:15:00Z') },
    ]);
    // A file cut short (the summary says 3 trades) is refused rather than half-reconciled.
    expect(() => parseWechatTradeBill(`${header}\r\n${row}\r\n${summary.replace('`2,', '`3,')}\r\n`)).toThrow(/3 trades/);
    expect(() => parseWechatTradeBill('交易时间,商户订单号\r\n')).toThrow();
  });

  it('a day without trades has no bill', async () => {
    // The stand-in always has a bill; WeChat Pay answers NO_STATEMENT_EXIST, which the gateway reads as empty.
    expect(await gateway.fetchBill('2020-01-01')).toEqual([]);
  });
});
