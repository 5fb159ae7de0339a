import type { PaymentGatewayId, ProviderRefundState, VerifiedRefundEvent } from '../../providers/payment/payment-provider.ts';
import { deliverAfterCommit } from '../notifications/notifications.service.ts';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import { registerRefundEventHandler } from '../payments/purposes.ts';
import { applyRefundEventTx, type RefundEventResult } from './refund-events.repo.ts';

/** What applying a refund result needs: the payment services' deps (payments/payment-deps.ts). */
export type RefundDeps = PaymentDeps;

export type { RefundEventOutcome, RefundEventResult } from './refund-events.repo.ts';

/**
 * The one place a refund's result is applied, in ONE transaction (decision 068): record the notification (a
 * verified id seen before is a duplicate: acknowledged, nothing applied), lock the refund and its order, move
 * the refund through the domain machine, add a success to the order's refunded_fen (the order turns 'refunded'
 * when it reaches the amount, and a fully refunded tuition is no longer paid), write the audit row and the
 * student's SMS. Notifications, the provider's synchronous answers and the reconciler's queries all come here.
 */
export async function applyRefundResult(deps: RefundDeps, gateway: PaymentGatewayId, event: VerifiedRefundEvent, rawBody: string, failureReason?: string): Promise<RefundEventResult> {
  const { result, notificationIds } = await applyRefundEventTx(deps.ctx.db, { gateway, event, rawBody, failureReason, now: deps.ctx.now() });
  deliverAfterCommit(deps.ctx, deps.log, notificationIds);
  const fields = { gateway, refundNo: event.refundNo, notificationId: event.notificationId, outcome: result.outcome };
  if (result.outcome === 'amount_mismatch') deps.log.error(fields, 'refund notification amount does not match the refund; refund unchanged');
  else if (result.outcome === 'unknown_refund' || result.outcome === 'invalid_transition') deps.log.warn(fields, 'refund event not applied');
  else deps.log.info(fields, 'refund event');
  return result;
}

/**
 * Applies a verified refund notification to the refund it names (decision 068). Returns whether the
 * provider may stop re-delivering it.
 */
export async function applyRefundEvent(deps: RefundDeps, gateway: PaymentGatewayId, event: VerifiedRefundEvent, rawBody: string): Promise<boolean> {
  return (await applyRefundResult(deps, gateway, event, rawBody)).accepted;
}

/** A provider's answer (to the request or a query) as the event a notification would carry. */
export function eventFromRefundState(orderNo: string, refundNo: string, state: ProviderRefundState, source: 'submit' | 'reconcile'): VerifiedRefundEvent {
  return {
    notificationId: `${source}:${refundNo}:${state.status}`,
    kind: 'refund',
    orderNo,
    refundNo,
    status: state.status,
    refundFen: null,
    providerRefundNo: state.providerRefundNo,
    occurredAt: state.status === 'succeeded' ? state.succeededAt : null,
  };
}

/**
 * Start-up (docs/decisions/077): refund notifications arriving on a payment notify URL are handed to this module
 * through the payments module's hook; payments does not import refunds.
 */
export function registerRefundPaymentHooks(): void {
  registerRefundEventHandler(applyRefundEvent);
}
