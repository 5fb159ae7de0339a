import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { PAYMENT_TIMING } from '@summit/domain';
import {
  NotificationRejected,
  PaymentGatewayError,
  headerOf,
  type JsapiPayParams,
  type CreateProviderOrder,
  type IncomingNotification,
  type NotificationReply,
  type PaymentGateway,
  type ProviderOrderState,
  type ProviderPayInstruction,
  type VerifiedPaymentEvent,
  type VerifiedRefundEvent,
  notBuilt,
  type ProviderBillLine,
  type ProviderRefundRequest,
  type ProviderRefundState,
} from './payment-provider.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** The sandbox's notification body: what a real provider would say, in the simplest signed form. */
export const sandboxNotificationSchema = z.object({
  notification_id: z.string().min(1).max(100),
  order_no: z.string().min(1).max(64),
  result: z.enum(['paid', 'failed']),
  amount_fen: z.number().int(),
  currency: z.string().max(8),
  trade_no: z.string().max(64),
  occurred_at: z.iso.datetime({ offset: true }),
});
export type SandboxNotification = z.infer<typeof sandboxNotificationSchema>;

/** The sandbox's refund result (decision 068): a second form, told apart by `type`; the paid form is unchanged. */
export const sandboxRefundNotificationSchema = z.object({
  type: z.literal('refund'),
  notification_id: z.string().min(1).max(100),
  order_no: z.string().min(1).max(64),
  refund_no: z.string().min(1).max(64),
  result: z.enum(['succeeded', 'failed']),
  refund_fen: z.number().int(),
  refund_id: z.string().max(64),
  occurred_at: z.iso.datetime({ offset: true }),
});
export type SandboxRefundNotification = z.infer<typeof sandboxRefundNotificationSchema>;

export function buildSandboxRefundNotification(input: { orderNo: string; refundNo: string; refundFen: number; result: 'succeeded' | 'failed'; refundId: string; at: Date }): SandboxRefundNotification {
  return {
    type: 'refund',
    notification_id: randomUUID(),
    order_no: input.orderNo,
    refund_no: input.refundNo,
    result: input.result,
    refund_fen: input.refundFen,
    refund_id: input.refundId,
    occurred_at: input.at.toISOString(),
  };
}

/** The sandbox's refund id for one of our refund numbers: derived, so a repeated request answers the same id. */
export function sandboxRefundId(refundNo: string): string {
  return `SBXR${createHmac('sha256', 'sandbox-refund').update(refundNo).digest('hex').slice(0, 24)}`;
}

