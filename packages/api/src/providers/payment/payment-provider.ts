import type { PaymentChannel, PaymentEventKind, PayKind } from '@summit/domain';

/**
 * The payment gateways a deployment may configure. Plain values here, so the provider layer does not reach into
 * the database schema; db/schema-payments.ts keeps the column's list, and a gateway added there but not here
 * fails the typecheck where a stored order's gateway is handed to a provider.
 */
export const PAYMENT_GATEWAY_IDS = ['sandbox', 'wechatpay', 'alipay', 'stripe', 'nhp'] as const;
export type PaymentGatewayId = (typeof PAYMENT_GATEWAY_IDS)[number];

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
  /** WeChat JSAPI only: the payer's open id under `payerAppId`, from the base OAuth (modules/wechat/payer-ticket.ts). */
  payerOpenId?: string;
  payerAppId?: string;
}

/**
 * How the payer pays: a QR code, or a page to open. The money and WeChat work (decisions 068–074) adds `jsapi` (the page calls WeixinJSBridge
 * getBrandWCPayRequest with JsapiPayParams) and a Stripe variant (the page confirms a PaymentIntent).
 */
export type ProviderPayInstruction =
  | { kind: 'qr'; codeUrl: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'jsapi'; params: JsapiPayParams }
  /**
   * Stripe (docs/decisions/071): with a publishable key the page confirms the PaymentIntent with Stripe.js and
   * Stripe returns the payer to `url`; without one (stand-in) the payer opens `url`, the stand-in's confirm page.
   */
  | { kind: 'stripe'; intentId: string; clientSecret: string; publishableKey: string | null; url: string };

/** WeixinJSBridge getBrandWCPayRequest arguments (WeChat Pay v3 JSAPI 调起支付). */
export interface JsapiPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  /** `prepay_id=...` */
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** A refund the platform asks a provider for: always against the original order, so to the original payer. */
export interface ProviderRefundRequest {
  /** Ours, random and unique: out_refund_no / out_request_no / the Stripe idempotency key. */
  refundNo: string;
  orderNo: string;
  providerTradeNo: string | null;
  refundFen: number;
  /** What the order was paid in total (WeChat wants it). */
  totalFen: number;
  currency: string;
  reason: string;
}

/** What a provider says about a refund, when asked or when it answers the request. */
export type ProviderRefundState =
  | { status: 'processing'; providerRefundNo: string | null }
  | { status: 'succeeded'; providerRefundNo: string | null; succeededAt: Date | null }
  | { status: 'failed'; providerRefundNo: string | null; reason: string };

/** A refund notification whose signature checked out (WeChat Pay REFUND.SUCCESS and friends, Stripe charge.refunded). */
export interface VerifiedRefundEvent {
  notificationId: string;
  kind: 'refund';
  orderNo: string;
  refundNo: string;
  status: 'succeeded' | 'failed' | 'processing';
  refundFen: number | null;
  providerRefundNo: string | null;
  occurredAt: Date | null;
}

/** One line of a provider's daily bill (WeChat trade bill, Alipay bill, Stripe balance transactions, the sandbox). */
export interface ProviderBillLine {
  kind: 'payment' | 'refund';
  orderNo: string;
  /** Set for refunds: our refund number as the provider recorded it. */
  refundNo: string | null;
  providerTradeNo: string | null;
  amountFen: number;
  currency: string;
  occurredAt: Date;
}

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
 * One interface, one file per provider (docs/design.md §1): the sandbox (default), WeChat Pay v3 and Alipay.
 * Implementations are stateless apart from configuration; the database is the only state.
 */
export interface PaymentGateway {
  readonly id: PaymentGatewayId;
  createOrder(order: CreateProviderOrder): Promise<ProviderPayInstruction>;
  /** Verifies the signature on the raw body before trusting a byte of it; throws NotificationRejected. */
  parseNotification(notification: IncomingNotification): Promise<VerifiedPaymentEvent | VerifiedRefundEvent>;
  queryOrder(orderNo: string): Promise<ProviderOrderState>;
  closeOrder(orderNo: string): Promise<void>;
  reply(accepted: boolean): NotificationReply;
  /** Asks for a refund of part or all of a paid order; idempotent on refundNo. */
  refund(request: ProviderRefundRequest): Promise<ProviderRefundState>;
  /** The refund's state at the provider (the refund reconciler). */
  queryRefund(request: ProviderRefundRequest): Promise<ProviderRefundState>;
  /** Every payment and refund the provider booked on one Beijing day (YYYY-MM-DD). */
  fetchBill(day: string): Promise<ProviderBillLine[]>;
}

/** Until a provider's refund or bill call is built it refuses, so nothing pretends money moved. */
export function notBuilt(what: string): never {
  throw new PaymentGatewayError(`${what} is not available for this provider yet`);
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
