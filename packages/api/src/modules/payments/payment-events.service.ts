import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import type { PaymentGateways } from '../../providers/payment/create-payment-gateways.ts';
import {
  NotificationRejected,
  type IncomingNotification,
  type NotificationReply,
  type PaymentGateway,
  type ProviderOrderState,
  type VerifiedPaymentEvent,
  type VerifiedRefundEvent,
} from '../../providers/payment/payment-provider.ts';
import { applyPaymentEvent as applyPaymentEventTx, recordRejectedNotification, type PaidOrderHooks, type PaymentEventResult, type PaymentEventWrite } from './payments.repo.ts';
import { deliverAfterCommit } from '../notifications/notifications.service.ts';

import type { PaymentDeps } from './payment-deps.ts';
import { paymentPurpose, refundEventHandler } from './purposes.ts';

export type { PaymentDeps };

/** What a paid order's purpose changes, as its owner registered it (purposes.ts). */
const purposeHooks: PaidOrderHooks = {
  onPaid: async (tx, order, at, now) => (await paymentPurpose(order.purpose).onPaid?.(tx, order, at, now)) ?? [],
  linkPurpose: (purpose) => paymentPurpose(purpose).linkPurpose ?? purpose,
};

/**
 * The money transaction (payments.repo.ts) with the purposes' hooks: every event goes through here, the
 * notify path's and the dues job's overdue closes alike.
 */
export function applyPaymentEvent(db: AppContext['db'], e: PaymentEventWrite): Promise<PaymentEventResult> {
  return applyPaymentEventTx(db, e, purposeHooks);
}

/**
 * Applies a verified event through the single transaction in the repo, then, outside it, asks providers to
 * close orders that the payment made redundant (best effort: an order the provider still takes money for
 * would arrive as paid_after_close and be logged for a refund).
 */
export async function applyVerifiedEvent(deps: PaymentDeps, gateway: PaymentGateway['id'], event: VerifiedPaymentEvent, rawBody: string): Promise<PaymentEventResult> {
  const result = await applyPaymentEvent(deps.ctx.db, { gateway, ...event, rawBody, now: deps.ctx.now() });
  // Committed: the tuition SMS goes out now, off this request's path (a provider failure is retried later).
  deliverAfterCommit(deps.ctx, deps.log, result.notificationIds);
  const logFields = { gateway, orderNo: event.orderNo, notificationId: event.notificationId, outcome: result.outcome };
  switch (result.outcome) {
    case 'amount_mismatch':
      deps.log.error({ ...logFields, expected: result.order && { amountFen: result.order.amountFen, currency: result.order.currency }, got: { amountFen: event.amountFen, currency: event.currency } }, 'payment notification amount does not match the order; order unchanged');
      break;
    case 'paid_after_close':
      deps.log.warn(logFields, 'payment arrived for a closed order: recorded as paid (the money was taken); check for a double payment');
      break;
    case 'unknown_order':
    case 'invalid_transition':
      deps.log.warn(logFields, 'payment event not applied');
      break;
    case 'applied':
      deps.log.info(logFields, 'payment event applied');
      break;
    default:
      deps.log.debug(logFields, 'payment event');
  }
  for (const other of result.superseded) {
    const otherGateway = deps.gateways.byId(other.gateway);
    if (!otherGateway) continue;
    otherGateway.closeOrder(other.orderNo).catch((err: unknown) => deps.log.warn({ orderNo: other.orderNo, err }, 'could not close a superseded order at the provider'));
  }
  return result;
}

/** The notify path every provider's notification takes, the sandbox's included: verify, record, apply. */
export async function handleNotification(deps: PaymentDeps, gateway: PaymentGateway, incoming: IncomingNotification): Promise<NotificationReply> {
  let event: VerifiedPaymentEvent | VerifiedRefundEvent;
  try {
    event = await gateway.parseNotification(incoming);
  } catch (err) {
    if (!(err instanceof NotificationRejected)) throw err;
    deps.log.warn({ gateway: gateway.id, reason: err.reason, err: err.message }, 'payment notification rejected');
    await recordRejectedNotification(deps.ctx.db, { gateway: gateway.id, rawBody: incoming.rawBody.slice(0, 65_536), outcome: err.reason, now: deps.ctx.now() });
    return gateway.reply(false);
  }
  if (event.kind === 'refund') return gateway.reply(await refundEventHandler()(deps, gateway.id, event, incoming.rawBody));
  const result = await applyVerifiedEvent(deps, gateway.id, event, incoming.rawBody);
  return gateway.reply(result.accepted);
}

/** A provider's answer to a query, as the event the notify path would have applied (reconciler, order switch). */
export function eventFromQuery(orderNo: string, state: ProviderOrderState, source: 'reconcile' | 'expire' | 'switch'): VerifiedPaymentEvent | null {
  if (state.status === 'pending') return null;
  if (state.status === 'closed') {
    return { notificationId: `${source}:${orderNo}:closed`, orderNo, kind: 'closed', amountFen: null, currency: null, providerTradeNo: null, occurredAt: null };
  }
  return {
    notificationId: `${source}:${orderNo}:paid`,
    orderNo,
    kind: 'paid',
    amountFen: state.amountFen,
    currency: state.currency,
    providerTradeNo: state.providerTradeNo,
    occurredAt: state.paidAt,
  };
}

/** The platform closing an order itself (expired, or replaced by another channel), as an event. */
export function closeEvent(orderNo: string, source: 'expire' | 'switch'): VerifiedPaymentEvent {
  return { notificationId: `${source}:${orderNo}:closed`, orderNo, kind: 'closed', amountFen: null, currency: null, providerTradeNo: null, occurredAt: null };
}
