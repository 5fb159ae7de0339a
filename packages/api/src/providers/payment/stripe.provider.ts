import Stripe from 'stripe';
import {
  NotificationRejected,
  PaymentGatewayError,
  headerOf,
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

/** Stripe's own default, and what the money and WeChat work (decisions 068–074) asks for: an event signed more than 300 s ago is refused. */
export const STRIPE_WEBHOOK_TOLERANCE_S = 300;

/**
 * Currencies whose smallest unit is not a hundredth (Stripe's zero-decimal list): an amount in fen would be
 * 100 times too much there, so orders in them are refused rather than mis-charged.
 */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

export interface StripeGatewayOptions {
  secretKey: string;
  /** Set when live: the web loads Stripe.js and confirms with the client secret. Null: the payer opens `url`. */
  publishableKey: string | null;
  webhookSecret: string;
  /** https://api.stripe.com by default; the stand-in's http://127.0.0.1:PORT in tests and demo mode. */
  apiBase?: string;
  now: () => Date;
  /** The PaymentIntent we created for an order (kept with the order); null when we never saved one. */
  intentIdOf?: (orderNo: string) => Promise<string | null>;
  /** Network retries of the SDK (same idempotency key each time). */
  maxNetworkRetries?: number;
}

/** Our Stripe-side idempotency key of an order's PaymentIntent: a retried create answers the same intent. */
export function intentIdempotencyKey(orderNo: string): string {
  return `summit-pi-${orderNo}`;
}

type StripeObject = { id?: unknown; metadata?: unknown; [key: string]: unknown };

const metadataOf = (obj: StripeObject | null | undefined): Record<string, string> =>
  obj && obj.metadata && typeof obj.metadata === 'object' ? (obj.metadata as Record<string, string>) : {};
const idOf = (value: unknown): string | null => (typeof value === 'string' ? value : value && typeof value === 'object' && typeof (value as StripeObject).id === 'string' ? ((value as StripeObject).id as string) : null);

/**
 * Stripe (provider code STRIPE, channel checkout) for payers abroad, through the official SDK: a PaymentIntent
 * per order (amount in the smallest unit of the order's currency: fen for CNY), webhooks verified with the
 * Stripe-Signature and its 300 s tolerance, refunds and balance transactions. Stateless apart from
 * configuration: which intent belongs to an order is kept with the order (intentIdOf), or found by search.
 */
export class StripeGateway implements PaymentGateway {
  readonly id = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeGatewayOptions) {
    const base = new URL(options.apiBase ?? 'https://api.stripe.com');
    this.stripe = new Stripe(options.secretKey, {
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? '80' : '443'),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: 20_000,
      telemetry: false,
    });
  }

  /** Where a payer confirms when not live: the stand-in's page (docs/decisions/071-stripe.md). */
  private confirmPageUrl(intentId: string, returnUrl: string): string {
    const url = new URL(`/confirm/${intentId}`, this.options.apiBase ?? 'https://api.stripe.com');
    url.searchParams.set('return_url', returnUrl);
    return url.toString();
  }

  async createOrder(order: CreateProviderOrder): Promise<ProviderPayInstruction> {
    const currency = order.currency.toLowerCase();
    if (ZERO_DECIMAL.has(currency)) throw new PaymentGatewayError(`currency ${order.currency} has no hundredths; amounts are kept in fen`);
    const intent = await this.call('create a PaymentIntent', () =>
      this.stripe.paymentIntents.create(
        {
          amount: order.amountFen,
          currency,
          description: order.description,
          metadata: { order_no: order.orderNo },
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: intentIdempotencyKey(order.orderNo) },
      ),
    );
    if (!intent.client_secret) throw new PaymentGatewayError(`PaymentIntent ${intent.id} came back without a client secret`);
    const live = this.options.publishableKey !== null;
    return {
      kind: 'stripe',
      intentId: intent.id,
      clientSecret: intent.client_secret,
      publishableKey: this.options.publishableKey,
      // Live: the web confirms with Stripe.js and Stripe sends the payer back to returnUrl.
      url: live ? order.returnUrl : this.confirmPageUrl(intent.id, order.returnUrl),
    };
  }

  /** The order's PaymentIntent id: kept with the order, else searched by metadata (an order cut short). */
  private async intentIdOf(orderNo: string): Promise<string | null> {
    const kept = await this.options.intentIdOf?.(orderNo);
    if (kept) return kept;
    if (!/^[A-Za-z0-9]+$/.test(orderNo)) return null;
    const found = await this.call('search PaymentIntents', () => this.stripe.paymentIntents.search({ query: `metadata['order_no']:'${orderNo}'`, limit: 1 }));
    return found.data[0]?.id ?? null;
  }

  async queryOrder(orderNo: string): Promise<ProviderOrderState> {
    const intentId = await this.intentIdOf(orderNo);
    if (!intentId) return { status: 'pending' };
    const intent = await this.call('retrieve a PaymentIntent', () => this.stripe.paymentIntents.retrieve(intentId));
    if (intent.status === 'succeeded') {
      return { status: 'paid', amountFen: intent.amount_received, currency: intent.currency.toUpperCase(), providerTradeNo: idOf(intent.latest_charge), paidAt: null };
    }
    if (intent.status === 'canceled') return { status: 'closed' };
    return { status: 'pending' };
  }

  async closeOrder(orderNo: string): Promise<void> {
    const intentId = await this.intentIdOf(orderNo);
    if (!intentId) return;
    const intent = await this.call('retrieve a PaymentIntent', () => this.stripe.paymentIntents.retrieve(intentId));
    if (intent.status === 'canceled') return;
    if (intent.status === 'succeeded') throw new PaymentGatewayError(`PaymentIntent ${intentId} has succeeded and cannot be canceled`);
    await this.call('cancel a PaymentIntent', () => this.stripe.paymentIntents.cancel(intentId));
  }

  async parseNotification(notification: IncomingNotification): Promise<VerifiedPaymentEvent | VerifiedRefundEvent> {
    const header = headerOf(notification.headers, 'stripe-signature');
    if (!header) throw new NotificationRejected('missing Stripe-Signature', 'bad_signature');
    const nowMs = this.options.now().getTime();
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(notification.rawBody, header, this.options.webhookSecret, STRIPE_WEBHOOK_TOLERANCE_S, undefined, nowMs);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new NotificationRejected(err.message, /tolerance/i.test(err.message) ? 'stale' : 'bad_signature');
      }
      throw new NotificationRejected('Stripe event body is not valid', 'malformed');
    }
    // The SDK refuses old events only; one signed far in the future is as suspicious.
    const t = Number(/(?:^|,)t=(\d+)/.exec(header)?.[1] ?? 0);
    if (t * 1000 - nowMs > STRIPE_WEBHOOK_TOLERANCE_S * 1000) throw new NotificationRejected('Stripe event signed in the future', 'stale');
    if (!event || typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data?.object) {
      throw new NotificationRejected('Stripe event body is not valid', 'malformed');
    }
    return this.eventOf(event);
  }

  private eventOf(event: Stripe.Event): VerifiedPaymentEvent | VerifiedRefundEvent {
    const occurredAt = typeof event.created === 'number' ? new Date(event.created * 1000) : null;
    const object = event.data.object as unknown as StripeObject;
    const other = (): VerifiedPaymentEvent => ({
      notificationId: event.id,
      orderNo: metadataOf(object).order_no ?? '',
      kind: 'other',
      amountFen: null,
      currency: null,
      providerTradeNo: null,
      occurredAt,
    });
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.canceled': {
        const intent = event.data.object as Stripe.PaymentIntent;
        const orderNo = metadataOf(object).order_no;
        if (!orderNo) return other();
        if (event.type === 'payment_intent.canceled') return { notificationId: event.id, orderNo, kind: 'closed', amountFen: null, currency: null, providerTradeNo: null, occurredAt };
        return {
          notificationId: event.id,
          orderNo,
          kind: 'paid',
          amountFen: intent.amount_received,
          currency: intent.currency.toUpperCase(),
          providerTradeNo: idOf(intent.latest_charge),
          occurredAt,
        };
      }
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed':
        return this.refundEventOf(event.id, event.data.object as Stripe.Refund, occurredAt) ?? other();
      case 'charge.refunded': {
        // Since API 2022-11-15 a charge carries its refunds only when expanded; without them refund.updated speaks.
        const refunds = ((object.refunds as { data?: Stripe.Refund[] } | undefined)?.data ?? []).filter((r) => metadataOf(r as unknown as StripeObject).refund_no);
        const latest = refunds.sort((a, b) => b.created - a.created)[0];
        return (latest && this.refundEventOf(event.id, latest, occurredAt)) ?? other();
      }
      default:
        return other();
    }
  }

  private refundEventOf(notificationId: string, refund: Stripe.Refund, occurredAt: Date | null): VerifiedRefundEvent | null {
    const meta = metadataOf(refund as unknown as StripeObject);
    if (!meta.refund_no) return null;
    const state = refundStateOf(refund);
    return {
      notificationId,
      kind: 'refund',
      orderNo: meta.order_no ?? '',
      refundNo: meta.refund_no,
      status: state.status,
      refundFen: typeof refund.amount === 'number' ? refund.amount : null,
      providerRefundNo: refund.id,
      occurredAt,
    };
  }

  async refund(request: ProviderRefundRequest): Promise<ProviderRefundState> {
    const intentId = await this.intentIdOf(request.orderNo);
    const target = intentId ? { payment_intent: intentId } : request.providerTradeNo ? { charge: request.providerTradeNo } : null;
    if (!target) return { status: 'failed', providerRefundNo: null, reason: 'no Stripe payment found for this order' };
    try {
      const refund = await this.stripe.refunds.create(
        { ...target, amount: request.refundFen, metadata: { refund_no: request.refundNo, order_no: request.orderNo }, reason: 'requested_by_customer' },
        { idempotencyKey: request.refundNo },
      );
      return refundStateOf(refund);
    } catch (err) {
      // Stripe refused this refund for good (more than is left, already refunded…): nothing moved.
      if (err instanceof Stripe.errors.StripeInvalidRequestError) return { status: 'failed', providerRefundNo: null, reason: `${err.code ?? 'invalid_request'}: ${err.message}` };
      throw gatewayError('create a refund', err);
    }
  }

  async queryRefund(request: ProviderRefundRequest): Promise<ProviderRefundState> {
    const intentId = await this.intentIdOf(request.orderNo);
    const filter = intentId ? { payment_intent: intentId } : request.providerTradeNo ? { charge: request.providerTradeNo } : null;
    if (!filter) return { status: 'failed', providerRefundNo: null, reason: 'no Stripe payment found for this order' };
    const found = await this.call('list refunds', async () => {
      for await (const refund of this.stripe.refunds.list({ ...filter, limit: 100 })) {
        if (refund.metadata?.refund_no === request.refundNo) return refund;
      }
      return null;
    });
    // Never booked at Stripe: no money moved (a new attempt reuses the same idempotency key).
    if (!found) return { status: 'failed', providerRefundNo: null, reason: 'refund not found at Stripe' };
    return refundStateOf(found);
  }

  /** Balance transactions created in one Beijing day: charges are payments, refunds are refunds, in the order's currency. */
  async fetchBill(day: string): Promise<ProviderBillLine[]> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new PaymentGatewayError(`bad bill day ${day}`);
    const start = Math.floor(Date.parse(`${day}T00:00:00+08:00`) / 1000);
    if (!Number.isFinite(start)) throw new PaymentGatewayError(`bad bill day ${day}`);
    const lines: ProviderBillLine[] = [];
    await this.call('list balance transactions', async () => {
      const list = this.stripe.balanceTransactions.list({ created: { gte: start, lt: start + 86_400 }, limit: 100, expand: ['data.source', 'data.source.payment_intent'] });
      for await (const txn of list) {
        const line = billLineOf(txn);
        if (line) lines.push(line);
      }
    });
    return lines.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  }

  reply(accepted: boolean): NotificationReply {
    // Stripe retries anything but a 2xx; the body is for our own logs in its dashboard.
    return accepted
      ? { httpStatus: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ received: true }) }
      : { httpStatus: 400, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ received: false }) };
  }

  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw gatewayError(what, err);
    }
  }
}

