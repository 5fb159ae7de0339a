import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { PAYMENT_TIMING } from '@summit/domain';
import {
  NotificationRejected,
  headerOf,
  type CreateProviderOrder,
  type IncomingNotification,
  type NotificationReply,
  type PaymentGateway,
  type ProviderOrderState,
  type ProviderPayInstruction,
  type VerifiedPaymentEvent,
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

export function sandboxCheckoutPath(orderNo: string): string {
  return `/pay/sandbox/${orderNo}`;
}

export interface SandboxGatewayOptions {
  /** Shared by every process (settings table or SANDBOX_PAY_SECRET). */
  secret: () => Promise<string>;
  now: () => Date;
}

/**
 * The default provider on one machine: the "provider's page" is a checkout page the API serves itself, and
 * the payer's choice there reaches the server as an HMAC-signed notification through the same notify path a
 * real provider's does. It keeps no state of its own, so a query only ever says "not paid yet".
 */
export class SandboxGateway implements PaymentGateway {
  readonly id = 'sandbox' as const;

  constructor(private readonly options: SandboxGatewayOptions) {}

  async createOrder(order: CreateProviderOrder): Promise<ProviderPayInstruction> {
    const page = new URL(sandboxCheckoutPath(order.orderNo), order.origin);
    const back = new URL(order.returnUrl);
    page.searchParams.set('return', back.pathname + back.search);
    const url = page.toString();
    return order.kind === 'qr' ? { kind: 'qr', codeUrl: url } : { kind: 'redirect', url };
  }

  async parseNotification(notification: IncomingNotification): Promise<VerifiedPaymentEvent> {
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
      parsed = sandboxNotificationSchema.parse(JSON.parse(notification.rawBody));
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

  reply(accepted: boolean): NotificationReply {
    return accepted
      ? { httpStatus: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) }
      : { httpStatus: 400, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }
}