function hmacHex(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** `t=<ms>,v1=<hex>`: the timestamp is signed with the body so a captured notification cannot be replayed later. */
export function signSandboxNotification(secret: string, body: string, at: Date): string {
  const t = String(at.getTime());
  return `t=${t},v1=${hmacHex(secret, t, body)}`;
}

export function buildSandboxNotification(input: { orderNo: string; result: 'paid' | 'failed'; amountFen: number; currency: string; at: Date }): SandboxNotification {
  return {
    notification_id: randomUUID(),
    order_no: input.orderNo,
    result: input.result,
    amount_fen: input.amountFen,
    currency: input.currency,
    trade_no: input.result === 'paid' ? `SBX${randomUUID().replace(/-/g, '').slice(0, 24)}` : '',
    occurred_at: input.at.toISOString(),
  };
}

/** The app id the sandbox's JSAPI parameters carry when the payer ticket names none. */
export const SANDBOX_APP_ID = 'wxsandbox0000000';

/** `appId\ntimeStamp\nnonceStr\npackage\n`, as WeChat Pay's paySign, but HMAC-SHA256 with the sandbox secret. */
export function sandboxJsapiSign(secret: string, p: { appId: string; timeStamp: string; nonceStr: string; package: string }): string {
  return createHmac('sha256', secret).update(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`).digest('base64');
}

export function sandboxCheckoutPath(orderNo: string): string {
  return `/pay/sandbox/${orderNo}`;
}

export interface SandboxGatewayOptions {
  /** Shared by every process (settings table or SANDBOX_PAY_SECRET). */
  secret: () => Promise<string>;
  now: () => Date;
  /** The sandbox's booked payments and refunds of one Beijing day (modules/payments/sandbox-ledger.repo.ts). */
  ledger?: (day: string) => Promise<ProviderBillLine[]>;
}

/**
 * The default provider on one machine: the "provider's page" is a checkout page the API serves itself, and
 * the payer's choice there reaches the server as an HMAC-signed notification through the same notify path a
 * real provider's does. A query only ever says "not paid yet"; its books (the ledger) serve only its daily bill.
 */
export class SandboxGateway implements PaymentGateway {
  readonly id = 'sandbox' as const;

  constructor(private readonly options: SandboxGatewayOptions) {}

  async createOrder(order: CreateProviderOrder): Promise<ProviderPayInstruction> {
    const page = new URL(sandboxCheckoutPath(order.orderNo), order.origin);
    const back = new URL(order.returnUrl);
    page.searchParams.set('return', back.pathname + back.search);
    const url = page.toString();
    if (order.kind === 'jsapi') return { kind: 'jsapi', params: await this.jsapiParams(order) };
    return order.kind === 'qr' ? { kind: 'qr', codeUrl: url } : { kind: 'redirect', url };
  }

  /**
   * The same getBrandWCPayRequest arguments WeChat Pay's JSAPI answers, signed over the same message with the
   * sandbox's own secret (HMAC instead of the merchant's RSA key): the page's simulated pay sheet confirms
   * the order through the sandbox checkout's confirm call.
   */
  private async jsapiParams(order: CreateProviderOrder): Promise<JsapiPayParams> {
    if (!order.payerOpenId) throw new PaymentGatewayError('JSAPI order without a payer open id');
    const base = {
      appId: order.payerAppId ?? SANDBOX_APP_ID,
      timeStamp: String(Math.floor(this.options.now().getTime() / 1000)),
      nonceStr: randomBytes(16).toString('hex'),
      package: `prepay_id=sandbox_${order.orderNo}`,
    };
    return { ...base, signType: 'RSA', paySign: sandboxJsapiSign(await this.options.secret(), base) };
  }

  async parseNotification(notification: IncomingNotification): Promise<VerifiedPaymentEvent | VerifiedRefundEvent> {
    const header = headerOf(notification.headers, SANDBOX_SIGNATURE_HEADER) ?? '';
    const match = /^t=(\d{1,16}),v1=([0-9a-f]{64})$/.exec(header);
    if (!match) throw new NotificationRejected('missing or malformed sandbox signature', 'bad_signature');
    const [, t = '', v1 = ''] = match;
    const expected = Buffer.from(hmacHex(await this.options.secret(), t, notification.rawBody), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) throw new NotificationRejected('sandbox signature does not match', 'bad_signature');
    if (Math.abs(this.options.now().getTime() - Number(t)) > PAYMENT_TIMING.notificationSkewMs) {
      throw new NotificationRejected('sandbox notification timestamp outside the allowed window', 'stale');
    }
    let parsed: SandboxNotification;
    try {
      const json: unknown = JSON.parse(notification.rawBody);
      if (json && typeof json === 'object' && (json as { type?: unknown }).type === 'refund') {
        const refund = sandboxRefundNotificationSchema.parse(json);
        return {
          notificationId: refund.notification_id,
          kind: 'refund',
          orderNo: refund.order_no,
          refundNo: refund.refund_no,
          status: refund.result,
          refundFen: refund.refund_fen,
          providerRefundNo: refund.refund_id || null,
          occurredAt: new Date(refund.occurred_at),
        };
      }
      parsed = sandboxNotificationSchema.parse(json);
    } catch {
      throw new NotificationRejected('sandbox notification body is not valid', 'malformed');
    }
    return {
      notificationId: parsed.notification_id,
      orderNo: parsed.order_no,
      kind: parsed.result === 'paid' ? 'paid' : 'closed',
      amountFen: parsed.result === 'paid' ? parsed.amount_fen : null,
      currency: parsed.result === 'paid' ? parsed.currency : null,
      providerTradeNo: parsed.trade_no || null,
      occurredAt: new Date(parsed.occurred_at),
    };
  }

  async queryOrder(): Promise<ProviderOrderState> {
    return { status: 'pending' };
  }

  async closeOrder(): Promise<void> {
    // Nothing to close: the checkout page refuses orders the platform has closed.
  }

  /**
   * Like WeChat Pay: the request is accepted (processing) and the result arrives later as a signed notification
   * through the notify path; the refunds module schedules that delivery (modules/refunds/sandbox-refund.ts).
   */
  async refund(request: ProviderRefundRequest): Promise<ProviderRefundState> {
    if (request.refundFen <= 0 || request.refundFen > request.totalFen) return { status: 'failed', providerRefundNo: null, reason: '退款金额无效' };
    return { status: 'processing', providerRefundNo: sandboxRefundId(request.refundNo) };
  }

  /** The sandbox keeps no state and never refuses a valid refund: asked later, it has gone through. */
  async queryRefund(request: ProviderRefundRequest): Promise<ProviderRefundState> {
    return { status: 'succeeded', providerRefundNo: sandboxRefundId(request.refundNo), succeededAt: null };
  }

  /** The sandbox's own books (its checkout and refunds write them), so its bill can disagree with ours. */
  async fetchBill(day: string): Promise<ProviderBillLine[]> {
    if (!this.options.ledger) return notBuilt('bill');
    return this.options.ledger(day);
  }

  reply(accepted: boolean): NotificationReply {
    return accepted
      ? { httpStatus: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) }
      : { httpStatus: 400, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }
}