function gatewayError(what: string, err: unknown): PaymentGatewayError {
  if (err instanceof PaymentGatewayError) return err;
  if (err instanceof Stripe.errors.StripeError) return new PaymentGatewayError(`Stripe could not ${what}: ${err.message}`, err.code ?? err.type);
  return new PaymentGatewayError(`Stripe could not ${what}: ${err instanceof Error ? err.message : String(err)}`);
}

export function refundStateOf(refund: Stripe.Refund): ProviderRefundState {
  switch (refund.status) {
    case 'succeeded':
      return { status: 'succeeded', providerRefundNo: refund.id, succeededAt: typeof refund.created === 'number' ? new Date(refund.created * 1000) : null };
    case 'failed':
    case 'canceled':
      return { status: 'failed', providerRefundNo: refund.id, reason: refund.failure_reason ?? refund.status };
    default:
      return { status: 'processing', providerRefundNo: refund.id };
  }
}

function billLineOf(txn: Stripe.BalanceTransaction): ProviderBillLine | null {
  const source = txn.source && typeof txn.source === 'object' ? (txn.source as unknown as StripeObject) : null;
  if (!source) return null;
  const intent = source.payment_intent && typeof source.payment_intent === 'object' ? (source.payment_intent as StripeObject) : null;
  const orderNo = metadataOf(intent).order_no ?? metadataOf(source).order_no;
  // Not one of ours (another integration on the same account): nothing to reconcile against.
  if (!orderNo) return null;
  const amount = typeof source.amount === 'number' ? source.amount : Math.abs(txn.amount);
  const currency = (typeof source.currency === 'string' ? source.currency : txn.currency).toUpperCase();
  const occurredAt = new Date(txn.created * 1000);
  if (txn.type === 'charge' || txn.type === 'payment') {
    return { kind: 'payment', orderNo, refundNo: null, providerTradeNo: idOf(source.id), amountFen: amount, currency, occurredAt };
  }
  if (txn.type === 'refund' || txn.type === 'payment_refund') {
    return { kind: 'refund', orderNo, refundNo: metadataOf(source).refund_no ?? null, providerTradeNo: idOf(source.charge), amountFen: amount, currency, occurredAt };
  }
  return null;
}
