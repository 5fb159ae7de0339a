import { createDecipheriv, createPrivateKey, createPublicKey, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
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

  constructor(private readonly options: WechatPayOptions) {
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

  private async request(method: 'GET' | 'POST', pathWithQuery: string, payload?: unknown): Promise<{ status: number; body: string }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const authorization = wechatAuthorization({
      mchId: this.options.mchId,
      certSerialNo: this.options.certSerialNo,
      privateKey: this.privateKey,
      method,
      pathWithQuery,
      body,
      timestamp: String(Math.floor(this.options.now().getTime() / 1000)),
      nonce: randomBytes(16).toString('hex'),
    });
    let res: Response;
    try {
      res = await fetch(new URL(pathWithQuery, this.options.apiBase), {
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
    const text = await res.text();
    // Success answers are signed; an unsigned 2xx is not from WeChat Pay and must not move money.
    if (res.ok && text) {
      try {
        this.verifySignature(Object.fromEntries(res.headers.entries()), text);
      } catch (err) {
        throw new PaymentGatewayError(`WeChat Pay response signature: ${(err as Error).message}`);
      }
    }
    return { status: res.status, body: text };
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

  async parseNotification(notification: IncomingNotification): Promise<VerifiedPaymentEvent> {
    this.verifySignature(notification.headers, notification.rawBody);
    let envelope: z.infer<typeof notificationSchema>;
    let transaction: z.infer<typeof transactionSchema>;
    try {
      envelope = notificationSchema.parse(JSON.parse(notification.rawBody));
      transaction = transactionSchema.parse(JSON.parse(decryptWechatResource(this.options.apiV3Key, envelope.resource)));
    } catch (err) {
      throw new NotificationRejected(`WeChat Pay notification unreadable: ${(err as Error).message}`, 'malformed');
    }
    if (transaction.mchid !== this.options.mchId || (transaction.appid !== undefined && transaction.appid !== this.options.appId)) {
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

  reply(accepted: boolean): NotificationReply {
    return accepted
      ? { httpStatus: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) }
      : { httpStatus: 400, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }
}
