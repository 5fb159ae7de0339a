import { and, asc, eq, gt, isNotNull, isNull, ne } from 'drizzle-orm';
import { fenToYuanString, type PaymentPurpose } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { studentProfiles } from '../../db/schema.ts';
import { admissionDecisions } from '../../db/schema-admission.ts';
import { paymentDues, paymentOrders } from '../../db/schema-payments.ts';
import { enqueueNotification } from '../notifications/notifications.queries.ts';

export { listDues, upsertExtensionAudited, type PaymentDueRow } from '../payments/payments.queries.ts';

/**
 * When the student's offer was released, or null when no offer stands. The profile's offer_letter is the gate
 * (docs/product/data.md, as the payment pages read it); the decision's release time dates it, else the profile's offer time.
 */
export async function findOfferReleasedAt(db: Db, accountId: number, now: Date): Promise<{ releasedAt: Date | null; tuitionPaidAt: Date | null } | null> {
  const [row] = await db
    .select({
      releasedAt: admissionDecisions.releasedAt,
      decision: admissionDecisions.decision,
      tuitionPaidAt: studentProfiles.tuitionPaidAt,
      offerLetter: studentProfiles.offerLetter,
      offerCreatedAt: studentProfiles.offerCreatedAt,
    })
    .from(studentProfiles)
    .leftJoin(admissionDecisions, eq(admissionDecisions.accountId, studentProfiles.accountId))
    .where(eq(studentProfiles.accountId, accountId));
  if (!row) return null;
  const released = row.offerLetter ? ((row.decision === 'offer' ? row.releasedAt : null) ?? row.offerCreatedAt ?? now) : null;
  return { releasedAt: released, tuitionPaidAt: row.tuitionPaidAt };
}

/** Students the daily job looks at: a released offer, tuition not paid. Keyset pages by account id. */
export async function listUnpaidOfferHolders(db: Db, afterId: number, limit: number): Promise<Array<{ accountId: number; releasedAt: Date }>> {
  const rows = await db
    .select({ accountId: studentProfiles.accountId, releasedAt: admissionDecisions.releasedAt })
    .from(studentProfiles)
    .innerJoin(admissionDecisions, eq(admissionDecisions.accountId, studentProfiles.accountId))
    .where(
      and(
        gt(studentProfiles.accountId, afterId),
        isNull(studentProfiles.tuitionPaidAt),
        isNotNull(studentProfiles.offerLetter),
        eq(admissionDecisions.decision, 'offer'),
        isNotNull(admissionDecisions.releasedAt),
      ),
    )
    .orderBy(asc(studentProfiles.accountId))
    .limit(limit);
  return rows.flatMap((r) => (r.releasedAt ? [{ accountId: r.accountId, releasedAt: r.releasedAt }] : []));
}


/**
 * Claims the overdue mark for one installment: true exactly once per (student, purpose, due date), however many
 * processes or retries run the job. An extension clears the mark.
 */
export async function claimOverdue(db: Db, w: { accountId: number; purpose: PaymentPurpose; action: string; now: Date }): Promise<boolean> {
  const inserted = await db
    .insert(paymentDues)
    .values({ accountId: w.accountId, purpose: w.purpose, overdueAt: w.now, overdueAction: w.action, createdAt: w.now })
    .onConflictDoNothing({ target: [paymentDues.accountId, paymentDues.purpose, paymentDues.programmeId] })
    .returning({ id: paymentDues.id });
  if (inserted.length > 0) return true;
  const updated = await db
    .update(paymentDues)
    .set({ overdueAt: w.now, overdueAction: w.action })
    .where(and(eq(paymentDues.accountId, w.accountId), eq(paymentDues.purpose, w.purpose), eq(paymentDues.programmeId, 0), isNull(paymentDues.overdueAt)))
    .returning({ id: paymentDues.id });
  return updated.length > 0;
}

export async function listOpenOrders(db: Db, accountId: number, purpose: PaymentPurpose) {
  return db
    .select({ orderNo: paymentOrders.orderNo, gateway: paymentOrders.gateway })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.accountId, accountId), eq(paymentOrders.purpose, purpose), eq(paymentOrders.status, 'pending')));
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Tuition is paid (inside the money transaction, for the order that completes it): the first payment wins the
 * profile's stamp and only that one is "tuition received" for the student (a second order paid across a channel
 * switch is a refund case, not news). Returns the SMS written, to deliver after commit.
 */
export async function stampTuitionPaid(
  tx: Tx,
  order: { id: number; accountId: number; amountFen: number; payer: string },
  at: Date,
  now: Date,
): Promise<number[]> {
  const first = await tx
    .update(studentProfiles)
    .set({ tuitionPaidAt: at, updatedAt: now })
    .where(and(eq(studentProfiles.accountId, order.accountId), isNull(studentProfiles.tuitionPaidAt)))
    .returning({ accountId: studentProfiles.accountId });
  if (first.length === 0) return [];
  const id = await enqueueNotification(tx, {
    eventKey: `tuition_paid:${order.id}`,
    kind: order.payer === 'parent' ? 'parent_paid' : 'tuition_paid',
    accountId: order.accountId,
    params: { amount: fenToYuanString(order.amountFen) },
    now,
  });
  return id === null ? [] : [id];
}

/**
 * A tuition order was refunded in full (inside the refund transaction, decisions 068 and 072): tuition is not
 * paid any more. The offer stays, the stamp goes, unless another order of the same purpose still holds the
 * student's money.
 */
export async function unstampRefundedTuition(tx: Tx, order: { id: number; accountId: number; purpose: PaymentPurpose }, now: Date): Promise<void> {
  const other = await tx
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.accountId, order.accountId), eq(paymentOrders.purpose, order.purpose), eq(paymentOrders.status, 'paid'), ne(paymentOrders.id, order.id)))
    .limit(1);
  if (other.length > 0) return;
  await tx.update(studentProfiles).set({ tuitionPaidAt: null, updatedAt: now }).where(eq(studentProfiles.accountId, order.accountId));
}
