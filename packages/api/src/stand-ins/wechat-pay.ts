import { createCipheriv, createHash, createSign, createVerify, generateKeyPairSync, randomBytes, randomInt, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for WeChat Pay's servers (api.mch.weixin.qq.com, API v3), for tests and the opt-in demo
 * mode PAYMENT_WECHAT=standin (decision 070). It does what the real one does to our requests: it checks OUR
 * request signature (WECHATPAY2-SHA256-RSA2048 with the merchant key) and answers signed with ITS platform key,
 * so the gateway's real signing and verification run. Orders: native, h5, jsapi (prepay), query, close;
 * refunds and refund queries; the trade bill and its download (SHA1 hash); signed, AES-256-GCM encrypted
 * payment and refund notifications to the order's notify_url. Its JSAPI "WeChat app" side (`/jsapi/confirm`)
 * checks paySign against the merchant's public key the way WeChat's JS bridge does before it takes money.
 *
 * State lives in this object's memory: it stands in for someone else's server, for one process (a demo on a
 * laptop, a test file), never for production.
 */

/** Where the demo mode mounts the stand-in in the app (PAYMENT_WECHAT=standin). */
export const WECHAT_PAY_STANDIN_PATH = '/__wechat/pay';

export interface WechatPayStandInKeys {
  mchId: string;
  appId: string;
  /** The merchant API certificate's serial (serial_no in our Authorization). */
  certSerialNo: string;
  merchant: { privateKey: KeyObject; publicKey: KeyObject };
  platform: { privateKey: KeyObject; publicKey: KeyObject };
  platformSerial: string;
  apiV3Key: string;
}

/** Fresh keys for one run (tests, the demo mode at start): nothing secret is ever written to the repository. */
export function generateWechatPayStandInKeys(overrides: Partial<Pick<WechatPayStandInKeys, 'mchId' | 'appId'>> = {}): WechatPayStandInKeys {
  return {
    mchId: overrides.mchId ?? '1900000109',
    appId: overrides.appId ?? 'wxd678efh567hg6787',
    certSerialNo: randomBytes(20).toString('hex').toUpperCase(),
    merchant: generateKeyPairSync('rsa', { modulusLength: 2048 }),
    platform: generateKeyPairSync('rsa', { modulusLength: 2048 }),
    platformSerial: `PUB_KEY_ID_${randomBytes(14).toString('hex').toUpperCase()}`,
    apiV3Key: randomBytes(16).toString('hex'),
  };
}

export const pemOf = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ format: 'pem', type }).toString();

