import { createDecipheriv, createHash, createPrivateKey, createPublicKey, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { PAYMENT_TIMING } from '@summit/domain';
import {
  NotificationRejected,
  PaymentGatewayError,
  beijingParts,
  headerOf,
  type CreateProviderOrder,
  type IncomingNotification,
  type NotificationReply,
  type PaymentGateway,
  type ProviderOrderState,
  type ProviderPayInstruction,
  type VerifiedPaymentEvent,
  type JsapiPayParams,
  type ProviderBillLine,
  type VerifiedRefundEvent,
  type ProviderRefundRequest,
  type ProviderRefundState,
} from './payment-provider.ts';

export interface WechatPayOptions {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate (serial_no in Authorization). */
  certSerialNo: string;
  privateKey: string | KeyObject;
  /** 32-character APIv3 key: decrypts notification resources. */
  apiV3Key: string;
  /** WeChat Pay's public key (or a platform certificate's), used to verify responses and notifications. */
  platformPublicKey: string | KeyObject;
  /** The Wechatpay-Serial WeChat Pay signs with; anything else is refused. */
  platformSerial: string;
  apiBase: string;
  notifyUrl: string;
  now: () => Date;
  timeoutMs?: number;
  /** Other app ids bound to this merchant (a mini-program's, an official account's) that JSAPI payments may use. */
  extraAppIds?: string[];
}

const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

/** Builds the v3 signature message: each part followed by a newline, the body empty for GET. */
export function wechatRequestMessage(method: string, pathWithQuery: string, timestamp: string, nonce: string, body: string): string {
  return `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

export function wechatAuthorization(input: { mchId: string; certSerialNo: string; privateKey: KeyObject; method: string; pathWithQuery: string; body: string; timestamp: string; nonce: string }): string {
  const signature = createSign('RSA-SHA256')
    .update(wechatRequestMessage(input.method, input.pathWithQuery, input.timestamp, input.nonce, input.body))
    .sign(input.privateKey, 'base64');
  return `${AUTH_SCHEMA} mchid="${input.mchId}",nonce_str="${input.nonce}",signature="${signature}",timestamp="${input.timestamp}",serial_no="${input.certSerialNo}"`;
}

/** Decrypts a notification resource: AEAD_AES_256_GCM, the last 16 bytes of the ciphertext are the tag. */
export function decryptWechatResource(apiV3Key: string, resource: { ciphertext: string; nonce: string; associated_data?: string | undefined }): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  if (resource.associated_data) decipher.setAAD(Buffer.from(resource.associated_data, 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

const notificationSchema = z.object({
  id: z.string().min(1).max(100),
  event_type: z.string(),
  resource_type: z.string().optional(),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional(),
  }),
});

const transactionSchema = z.object({
  mchid: z.string(),
  appid: z.string().optional(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  success_time: z.string().optional(),
  amount: z.object({ total: z.number().int(), currency: z.string().default('CNY') }).optional(),
});

const refundResourceSchema = z.object({
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  out_refund_no: z.string(),
  refund_id: z.string().optional(),
  refund_status: z.enum(['SUCCESS', 'CLOSED', 'ABNORMAL', 'PROCESSING']),
  success_time: z.string().optional(),
  amount: z.object({ total: z.number().int(), refund: z.number().int() }).optional(),
});

const refundAnswerSchema = z.object({
  refund_id: z.string().optional(),
  out_refund_no: z.string(),
  status: z.enum(['SUCCESS', 'CLOSED', 'PROCESSING', 'ABNORMAL']),
  success_time: z.string().optional(),
});

const billAnswerSchema = z.object({ hash_type: z.literal('SHA1'), hash_value: z.string().regex(/^[0-9a-fA-F]{40}$/), download_url: z.string().url() });

/** The message a JSAPI paySign signs (WeChat Pay v3 JSAPI 调起支付签名). */
export function jsapiSignMessage(p: { appId: string; timeStamp: string; nonceStr: string; package: string }): string {
  return `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
}

/** `500.00` → 50000, exactly (no floating point). */
function yuanToFen(value: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) throw new PaymentGatewayError(`bill amount ${value} is not a yuan amount`);
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -fen : fen;
}

/** `2026-05-01 10:20:30` (Beijing time) → Date. */
function beijingTime(value: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) throw new PaymentGatewayError(`bill time ${value} is not a Beijing time`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]) - 8, Number(m[5]), Number(m[6])));
}

