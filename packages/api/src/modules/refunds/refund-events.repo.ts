/**
 * The transaction behind applyRefundResult (refund-events.ts, decision 068): record the notification (a verified
 * id seen before is a duplicate), lock the order then the refund, move the refund through the domain machine, add
 * a success to the order's refunded_fen, hand a full refund to its purpose's owner (a tuition loses its stamp), write the audit row and the student's
 * SMS. Returns the outcome and the SMS ids to deliver after commit.
 */
import { eq, sql } from 'drizzle-orm';
import { fenToYuanString, transitionOrder, transitionRefund } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { paymentNotifications, paymentOrders, paymentRefunds } from '../../db/schema-payments.ts';
import type { PaymentGatewayId, VerifiedRefundEvent } from '../../providers/payment/payment-provider.ts';
import { recordAudit } from '../audit/audit-write.ts';
import { enqueueNotification } from '../notifications/notifications.queries.ts';
import { paymentPurpose } from '../payments/purposes.ts';
import { lockOrderById } from './refunds.repo.ts';

export type RefundEventOutcome = 'duplicate' | 'applied' | 'unchanged' | 'unknown_refund' | 'amount_mismatch' | 'invalid_transition';

export interface RefundEventResult {
  outcome: RefundEventOutcome;
  /** Whether the provider may stop re-delivering. */
  accepted: boolean;
}

export async function applyRefundEventTx(
  db: Db,
  input: { gateway: PaymentGatewayId; event: VerifiedRefundEvent; rawBody: string; failureReason: string | undefined; now: Date },
): Promise<{ result: RefundEventResult; notificationIds: number[] }> {
  const { gateway, event, rawBody, failureReason, now } = input;
  const notificationIds: number[] = [];
  const result = await db.transaction(async (tx): Promise<RefundEventResult> => {
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
      // What a full refund undoes is the purpose's owner's (docs/decisions/077): a fully refunded tuition,
      // deposit or final payment leaves the tuition unpaid (decisions 068 and 072).
      if (full) await paymentPurpose(order.purpose).onRefunded?.(tx, order, now);
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
  return { result, notificationIds };
}
