/**
 * NHP, the week camps' partner payment channel (docs/decisions/076-nhp-provider.md), behind the one
 * PaymentGateway interface. Every request and every answer or notification is a flat JSON object of string
 * values with `sign`: HMAC-SHA256 (hex) under the merchant key over the canonical string of the other
 * non-empty parameters (keys sorted by code point, `k=v` joined by `&`). Answers and notifications are
 * verified before a byte is trusted; notifications older than NHP_MAX_AGE_MS are refused as replays.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  NotificationRejected,
  PaymentGatewayError,
  beijingParts,
  type CreateProviderOrder,
  type IncomingNotification,
  type NotificationReply,
  type PaymentGateway,
  type ProviderBillLine,
  type ProviderOrderState,
  type ProviderPayInstruction,
  type ProviderRefundRequest,
  type ProviderRefundState,
  type VerifiedPaymentEvent,
  type VerifiedRefundEvent,
} from './payment-provider.ts';

export type NhpParams = Record<string, string>;

/** A notification is accepted for this long after NHP stamped it (its retries re-stamp). */
export const NHP_MAX_AGE_MS = 15 * 60_000;

export interface NhpConfig {
  merchantId: string;
  /** The merchant key NHP issued: signs our requests and NHP's answers. Never logged. */
  key: string;
  /** e.g. https://pay.partner.example/gateway, or the stand-in's /__nhp. */
  apiBase: string;
  notifyUrl: string;
  now: () => Date;
  /** Tests route requests to the stand-in without a network. */
  fetch?: typeof fetch;
}

/** The canonical string: non-empty parameters except `sign`, sorted by key, `k=v` joined by `&`. */
export function nhpCanonical(params: NhpParams): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function nhpSign(key: string, params: NhpParams): string {
  return createHmac('sha256', key).update(nhpCanonical(params), 'utf8').digest('hex');
}

export function nhpSigned(key: string, params: NhpParams): NhpParams {
  return { ...params, sign: nhpSign(key, params) };
}

/** Constant-time comparison of the `sign` a message carries with the one its parameters give. */
export function nhpVerify(key: string, params: NhpParams): boolean {
  const given = params.sign;
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = Buffer.from(nhpSign(key, params), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/** Only a flat object of strings is an NHP message. */
export function parseNhpMessage(raw: string): NhpParams | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: NhpParams = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v !== 'string') return null;
    out[k] = v;
  }
  return out;
}

const fenOf = (s: string | undefined): number | null => (s !== undefined && /^\d{1,12}$/.test(s) ? Number(s) : null);
const dateOf = (s: string | undefined): Date | null => {
  if (!s) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
};