/**
 * Parses a WeChat Pay trade bill (bill_type ALL): a header line, one line per trade with every field prefixed
 * by a backtick (so Excel keeps long numbers), then the summary header and line. SUCCESS lines are payments,
 * REFUND lines refunds (商户退款单号 is our refund number). The summary's count must match, so a cut file fails.
 */
export function parseWechatTradeBill(csv: string): ProviderBillLine[] {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = lines[0]?.split(',').map((h) => h.trim()) ?? [];
  const col = (name: string) => header.indexOf(name);
  const need = ['交易时间', '微信订单号', '商户订单号', '交易状态', '货币种类', '应结订单金额', '商户退款单号', '退款金额'];
  for (const name of need) if (col(name) < 0) throw new PaymentGatewayError(`bill has no ${name} column`);
  const summaryAt = lines.findIndex((l) => l.startsWith('总交易单数'));
  if (summaryAt < 1 || !lines[summaryAt + 1]) throw new PaymentGatewayError('bill has no summary');
  const fieldsOf = (line: string) => (line.startsWith('`') ? line.slice(1).split(',`') : line.split(','));
  const body = lines.slice(1, summaryAt);
  const expected = Number(fieldsOf(lines[summaryAt + 1]!)[0]);
  if (expected !== body.length) throw new PaymentGatewayError(`bill says ${expected} trades but lists ${body.length}`);
  const out: ProviderBillLine[] = [];
  for (const line of body) {
    const f = fieldsOf(line);
    const get = (name: string) => (f[col(name)] ?? '').trim();
    const getOr = (name: string, fallback: string) => (col(name) >= 0 && get(name) !== '' ? get(name) : get(fallback));
    const state = get('交易状态');
    const common = { orderNo: get('商户订单号'), providerTradeNo: get('微信订单号') || null, currency: get('货币种类') || 'CNY', occurredAt: beijingTime(get('交易时间')) };
    if (state === 'SUCCESS') out.push({ kind: 'payment', refundNo: null, amountFen: yuanToFen(getOr('订单金额', '应结订单金额')), ...common });
    else if (state === 'REFUND') out.push({ kind: 'refund', refundNo: get('商户退款单号') || null, amountFen: yuanToFen(getOr('申请退款金额', '退款金额')), ...common });
    // REVOKED and others move no money.
  }
  return out;
}

function pemKey(key: string | KeyObject, kind: 'private' | 'public'): KeyObject {
  if (typeof key !== 'string') return key;
  const pem = key.replace(/\\n/g, '\n');
  return kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
}

/**
 * WeChat Pay API v3 with node:crypto: SHA256-RSA request signing, response and notification signature
 * verification against WeChat Pay's public key, AES-256-GCM notification decryption. Native (scan, code_url)
 * and H5 (wap, h5_url) orders.
 */
export class WechatPayV3Gateway implements PaymentGateway {
  readonly id = 'wechatpay' as const;
  private readonly privateKey: KeyObject;
  private readonly platformKey: KeyObject;

  /** The configured app id and any other of ours a JSAPI payer ticket may name (official account, mini-program). */
  private readonly appIds: Set<string>;

  constructor(private readonly options: WechatPayOptions) {
    this.appIds = new Set([options.appId, ...(options.extraAppIds ?? [])]);
    this.privateKey = pemKey(options.privateKey, 'private');
    this.platformKey = pemKey(options.platformPublicKey, 'public');
    if (Buffer.byteLength(options.apiV3Key, 'utf8') !== 32) throw new Error('WeChat Pay APIv3 key must be 32 bytes');
  }

