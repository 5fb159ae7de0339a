import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { PaymentPurpose } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { studentProfiles } from '../../db/schema.ts';
import { admissionDecisions } from '../../db/schema-admission.ts';
import { paymentDues, paymentOrders } from '../../db/schema-payments.ts';
import { recordAudit } from '../audit/audit-write.repo.ts';

export type PaymentDueRow = typeof paymentDues.$inferSelect;

export async function listDues(db: Db, accountId: number): Promise<PaymentDueRow[]> {
  return db.select().from(paymentDues).where(eq(paymentDues.accountId, accountId));
}

/**
 * When the student's offer was released, or null when no offer stands. The profile's offer_letter is the gate
 * (spec §3, as the payment pages read it); the decision's release time dates it, else the profile's offer time.
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

/** An admin's extension, audited in the same transaction; clears an applied overdue mark so the rule can apply again later. */
export async function upsertExtensionAudited(
  db: Db,
  w: { accountId: number; purpose: PaymentPurpose; dueAt: Date; reason: string; actorId: number; now: Date; originalDueAt: Date | null },
): Promise<PaymentDueRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(paymentDues).where(and(eq(paymentDues.accountId, w.accountId), eq(paymentDues.purpose, w.purpose))).for('update');
    const values = { extendedDueAt: w.dueAt, extensionReason: w.reason, extendedBy: w.actorId, extendedAt: w.now, overdueAt: null, overdueAction: null };
    const [row] = await tx
      .insert(paymentDues)
      .values({ accountId: w.accountId, purpose: w.purpose, createdAt: w.now, ...values })
      .onConflictDoUpdate({ target: [paymentDues.accountId, paymentDues.purpose], set: values })
      .returning();
    if (!row) throw new Error('due extension not written');
    await recordAudit(tx, {
      actorId: w.actorId,
      action: 'payment.due_date.extend',
      entity: 'student',
      entityId: w.accountId,
      before: { purpose: w.purpose, due_at: (before?.extendedDueAt ?? w.originalDueAt)?.toISOString() ?? null },
      after: { purpose: w.purpose, due_at: w.dueAt.toISOString(), reason: w.reason },
      now: w.now,
    });
    return row;
  });
}

/**
 * Claims the overdue mark for one installment: true exactly once per (student, purpose, due date), however many
 * processes or retries run the job. An extension clears the mark.
 */
export async function claimOverdue(db: Db, w: { accountId: number; purpose: PaymentPurpose; action: string; now: Date }): Promise<boolean> {
  const inserted = await db
    .insert(paymentDues)
    .values({ accountId: w.accountId, purpose: w.purpose, overdueAt: w.now, overdueAction: w.action, createdAt: w.now })
    .onConflictDoNothing({ target: [paymentDues.accountId, paymentDues.purpose] })
    .returning({ id: paymentDues.id });
  if (inserted.length > 0) return true;
  const updated = await db
    .update(paymentDues)
    .set({ overdueAt: w.now, overdueAction: w.action })
    .where(and(eq(paymentDues.accountId, w.accountId), eq(paymentDues.purpose, w.purpose), isNull(paymentDues.overdueAt)))
    .returning({ id: paymentDues.id });
  return updated.length > 0;
}

export async function listOpenOrders(db: Db, accountId: number, purpose: PaymentPurpose) {
  return db
    .select({ orderNo: paymentOrders.orderNo, gateway: paymentOrders.gateway })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.accountId, accountId), eq(paymentOrders.purpose, purpose), eq(paymentOrders.status, 'pending')));
}