export interface StandInRequest {
  method: string;
  /** Path and query as received (including any mount prefix: that is what the caller signed). */
  url: string;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface StandInResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface StandInTrade {
  outTradeNo: string;
  appId: string;
  tradeType: 'NATIVE' | 'MWEB' | 'JSAPI';
  total: number;
  currency: string;
  description: string;
  notifyUrl: string;
  tradeState: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND' | 'USERPAYING' | 'PAYERROR';
  openId?: string | undefined;
  prepayId?: string | undefined;
  transactionId?: string | undefined;
  successTime?: Date | undefined;
}

export interface StandInRefund {
  outRefundNo: string;
  refundId: string;
  outTradeNo: string;
  refund: number;
  total: number;
  currency: string;
  reason: string;
  notifyUrl: string | undefined;
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
  createdAt: Date;
  successTime?: Date | undefined;
}

export interface SeenRequest {
  method: string;
  path: string;
  body: string;
  authorization: string;
  signatureValid: boolean;
}

/** `2026-05-01T10:20:30+08:00`: WeChat Pay's RFC 3339 times in Beijing time. */
export function beijingRfc3339(date: Date): string {
  return `${beijingStamp(date).replace(' ', 'T')}+08:00`;
}
function beijingStamp(date: Date): string {
  const d = new Date(date.getTime() + 8 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}
const yuan = (fen: number) => `${Math.trunc(fen / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

/** Encrypts a notification resource as WeChat Pay does (AEAD_AES_256_GCM, tag appended). */
export function encryptWechatResource(apiV3Key: string, plaintext: string, associatedData: string): { ciphertext: string; nonce: string; associated_data: string } {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
  return { ciphertext, nonce, associated_data: associatedData };
}

export interface StandInNotification {
  body: string;
  headers: Record<string, string>;
}

export class WechatPayStandIn {
  readonly requests: SeenRequest[] = [];
  readonly trades = new Map<string, StandInTrade>();
  readonly refunds = new Map<string, StandInRefund>();
  /** Tests swap it to see an answer not signed by WeChat Pay refused. */
  signWith: KeyObject;
  /** Tests set it to serve a bill file that does not match the hash it announced. */
  tamperBill = false;
  /** New refunds stay PROCESSING until settleRefund (WeChat's usual) or succeed at once. */
  refundsSettleAtOnce = false;
  private server: Server | undefined;
  private readonly bills = new Map<string, string>();

  constructor(
    readonly keys: WechatPayStandInKeys,
    private readonly options: { basePath?: string; now?: () => Date } = {},
  ) {
    this.signWith = keys.platform.privateKey;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** As a server of its own on a free local port: answers its base URL. */
  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        void this.handle({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body }).then((answer) => {
          res.writeHead(answer.status, answer.headers);
          res.end(answer.body);
        });
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.publicBase = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return `${this.publicBase}${this.options.basePath ?? ''}`;
  }

  stop(): Promise<void> {
    const server = this.server;
    if (!server) return Promise.resolve();
    // As the Stripe stand-in: end keep-alive connections, or close() waits out their idle timeout.
    const closed = new Promise<void>((r) => server.close(() => r()));
    server.closeAllConnections();
    return closed;
  }

  // Signing ---------------------------------------------------------------------------------------------------

  private signed(status: number, payload?: unknown, contentType = 'application/json'): StandInResponse {
    const body = payload === undefined ? '' : typeof payload === 'string' ? payload : JSON.stringify(payload);
    const timestamp = String(Math.floor(this.now().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(this.signWith, 'base64');
    return {
      status,
      headers: {
        'content-type': contentType,
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-signature': signature,
        'wechatpay-serial': this.keys.platformSerial,
      },
      body,
    };
  }

  private error(status: number, code: string, message: string): StandInResponse {
    return this.signed(status, { code, message });
  }

  private verifyAuthorization(req: StandInRequest): { valid: boolean; authorization: string } {
    const raw = req.headers.authorization;
    const authorization = (Array.isArray(raw) ? raw[0] : raw) ?? '';
    const fields = Object.fromEntries([...authorization.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const message = `${req.method}\n${req.url}\n${fields.timestamp ?? ''}\n${fields.nonce_str ?? ''}\n${req.body}\n`;
    const valid =
      authorization.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
      fields.mchid === this.keys.mchId &&
      fields.serial_no === this.keys.certSerialNo &&
      Math.abs(this.now().getTime() / 1000 - Number(fields.timestamp)) < 300 &&
      createVerify('RSA-SHA256').update(message).verify(this.keys.merchant.publicKey, fields.signature ?? '', 'base64');
    return { valid, authorization };
  }

  /** paySign as WeChat's JS bridge checks it: RSA-SHA256 over `appId\ntimeStamp\nnonceStr\npackage\n` with the merchant key. */
  verifyPaySign(p: { appId: string; timeStamp: string; nonceStr: string; package: string; paySign: string }): boolean {
    return createVerify('RSA-SHA256').update(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`).verify(this.keys.merchant.publicKey, p.paySign, 'base64');
  }

  // Routing ---------------------------------------------------------------------------------------------------

  async handle(req: StandInRequest): Promise<StandInResponse> {
    const base = this.options.basePath ?? '';
    const full = req.url;
    const path = base && full.startsWith(base) ? full.slice(base.length) : full;
    // The payer's WeChat app, not the merchant API: no merchant signature, the paySign is what counts.
    if (req.method === 'POST' && path === '/jsapi/confirm') return this.confirmJsapi(req.body);
    if (req.method === 'GET' && path.startsWith('/v3/billdownload/file?')) {
      const { valid, authorization } = this.verifyAuthorization(req);
      this.requests.push({ method: req.method, path: full, body: req.body, authorization, signatureValid: valid });
      if (!valid) return this.error(401, 'SIGN_ERROR', '签名错误');
      return this.downloadBill(new URL(path, 'http://x').searchParams.get('token') ?? '');
    }
    const { valid, authorization } = this.verifyAuthorization(req);
    this.requests.push({ method: req.method, path: full, body: req.body, authorization, signatureValid: valid });
    if (!valid) return this.error(401, 'SIGN_ERROR', '签名错误');

    let json: Record<string, unknown> = {};
    if (req.body) {
      try {
        json = JSON.parse(req.body) as Record<string, unknown>;
      } catch {
        return this.error(400, 'PARAM_ERROR', '请求体不是JSON');
      }
    }
    const [pathname = '', search = ''] = path.split('?');
    const query = new URLSearchParams(search);

    const order = /^\/v3\/pay\/transactions\/(native|h5|jsapi)$/.exec(pathname);
    if (req.method === 'POST' && order) return this.createTrade(order[1] as 'native' | 'h5' | 'jsapi', json, base, full);
    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(pathname);
    if (req.method === 'GET' && byNo) return this.queryTrade(decodeURIComponent(byNo[1]!), query.get('mchid'));
    const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(pathname);
    if (req.method === 'POST' && close) return this.closeTrade(decodeURIComponent(close[1]!));
    if (req.method === 'POST' && pathname === '/v3/refund/domestic/refunds') return this.createRefund(json);
    const refundNo = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(pathname);
    if (req.method === 'GET' && refundNo) {
      const refund = this.refunds.get(decodeURIComponent(refundNo[1]!));
      return refund ? this.signed(200, this.refundView(refund)) : this.error(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    }
    if (req.method === 'GET' && pathname === '/v3/bill/tradebill') return this.tradeBill(query, full, base);
    return this.error(404, 'NOT_FOUND', '接口不存在');
  }

  // Orders ----------------------------------------------------------------------------------------------------

  private createTrade(kind: 'native' | 'h5' | 'jsapi', body: Record<string, unknown>, _base: string, _url: string): StandInResponse {
    const outTradeNo = String(body.out_trade_no ?? '');
    const amount = body.amount as { total?: number; currency?: string } | undefined;
    const payer = body.payer as { openid?: string } | undefined;
    if (!/^[A-Za-z0-9_*|-]{6,32}$/.test(outTradeNo) || !amount?.total || body.mchid !== this.keys.mchId || !body.appid || !body.notify_url) {
      return this.error(400, 'PARAM_ERROR', '参数错误');
    }
    if (kind === 'jsapi' && !payer?.openid) return this.error(400, 'PARAM_ERROR', '缺少 payer.openid');
    const existing = this.trades.get(outTradeNo);
    if (existing && existing.tradeState === 'SUCCESS') return this.error(400, 'ORDERPAID', '订单已支付');
    const trade: StandInTrade = existing ?? {
      outTradeNo,
      appId: String(body.appid),
      tradeType: kind === 'native' ? 'NATIVE' : kind === 'h5' ? 'MWEB' : 'JSAPI',
      total: amount.total,
      currency: amount.currency ?? 'CNY',
      description: String(body.description ?? ''),
      notifyUrl: String(body.notify_url),
      tradeState: 'NOTPAY',
      openId: payer?.openid,
      prepayId: `wx${randomBytes(15).toString('hex')}`,
    };
    this.trades.set(outTradeNo, trade);
    if (kind === 'native') return this.signed(200, { code_url: `weixin://wxpay/bizpayurl?pr=${outTradeNo.slice(-6)}` });
    if (kind === 'h5') return this.signed(200, { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${trade.prepayId}&package=1037687096` });
    return this.signed(200, { prepay_id: trade.prepayId });
  }

  private tradeView(t: StandInTrade) {
    return {
      appid: t.appId,
      mchid: this.keys.mchId,
      out_trade_no: t.outTradeNo,
      transaction_id: t.transactionId,
      trade_type: t.tradeType,
      trade_state: t.tradeState,
      trade_state_desc: t.tradeState,
      success_time: t.successTime ? beijingRfc3339(t.successTime) : undefined,
      payer: t.openId ? { openid: t.openId } : undefined,
      amount: { total: t.total, payer_total: t.total, currency: t.currency, payer_currency: t.currency },
    };
  }

  private queryTrade(outTradeNo: string, mchId: string | null): StandInResponse {
    if (mchId !== this.keys.mchId) return this.error(400, 'PARAM_ERROR', 'mchid 错误');
    const trade = this.trades.get(outTradeNo);
    return trade ? this.signed(200, this.tradeView(trade)) : this.error(404, 'ORDER_NOT_EXIST', '订单不存在');
  }

  private closeTrade(outTradeNo: string): StandInResponse {
    const trade = this.trades.get(outTradeNo);
    if (!trade) return this.error(404, 'ORDER_NOT_EXIST', '订单不存在');
    if (trade.tradeState === 'SUCCESS' || trade.tradeState === 'REFUND') return this.error(400, 'ORDERPAID', '订单已支付');
    trade.tradeState = 'CLOSED';
    return { status: 204, headers: {}, body: '' };
  }

  /** The payer paid (scan, H5 or the JSAPI sheet): the trade turns SUCCESS. */
  markPaid(outTradeNo: string): StandInTrade {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`stand-in: no trade ${outTradeNo}`);
    if (trade.tradeState === 'NOTPAY' || trade.tradeState === 'USERPAYING') {
      trade.tradeState = 'SUCCESS';
      trade.transactionId = `4200${String(randomInt(1e9)).padStart(9, '0')}${Date.now()}`.slice(0, 28);
      trade.successTime = new Date(Math.floor(this.now().getTime() / 1000) * 1000);
    }
    return trade;
  }

  /** The JSAPI sheet's 确认支付: paySign checked as the bridge does, then paid and notified like WeChat Pay. */
  private async confirmJsapi(raw: string): Promise<StandInResponse> {
    let p: { appId?: string; timeStamp?: string; nonceStr?: string; package?: string; paySign?: string };
    try {
      p = JSON.parse(raw) as typeof p;
    } catch {
      return this.plain(400, { err_msg: 'get_brand_wcpay_request:fail' });
    }
    const prepayId = /^prepay_id=(.+)$/.exec(p.package ?? '')?.[1];
    const trade = [...this.trades.values()].find((t) => t.prepayId === prepayId && t.tradeType === 'JSAPI');
    const signOk = Boolean(p.appId && p.timeStamp && p.nonceStr && p.package && p.paySign) && this.verifyPaySign(p as Required<typeof p>);
    if (!trade || !signOk || trade.appId !== p.appId) return this.plain(400, { err_msg: 'get_brand_wcpay_request:fail' });
    if (trade.tradeState !== 'NOTPAY') return this.plain(400, { err_msg: 'get_brand_wcpay_request:fail', state: trade.tradeState });
    this.markPaid(trade.outTradeNo);
    await this.deliver(trade.notifyUrl, this.paymentNotification(trade.outTradeNo));
    return this.plain(200, { err_msg: 'get_brand_wcpay_request:ok' });
  }

  private plain(status: number, payload: unknown): StandInResponse {
    return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(payload) };
  }

  // Refunds ---------------------------------------------------------------------------------------------------

  private refundView(r: StandInRefund) {
    return {
      refund_id: r.refundId,
      out_refund_no: r.outRefundNo,
      transaction_id: this.trades.get(r.outTradeNo)?.transactionId,
      out_trade_no: r.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      success_time: r.successTime ? beijingRfc3339(r.successTime) : undefined,
      create_time: beijingRfc3339(r.createdAt),
      status: r.status,
      amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund, settlement_refund: r.refund, discount_refund: 0, currency: r.currency },
    };
  }

  private refundedSoFar(outTradeNo: string): number {
    let sum = 0;
    for (const r of this.refunds.values()) if (r.outTradeNo === outTradeNo && r.status !== 'CLOSED' && r.status !== 'ABNORMAL') sum += r.refund;
    return sum;
  }

  private createRefund(body: Record<string, unknown>): StandInResponse {
    const outRefundNo = String(body.out_refund_no ?? '');
    const amount = body.amount as { refund?: number; total?: number; currency?: string } | undefined;
    if (!outRefundNo || !amount?.refund || !amount.total || !body.out_trade_no) return this.error(400, 'PARAM_ERROR', '参数错误');
    // The same out_refund_no again is the same refund (idempotent).
    const known = this.refunds.get(outRefundNo);
    if (known) return this.signed(200, this.refundView(known));
    const trade = this.trades.get(String(body.out_trade_no));
    if (!trade) return this.error(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (trade.tradeState !== 'SUCCESS' && trade.tradeState !== 'REFUND') return this.error(400, 'INVALID_REQUEST', '订单未支付');
    if (amount.total !== trade.total) return this.error(400, 'PARAM_ERROR', '订单金额与原订单不一致');
    if (this.refundedSoFar(trade.outTradeNo) + amount.refund > trade.total) return this.error(400, 'NOT_ENOUGH', '退款金额超过订单可退金额');
    const refund: StandInRefund = {
      outRefundNo,
      refundId: `50${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e9)).padStart(9, '0')}`,
      outTradeNo: trade.outTradeNo,
      refund: amount.refund,
      total: amount.total,
      currency: amount.currency ?? 'CNY',
      reason: String(body.reason ?? ''),
      notifyUrl: typeof body.notify_url === 'string' ? body.notify_url : undefined,
      status: 'PROCESSING',
      createdAt: this.now(),
    };
    this.refunds.set(outRefundNo, refund);
    trade.tradeState = 'REFUND';
    if (this.refundsSettleAtOnce) this.settle(refund, 'SUCCESS');
    return this.signed(200, this.refundView(refund));
  }

  private settle(refund: StandInRefund, status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED') {
    refund.status = status;
    if (status === 'SUCCESS') refund.successTime = new Date(Math.floor(this.now().getTime() / 1000) * 1000);
  }

  /** The refund reached the payer (or not): its state changes and WeChat Pay notifies the refund's notify_url. */
  async settleRefund(outRefundNo: string, status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED' = 'SUCCESS', opts: { deliver?: boolean } = {}): Promise<StandInNotification> {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new Error(`stand-in: no refund ${outRefundNo}`);
    this.settle(refund, status);
    const n = this.refundNotification(outRefundNo);
    if (opts.deliver !== false && refund.notifyUrl) await this.deliver(refund.notifyUrl, n);
    return n;
  }

  // Notifications ---------------------------------------------------------------------------------------------

  private notification(eventType: string, summary: string, originalType: 'transaction' | 'refund', resource: unknown, opts: { id?: string; at?: Date } = {}): StandInNotification {
    const at = opts.at ?? this.now();
    const body = JSON.stringify({
      id: opts.id ?? randomBytes(18).toString('hex'),
      create_time: beijingRfc3339(at),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: { original_type: originalType, algorithm: 'AEAD_AES_256_GCM', ...encryptWechatResource(this.keys.apiV3Key, JSON.stringify(resource), originalType) },
    });
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(this.signWith, 'base64');
    return {
      body,
      headers: { 'content-type': 'application/json', 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': nonce, 'wechatpay-signature': signature, 'wechatpay-serial': this.keys.platformSerial },
    };
  }

  /** TRANSACTION.SUCCESS for a paid trade. */
  paymentNotification(outTradeNo: string, opts: { id?: string; at?: Date } = {}): StandInNotification {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`stand-in: no trade ${outTradeNo}`);
    return this.notification('TRANSACTION.SUCCESS', '支付成功', 'transaction', this.tradeView(trade), opts);
  }

  /** REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED for a refund in that state. */
  refundNotification(outRefundNo: string, opts: { id?: string; at?: Date } = {}): StandInNotification {
    const r = this.refunds.get(outRefundNo);
    if (!r) throw new Error(`stand-in: no refund ${outRefundNo}`);
    const event = r.status === 'SUCCESS' ? 'REFUND.SUCCESS' : r.status === 'CLOSED' ? 'REFUND.CLOSED' : 'REFUND.ABNORMAL';
    return this.notification(event, event === 'REFUND.SUCCESS' ? '退款成功' : '退款异常', 'refund', {
      mchid: this.keys.mchId,
      out_trade_no: r.outTradeNo,
      transaction_id: this.trades.get(r.outTradeNo)?.transactionId,
      out_refund_no: r.outRefundNo,
      refund_id: r.refundId,
      refund_status: r.status,
      success_time: r.successTime ? beijingRfc3339(r.successTime) : undefined,
      user_received_account: '支付用户零钱',
      amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund },
    }, opts);
  }

  /** Posts a notification as WeChat Pay does; answers our HTTP status. */
  async deliver(url: string, n: StandInNotification): Promise<number> {
    try {
      const res = await fetch(url, { method: 'POST', headers: n.headers, body: n.body, signal: AbortSignal.timeout(10_000) });
      await res.text();
      return res.status;
    } catch {
      return 0;
    }
  }

  // Bills -----------------------------------------------------------------------------------------------------

  /** The trade bill of one Beijing day as WeChat Pay writes it: backtick-prefixed fields, a summary at the end. */
  billCsv(day: string): string {
    const header = '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
    const rows: string[] = [];
    let paidFen = 0;
    let refundFen = 0;
    const row = (fields: string[]) => fields.map((f) => `\`${f}`).join(',');
    for (const t of this.trades.values()) {
      if (!t.successTime || beijingStamp(t.successTime).slice(0, 10) !== day) continue;
      paidFen += t.total;
      rows.push(row([beijingStamp(t.successTime), t.appId, this.keys.mchId, '0', '', t.transactionId ?? '', t.outTradeNo, t.openId ?? '', t.tradeType, 'SUCCESS', 'OTHERS', t.currency, yuan(t.total), '0.00', '0', '0', '0.00', '0.00', '', '', t.description, '', '0.00000', '0.60%', yuan(t.total), '0.00', '']));
    }
    for (const r of this.refunds.values()) {
      if (r.status !== 'SUCCESS' || !r.successTime || beijingStamp(r.successTime).slice(0, 10) !== day) continue;
      const t = this.trades.get(r.outTradeNo);
      refundFen += r.refund;
      rows.push(row([beijingStamp(r.successTime), t?.appId ?? this.keys.appId, this.keys.mchId, '0', '', t?.transactionId ?? '', r.outTradeNo, t?.openId ?? '', t?.tradeType ?? 'NATIVE', 'REFUND', 'OTHERS', r.currency, '0.00', '0.00', r.refundId, r.outRefundNo, yuan(r.refund), '0.00', 'ORIGINAL', 'SUCCESS', t?.description ?? '', '', '0.00000', '0.60%', '0.00', yuan(r.refund), '']));
    }
    const summaryHeader = '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额';
    const summary = row([String(rows.length), yuan(paidFen), yuan(refundFen), '0.00', '0.00000', yuan(paidFen), yuan(refundFen)]);
    return `${header}\r\n${rows.map((r) => `${r}\r\n`).join('')}${summaryHeader}\r\n${summary}\r\n`;
  }

  private tradeBill(query: URLSearchParams, _url: string, base: string): StandInResponse {
    const day = query.get('bill_date') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return this.error(400, 'PARAM_ERROR', 'bill_date 格式错误');
    const csv = this.billCsv(day);
    // As WeChat Pay: a day without a trade has no bill at all.
    if (csv.includes('\r\n`0,')) return this.error(400, 'NO_STATEMENT_EXIST', '账单文件不存在');
    const token = randomBytes(12).toString('hex');
    this.bills.set(token, csv);
    return this.signed(200, {
      hash_type: 'SHA1',
      hash_value: createHash('sha1').update(csv, 'utf8').digest('hex'),
      download_url: `${this.publicBase ?? ''}${base}/v3/billdownload/file?token=${token}`,
    });
  }

  /** Where the stand-in is reached (download_url is absolute, as WeChat Pay's is). Set by start() or the mount. */
  publicBase: string | undefined;

  private downloadBill(token: string): StandInResponse {
    const csv = this.bills.get(token);
    if (csv === undefined) return this.error(404, 'RESOURCE_NOT_EXISTS', '账单不存在');
    // The file itself is not signed: the hash in the signed tradebill answer vouches for it.
    const body = this.tamperBill ? csv.replace(/`(\d+\.\d\d)/, (_m, amount: string) => `\`${(Number(amount) + 1).toFixed(2)}`) : csv;
    return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body };
  }
}