  /** Checks Wechatpay-* headers over `timestamp\nnonce\nbody\n`; refuses other serials and stale timestamps. */
  verifySignature(headers: IncomingNotification['headers'], body: string): void {
    const timestamp = headerOf(headers, 'wechatpay-timestamp');
    const nonce = headerOf(headers, 'wechatpay-nonce');
    const signature = headerOf(headers, 'wechatpay-signature');
    const serial = headerOf(headers, 'wechatpay-serial');
    if (!timestamp || !nonce || !signature || !serial) throw new NotificationRejected('missing Wechatpay signature headers', 'bad_signature');
    if (serial !== this.options.platformSerial) throw new NotificationRejected(`unknown Wechatpay-Serial ${serial}`, 'bad_signature');
    const ok = createVerify('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).verify(this.platformKey, signature, 'base64');
    if (!ok) throw new NotificationRejected('Wechatpay-Signature does not verify', 'bad_signature');
    const skew = Math.abs(this.options.now().getTime() - Number(timestamp) * 1000);
    if (!Number.isFinite(skew) || skew > PAYMENT_TIMING.notificationSkewMs) throw new NotificationRejected('Wechatpay-Timestamp outside the allowed window', 'stale');
  }

  /** apiBase may carry a path (the in-process stand-in under /__wechat/pay): the signature covers the URL's whole path. */
  private urlOf(pathWithQuery: string): URL {
    return new URL(`${this.options.apiBase.replace(/\/+$/, '')}${pathWithQuery}`);
  }

  private async request(method: 'GET' | 'POST', pathOrUrl: string | URL, payload?: unknown, opts: { unsignedAnswer?: boolean } = {}): Promise<{ status: number; body: string; bytes: Buffer }> {
    const url = typeof pathOrUrl === 'string' ? this.urlOf(pathOrUrl) : pathOrUrl;
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const authorization = wechatAuthorization({
      mchId: this.options.mchId,
      certSerialNo: this.options.certSerialNo,
      privateKey: this.privateKey,
      method,
      pathWithQuery: url.pathname + url.search,
      body,
      timestamp: String(Math.floor(this.options.now().getTime() / 1000)),
      nonce: randomBytes(16).toString('hex'),
    });
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          'user-agent': 'summit-api',
          'wechatpay-serial': this.options.platformSerial,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { body }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new PaymentGatewayError(`WeChat Pay request failed: ${(err as Error).message}`);
    }
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await res.arrayBuffer());
    } catch (err) {
      throw new PaymentGatewayError(`WeChat Pay answer could not be read: ${(err as Error).message}`);
    }
    const text = bytes.toString('utf8');
    // Success answers are signed; an unsigned 2xx is not from WeChat Pay and must not move money. The one
    // exception, a bill file, is vouched for by the hash in the signed tradebill answer instead.
    if (res.ok && text && !opts.unsignedAnswer) {
      try {
        this.verifySignature(Object.fromEntries(res.headers.entries()), text);
      } catch (err) {
        throw new PaymentGatewayError(`WeChat Pay response signature: ${(err as Error).message}`);
      }
    }
    return { status: res.status, body: text, bytes };
  }

  private static errorOf(status: number, body: string): PaymentGatewayError {
    let code: string | undefined;
    let message = body.slice(0, 200);
    try {
      const parsed = JSON.parse(body) as { code?: string; message?: string };
      code = parsed.code;
      message = parsed.message ?? message;
    } catch {
      // Not JSON: keep the raw text.
    }
    return new PaymentGatewayError(`WeChat Pay HTTP ${status} ${code ?? ''} ${message}`.trim(), code);
  }

  async createOrder(order: CreateProviderOrder): Promise<ProviderPayInstruction> {
    const { date, time } = beijingParts(order.expiresAt);
    const common = {
      appid: this.options.appId,
      mchid: this.options.mchId,
      // 127 bytes at most; the Chinese description is far below it.
      description: order.description,
      out_trade_no: order.orderNo,
      time_expire: `${date}T${time}+08:00`,
      notify_url: this.options.notifyUrl,
      amount: { total: order.amountFen, currency: order.currency },
    };
    if (order.kind === 'jsapi') {
      if (!order.payerOpenId) throw new PaymentGatewayError('JSAPI order without a payer open id');
      const appId = order.payerAppId ?? this.options.appId;
      // An open id only means something under its app; an app not bound to this merchant cannot pay here.
      if (!this.appIds.has(appId)) throw new PaymentGatewayError(`JSAPI payer under app ${appId}, which is not bound to this merchant (WECHATPAY_EXTRA_APP_IDS)`);
      const res = await this.request('POST', '/v3/pay/transactions/jsapi', { ...common, appid: appId, payer: { openid: order.payerOpenId } });
      if (res.status !== 200) throw WechatPayV3Gateway.errorOf(res.status, res.body);
      const prepayId = (JSON.parse(res.body) as { prepay_id?: string }).prepay_id;
      if (!prepayId) throw new PaymentGatewayError('WeChat Pay JSAPI answer has no prepay_id');
      return { kind: 'jsapi', params: this.jsapiParams(appId, prepayId) };
    }
    if (order.kind === 'qr') {
      const res = await this.request('POST', '/v3/pay/transactions/native', common);
      if (res.status !== 200) throw WechatPayV3Gateway.errorOf(res.status, res.body);
      const codeUrl = (JSON.parse(res.body) as { code_url?: string }).code_url;
      if (!codeUrl) throw new PaymentGatewayError('WeChat Pay native answer has no code_url');
      return { kind: 'qr', codeUrl };
    }
    const res = await this.request('POST', '/v3/pay/transactions/h5', {
      ...common,
      scene_info: { payer_client_ip: order.clientIp, h5_info: { type: 'Wap' } },
    });
    if (res.status !== 200) throw WechatPayV3Gateway.errorOf(res.status, res.body);
    const h5Url = (JSON.parse(res.body) as { h5_url?: string }).h5_url;
    if (!h5Url) throw new PaymentGatewayError('WeChat Pay H5 answer has no h5_url');
    const url = new URL(h5Url);
    url.searchParams.set('redirect_url', order.returnUrl);
    return { kind: 'redirect', url: url.toString() };
  }

  /** 调起支付 arguments: paySign = RSA-SHA256 over `appId\ntimeStamp\nnonceStr\npackage\n` with the merchant key. */
  jsapiParams(appId: string, prepayId: string): JsapiPayParams {
    const base = {
      appId,
      timeStamp: String(Math.floor(this.options.now().getTime() / 1000)),
      nonceStr: randomBytes(16).toString('hex'),
      package: `prepay_id=${prepayId}`,
    };
    const paySign = createSign('RSA-SHA256').update(jsapiSignMessage(base)).sign(this.privateKey, 'base64');
    return { ...base, signType: 'RSA', paySign };
  }

  async parseNotification(notification: IncomingNotification): Promise<VerifiedPaymentEvent | VerifiedRefundEvent> {
    this.verifySignature(notification.headers, notification.rawBody);
    let envelope: z.infer<typeof notificationSchema>;
    let transaction: z.infer<typeof transactionSchema>;
    try {
      envelope = notificationSchema.parse(JSON.parse(notification.rawBody));
      const plain = JSON.parse(decryptWechatResource(this.options.apiV3Key, envelope.resource)) as unknown;
      if (envelope.event_type.startsWith('REFUND.')) return this.refundEvent(envelope, refundResourceSchema.parse(plain));
      transaction = transactionSchema.parse(plain);
    } catch (err) {
      if (err instanceof NotificationRejected) throw err;
      throw new NotificationRejected(`WeChat Pay notification unreadable: ${(err as Error).message}`, 'malformed');
    }
    // A JSAPI payment may be under another app id of ours (the payer ticket's): the merchant id is what binds it.
    if (transaction.mchid !== this.options.mchId || (transaction.appid !== undefined && !this.appIds.has(transaction.appid))) {
      throw new NotificationRejected('WeChat Pay notification for another merchant or app', 'bad_signature');
    }
    const paid = envelope.event_type === 'TRANSACTION.SUCCESS' && transaction.trade_state === 'SUCCESS';
    return {
      notificationId: envelope.id,
      orderNo: transaction.out_trade_no,
      kind: paid ? 'paid' : 'other',
      amountFen: transaction.amount?.total ?? null,
      currency: transaction.amount?.currency ?? null,
      providerTradeNo: transaction.transaction_id ?? null,
      occurredAt: transaction.success_time ? new Date(transaction.success_time) : null,
    };
  }

  async queryOrder(orderNo: string): Promise<ProviderOrderState> {
    const res = await this.request('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(this.options.mchId)}`);
    if (res.status === 404) return { status: 'pending' };
    if (res.status !== 200) throw WechatPayV3Gateway.errorOf(res.status, res.body);
    const t = transactionSchema.parse(JSON.parse(res.body));
    switch (t.trade_state) {
      case 'SUCCESS':
      case 'REFUND':
        return {
          status: 'paid',
          amountFen: t.amount?.total ?? -1,
          currency: t.amount?.currency ?? 'CNY',
          providerTradeNo: t.transaction_id ?? null,
          paidAt: t.success_time ? new Date(t.success_time) : null,
        };
      case 'CLOSED':
      case 'REVOKED':
      case 'PAYERROR':
        return { status: 'closed' };
      default:
        return { status: 'pending' };
    }
  }

  async closeOrder(orderNo: string): Promise<void> {
    const res = await this.request('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`, { mchid: this.options.mchId });
    if (res.status === 204 || res.status === 200) return;
    const err = WechatPayV3Gateway.errorOf(res.status, res.body);
    // Never created at WeChat Pay (our create call failed half way): nothing to close.
    if (err.providerCode === 'ORDER_NOT_EXIST') return;
    throw err;
  }

  private refundEvent(envelope: z.infer<typeof notificationSchema>, r: z.infer<typeof refundResourceSchema>): VerifiedRefundEvent {
    if (r.mchid !== this.options.mchId) throw new NotificationRejected('WeChat Pay refund notification for another merchant', 'bad_signature');
    const status = envelope.event_type === 'REFUND.SUCCESS' && r.refund_status === 'SUCCESS' ? 'succeeded' : r.refund_status === 'PROCESSING' ? 'processing' : 'failed';
    return {
      notificationId: envelope.id,
      kind: 'refund',
      orderNo: r.out_trade_no,
      refundNo: r.out_refund_no,
      status,
      refundFen: r.amount?.refund ?? null,
      providerRefundNo: r.refund_id ?? null,
      occurredAt: r.success_time ? new Date(r.success_time) : null,
    };
  }

  private static refundState(r: z.infer<typeof refundAnswerSchema>): ProviderRefundState {
    const providerRefundNo = r.refund_id ?? null;
    switch (r.status) {
      case 'SUCCESS':
        return { status: 'succeeded', providerRefundNo, succeededAt: r.success_time ? new Date(r.success_time) : null };
      case 'PROCESSING':
        return { status: 'processing', providerRefundNo };
      // ABNORMAL: the money could not reach the payer's account (card closed…): it needs a person, not a retry.
      default:
        return { status: 'failed', providerRefundNo, reason: r.status };
    }
  }

  /**
   * A definite refusal (4xx with a WeChat code: NOT_ENOUGH, INVALID_REQUEST, RESOURCE_NOT_EXISTS…) is a failed
   * refund; anything else (network, 5xx, 401 signature, 429) throws: nobody knows yet, ask again later.
   */
  private static refundAnswer(res: { status: number; body: string }): ProviderRefundState {
    if (res.status === 200) return WechatPayV3Gateway.refundState(refundAnswerSchema.parse(JSON.parse(res.body)));
    const err = WechatPayV3Gateway.errorOf(res.status, res.body);
    if ((res.status === 400 || res.status === 403 || res.status === 404) && err.providerCode && err.providerCode !== 'SYSTEM_ERROR' && err.providerCode !== 'FREQUENCY_LIMITED') {
      return { status: 'failed', providerRefundNo: null, reason: err.message };
    }
    throw err;
  }

  async refund(request: ProviderRefundRequest): Promise<ProviderRefundState> {
    const res = await this.request('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: request.orderNo,
      out_refund_no: request.refundNo,
      // 80 characters at most, shown to the payer.
      reason: Array.from(request.reason).slice(0, 80).join(''),
      notify_url: this.options.notifyUrl,
      amount: { refund: request.refundFen, total: request.totalFen, currency: request.currency },
    });
    return WechatPayV3Gateway.refundAnswer(res);
  }

  async queryRefund(request: ProviderRefundRequest): Promise<ProviderRefundState> {
    const res = await this.request('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(request.refundNo)}`);
    return WechatPayV3Gateway.refundAnswer(res);
  }

  /**
   * The trade bill of one Beijing day: the signed tradebill answer names a download URL and the file's SHA1;
   * the file is fetched with a signed GET (from WeChat Pay's own host only) and must match the hash.
   */
  async fetchBill(day: string): Promise<ProviderBillLine[]> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new PaymentGatewayError(`bad bill day ${day}`);
    const res = await this.request('GET', `/v3/bill/tradebill?bill_date=${day}&bill_type=ALL`);
    if (res.status !== 200) {
      const err = WechatPayV3Gateway.errorOf(res.status, res.body);
      // No trade that day: WeChat Pay has no bill to give.
      if (err.providerCode === 'NO_STATEMENT_EXIST') return [];
      throw err;
    }
    const answer = billAnswerSchema.parse(JSON.parse(res.body));
    const url = new URL(answer.download_url);
    // The signed download carries our Authorization: never send it anywhere but WeChat Pay's API host.
    if (url.origin !== new URL(this.options.apiBase).origin) throw new PaymentGatewayError(`bill download_url on an unexpected host ${url.origin}`);
    const file = await this.request('GET', url, undefined, { unsignedAnswer: true });
    if (file.status !== 200) throw WechatPayV3Gateway.errorOf(file.status, file.body);
    const hash = createHash('sha1').update(file.bytes).digest('hex');
    if (hash !== answer.hash_value.toLowerCase()) throw new PaymentGatewayError('WeChat Pay bill file does not match its SHA1 hash');
    return parseWechatTradeBill(file.body);
  }

  reply(accepted: boolean): NotificationReply {
    return accepted
      ? { httpStatus: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) }
      : { httpStatus: 400, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }
}