export class NhpGateway implements PaymentGateway {
  readonly id = 'nhp' as const;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly config: NhpConfig) {
    this.fetchImpl = config.fetch ?? fetch;
  }

  /** One signed call; the answer must be signed by NHP too, and say SUCCESS. */
  private async call(path: string, params: NhpParams): Promise<NhpParams> {
    const body = nhpSigned(this.config.key, {
      ...params,
      merchant_id: this.config.merchantId,
      nonce: randomBytes(12).toString('hex'),
      timestamp: this.config.now().toISOString(),
    });
    let text: string;
    try {
      const res = await this.fetchImpl(`${this.config.apiBase}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      text = await res.text();
    } catch (err) {
      throw new PaymentGatewayError(`NHP ${path} unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    const answer = parseNhpMessage(text);
    if (!answer || !nhpVerify(this.config.key, answer)) throw new PaymentGatewayError(`NHP ${path} answered without a valid signature`);
    if (answer.merchant_id !== this.config.merchantId) throw new PaymentGatewayError(`NHP ${path} answered for another merchant`);
    if (answer.code !== 'SUCCESS') throw new PaymentGatewayError(`NHP ${path} refused: ${answer.message ?? ''}`, answer.code);
    return answer;
  }

  async createOrder(order: CreateProviderOrder): Promise<ProviderPayInstruction> {
    const expires = beijingParts(order.expiresAt);
    const answer = await this.call('/orders', {
      out_trade_no: order.orderNo,
      amount_fen: String(order.amountFen),
      currency: order.currency,
      subject: order.description.slice(0, 128),
      notify_url: this.config.notifyUrl,
      return_url: order.returnUrl,
      expire_time: `${expires.date} ${expires.time}`,
      client_ip: order.clientIp,
    });
    if (!answer.pay_url || !/^https?:\/\//.test(answer.pay_url)) throw new PaymentGatewayError('NHP answered no pay_url');
    return { kind: 'redirect', url: answer.pay_url };
  }

  async parseNotification(n: IncomingNotification): Promise<VerifiedPaymentEvent | VerifiedRefundEvent> {
    const params = parseNhpMessage(n.rawBody);
    if (!params) throw new NotificationRejected('NHP notification is not a flat JSON object of strings', 'malformed');
    if (!nhpVerify(this.config.key, params)) throw new NotificationRejected('NHP notification signature does not verify', 'bad_signature');
    if (params.merchant_id !== this.config.merchantId) throw new NotificationRejected('NHP notification for another merchant', 'bad_signature');
    const stamped = dateOf(params.timestamp);
    if (!stamped || Math.abs(this.config.now().getTime() - stamped.getTime()) > NHP_MAX_AGE_MS) throw new NotificationRejected('NHP notification is stale', 'stale');
    const notificationId = params.notify_id;
    const orderNo = params.out_trade_no;
    if (!notificationId || !orderNo) throw new NotificationRejected('NHP notification lacks notify_id or out_trade_no', 'malformed');
    switch (params.event) {
      case 'TRADE_SUCCESS': {
        const amountFen = fenOf(params.amount_fen);
        if (amountFen === null || !params.currency) throw new NotificationRejected('NHP payment notification lacks its amount', 'malformed');
        return { notificationId, orderNo, kind: 'paid', amountFen, currency: params.currency, providerTradeNo: params.trade_no ?? null, occurredAt: dateOf(params.paid_at) };
      }
      case 'TRADE_CLOSED':
        return { notificationId, orderNo, kind: 'closed', amountFen: null, currency: null, providerTradeNo: params.trade_no ?? null, occurredAt: dateOf(params.closed_at) };
      case 'REFUND_SUCCESS':
      case 'REFUND_FAIL':
        if (!params.out_refund_no) throw new NotificationRejected('NHP refund notification lacks out_refund_no', 'malformed');
        return {
          notificationId,
          kind: 'refund',
          orderNo,
          refundNo: params.out_refund_no,
          status: params.event === 'REFUND_SUCCESS' ? 'succeeded' : 'failed',
          refundFen: fenOf(params.refund_fen),
          providerRefundNo: params.refund_id ?? null,
          occurredAt: dateOf(params.refunded_at),
        };
      default:
        return { notificationId, orderNo, kind: 'other', amountFen: null, currency: null, providerTradeNo: null, occurredAt: null };
    }
  }

  async queryOrder(orderNo: string): Promise<ProviderOrderState> {
    const a = await this.call('/orders/query', { out_trade_no: orderNo });
    if (a.trade_status === 'SUCCESS') {
      const amountFen = fenOf(a.amount_fen);
      if (amountFen === null || !a.currency) throw new PaymentGatewayError('NHP query answered a paid order without its amount');
      return { status: 'paid', amountFen, currency: a.currency, providerTradeNo: a.trade_no ?? null, paidAt: dateOf(a.paid_at) };
    }
    if (a.trade_status === 'CLOSED') return { status: 'closed' };
    return { status: 'pending' };
  }

  async closeOrder(orderNo: string): Promise<void> {
    await this.call('/orders/close', { out_trade_no: orderNo });
  }

  /** NHP stops re-delivering on the plain text `success`. */
  reply(accepted: boolean): NotificationReply {
    return { httpStatus: accepted ? 200 : 400, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'fail' };
  }

  private refundState(a: NhpParams): ProviderRefundState {
    const providerRefundNo = a.refund_id ?? null;
    if (a.refund_status === 'SUCCESS') return { status: 'succeeded', providerRefundNo, succeededAt: dateOf(a.refunded_at) };
    if (a.refund_status === 'FAIL') return { status: 'failed', providerRefundNo, reason: a.message ?? 'refund failed' };
    return { status: 'processing', providerRefundNo };
  }

  async refund(r: ProviderRefundRequest): Promise<ProviderRefundState> {
    return this.refundState(
      await this.call('/refunds', { out_trade_no: r.orderNo, out_refund_no: r.refundNo, refund_fen: String(r.refundFen), total_fen: String(r.totalFen), currency: r.currency, reason: r.reason.slice(0, 80), notify_url: this.config.notifyUrl }),
    );
  }

  async queryRefund(r: ProviderRefundRequest): Promise<ProviderRefundState> {
    return this.refundState(await this.call('/refunds/query', { out_refund_no: r.refundNo }));
  }

  /** The day's bill: `lines` is a JSON array (as a string, so it is covered by the signature). */
  async fetchBill(day: string): Promise<ProviderBillLine[]> {
    const a = await this.call('/bills', { bill_date: day });
    let lines: unknown;
    try {
      lines = JSON.parse(a.lines ?? '[]');
    } catch {
      throw new PaymentGatewayError('NHP bill lines are not JSON');
    }
    if (!Array.isArray(lines)) throw new PaymentGatewayError('NHP bill lines are not a list');
    return lines.map((l: Record<string, unknown>) => ({
      kind: l.type === 'refund' ? 'refund' : 'payment',
      orderNo: String(l.out_trade_no ?? ''),
      refundNo: l.out_refund_no ? String(l.out_refund_no) : null,
      providerTradeNo: l.trade_no ? String(l.trade_no) : null,
      amountFen: Number(l.amount_fen ?? 0),
      currency: String(l.currency ?? 'CNY'),
      occurredAt: new Date(String(l.at ?? '')),
    }));
  }
}
