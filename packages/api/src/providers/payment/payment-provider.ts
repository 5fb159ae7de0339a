import type { PaymentChannel, PaymentEventKind, PayKind } from '@summit/domain';
import type { PaymentGatewayId } from '../../db/schema-payments.ts';

export type { PaymentGatewayId };

export interface CreateProviderOrder {
  orderNo: string;
  amountFen: number;
  currency: string;
  /** What the payer sees on the provider's page or bill: 「Summit 高中生夏季学术项目 申请费」. */
  description: string;
  channel: PaymentChannel;
  kind: PayKind;
  expiresAt: Date;
  /** The platform's origin as the payer reached it (PUBLIC_URL, else the request's own). */
  origin: string;
  /** Where the provider's page sends the payer afterwards (absolute). */
  returnUrl: string;
  /** The payer's address; WeChat H5 requires it. */
  clientIp: string;
}

export type ProviderPayInstruction = { kind: 'qr'; codeUrl: string } | { kind: 'redirect'; url: string };

/** A notification whose signature checked out: what the provider says happened to an order. */
export interface VerifiedPaymentEvent {
  /** The provider's id for this notification: the de-duplication key. */
  notificationId: string;
  orderNo: string;
  /** 'other': a verified event this platform does not act on (acknowledged, recorded as ignored). */
  kind: PaymentEventKind | 'other';
  /** Present for paid events; compared with the order before anything changes. */
  amountFen: number | null;
  currency: string | null;
  providerTradeNo: string | null;
  occurredAt: Date | null;
}

/** What the provider holds about an order when asked (the reconciler). */
export type ProviderOrderState =
  | { status: 'pending' }
  | { status: 'closed' }
  | { status: 'paid'; amountFen: number; currency: string; providerTradeNo: string | null; paidAt: Date | null };

export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** The HTTP answer a provider expects to stop (or keep) re-delivering a notification. */
export interface NotificationReply {
  httpStatus: number;
  contentType: string;
  body: string;
}

export class NotificationRejected extends Error {
  constructor(
    message: string,
    /** bad_signature | malformed | stale: recorded as the notification's outcome. */
    readonly reason: 'bad_signature' | 'malformed' | 'stale',
  ) {
    super(message);
    this.name = 'NotificationRejected';
  }
}

/** A provider refused or failed a call; the message is for logs, never for the payer. */
export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}

/**
 * One interface, one file per provider (DESIGN §1): the sandbox (default), WeChat Pay v3 and Alipay.
 * Implementations are stateless apart from configuration; the database is the only state.
 */
export interface PaymentGateway {
  readonly id: PaymentGatewayId;
  createOrder(order: CreateProviderOrder): Promise<ProviderPayInstruction>;
  /** Verifies the signature on the raw body before trusting a byte of it; throws NotificationRejected. */
  parseNotification(notification: IncomingNotification): Promise<VerifiedPaymentEvent>;
  queryOrder(orderNo: string): Promise<ProviderOrderState>;
  closeOrder(orderNo: string): Promise<void>;
  reply(accepted: boolean): NotificationReply;
}

export function headerOf(headers: IncomingNotification['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Fixed UTC+8 (China has no daylight saving): providers want Beijing local times. */
export function beijingParts(date: Date) {
  const shifted = new Date(date.getTime() + 8 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`,
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`,
  };
}
