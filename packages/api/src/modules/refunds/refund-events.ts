import { and, eq, sql } from 'drizzle-orm';
import { fenToYuanString, installmentOf, transitionOrder, transitionRefund } from '@summit/domain';
import { studentProfiles } from '../../db/schema.ts';
import { paymentNotifications, paymentOrders, paymentRefunds } from '../../db/schema-payments.ts';
import type { PaymentGatewayId, ProviderRefundState, VerifiedRefundEvent } from '../../providers/payment/payment-provider.ts';
import { recordAudit } from '../audit/audit-write.repo.ts';
import { enqueueNotification } from '../notifications/notifications.repo.ts';
import { deliverAfterCommit } from '../notifications/notifications.service.ts';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import { hasOtherPaidOrder, lockOrderById } from './refunds.repo.ts';

/** What applying a refund result needs: the payment services' deps (payments/payment-deps.ts). */
export type RefundDeps = PaymentDeps;

export type RefundEventOutcome = 'duplicate' | 'applied' | 'unchanged' | 'unknown_refund' | 'amount_mismatch' | 'invalid_transition';

export interface RefundEventResult {
  outcome: RefundEventOutcome;
  /** Whether the provider may stop re-delivering. */
  accepted: boolean;
}

/**
 * The one place a refund's result is applied, in ONE transaction (decision 068): record the notification (a
 * verified id seen before is a duplicate: acknowledged, nothing applied), lock the refund and its order, move
 * the refund through the domain machine, add a success to the order's refunded_fen (the order turns 'refunded'
 * when it reaches the amount, and a fully refunded tuition is no longer paid), write the audit row and the
 * student's SMS. Notifications, the provider's synchronous answers and the reconciler's queries all come here.
 */
export async function applyRefundResult(deps: RefundDeps, gateway: PaymentGatewayId, event: VerifiedRefundEvent, rawBody: string, failureReason?: string): Promise<RefundEventResult> {
  const now = deps.ctx.now();
  const notificationIds: number[] = [];
  const result = await deps.ctx.db.transaction(async (tx): Promise<RefundEventResult> => {
    const inserted = await tx
      .insert(paymentNotifications)
      .values({ gateway, notificationId: event.notificationId, orderNo: event.orderNo, rawBody: rawBody.slice(0, 65_536), verified: true, outcome: 'processing', createdAt: now })
      .onConflictDoNothing({ target: [paymentNotifications.gateway, paymentNotifications.notificationId], where: sql`${paymentNotifications.verified}` })
      .returning({ id: paymentNotifications.id });
    const rowId = inserted[0]?.id;
    if (rowId === undefined) return { outcome: 'duplicate', accepted: true };
    const finish = async (outcome: RefundEventOutcome, accepted: boolean): Promise<RefundEventResult> => {
      await tx.update(paymentNotifications).set({ outcome: `refund_${outcome}` }).where(eq(paymentNotifications.id, rowId));
      return { outcome, accepted };
    };

    const [found] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.refundNo, event.refundNo)).limit(1);
    if (!found) return finish('unknown_refund', true);
    // Order first, then refund: the same lock order as a new refund request, so the two never deadlock.
    const order = await lockOrderById(tx, found.orderId);
    const [refund] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, found.id)).for('update');
    if (!order || !refund || order.orderNo !== event.orderNo || order.gateway !== gateway) return finish('unknown_refund', true);
    if (event.refundFen !== null && event.refundFen !== refund.amountFen) return finish('amount_mismatch', false);
    if (event.status === 'processing') {
      if (event.providerRefundNo && !refund.providerRefundNo) {
        await tx.update(paymentRefunds).set({ providerRefundNo: event.providerRefundNo, updatedAt: now }).where(eq(paymentRefunds.id, refund.id));
      }
      return finish('unchanged', true);
    }

    const step = transitionRefund(refund.status, event.status === 'succeeded' ? 'succeed' : 'fail');
    if (!step.ok) return finish('invalid_transition', true);
    if (!step.changed) return finish('unchanged', true);

    const at = event.occurredAt ?? now;
    await tx
      .update(paymentRefunds)
      .set({
        status: step.next,
        updatedAt: now,
        providerRefundNo: event.providerRefundNo ?? refund.providerRefundNo,
        ...(step.next === 'succeeded' ? { succeededAt: at } : { failedAt: at, failureReason: (failureReason ?? refund.failureReason ?? '渠道退款失败').slice(0, 500) }),
      })
      .where(eq(paymentRefunds.id, refund.id));

    let orderAfter: { status: string; refundedFen: number } = { status: order.status, refundedFen: order.refundedFen };
    if (step.next === 'succeeded') {
      const refundedFen = order.refundedFen + refund.amountFen;
      const full = refundedFen >= order.amountFen;
      const orderStep = full ? transitionOrder(order.status, 'refunded') : null;
      await tx
        .update(paymentOrders)
        .set({
          refundedFen,
          updatedAt: now,
          ...(orderStep?.ok && orderStep.changed ? { status: orderStep.next, refundedAt: at } : {}),
        })
        .where(eq(paymentOrders.id, order.id));
      orderAfter = { status: orderStep?.ok ? orderStep.next : order.status, refundedFen };
      // A fully refunded tuition is not paid any more (decision 068): the offer stays, the stamp goes, unless
      // another order of the same purpose still holds the student's money. A fully refunded deposit or final
      // payment (decision 072) leaves the tuition unpaid the same way.
      const tuitionOrder = order.purpose === 'tuition' || installmentOf(order.purpose)?.product === 'tuition';
      if (full && tuitionOrder && !(await hasOtherPaidOrder(tx, order.accountId, order.purpose, order.id))) {
        await tx.update(studentProfiles).set({ tuitionPaidAt: null, updatedAt: now }).where(and(eq(studentProfiles.accountId, order.accountId)));
      }
      const id = await enqueueNotification(tx, {
        eventKey: `refund_succeeded:${refund.id}`,
        kind: 'refund_succeeded',
        accountId: order.accountId,
        params: { amount: fenToYuanString(refund.amountFen) },
        now,
      });
      if (id !== null) notificationIds.push(id);
    }
    await recordAudit(tx, {
      actorId: null,
      action: step.next === 'succeeded' ? 'refund.succeeded' : 'refund.failed',
      entity: 'payment_refund',
      entityId: refund.refundNo,
      before: { status: refund.status, order_status: order.status, order_refunded_fen: order.refundedFen },
      after: { status: step.next, order_status: orderAfter.status, order_refunded_fen: orderAfter.refundedFen, gateway, notification_id: event.notificationId },
      now,
    });
    return finish('applied', true);
  });
  deliverAfterCommit(deps.ctx, deps.log, notificationIds);
  const fields = { gateway, refundNo: event.refundNo, notificationId: event.notificationId, outcome: result.outcome };
  if (result.outcome === 'amount_mismatch') deps.log.error(fields, 'refund notification amount does not match the refund; refund unchanged');
  else if (result.outcome === 'unknown_refund' || result.outcome === 'invalid_transition') deps.log.warn(fields, 'refund event not applied');
  else deps.log.info(fields, 'refund event');
  return result;
}

/**
 * Applies a verified refund notification to the refund it names (issue 14 item 4). Returns whether the
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
