/**
 * Due-date extensions and overdue marks of every installment, the summer tuition's and another programme's
 * (decisions 072, 090). In the payments core so the dues module and the programmes both use it without
 * depending on each other (decision 078).
 */
import { and, eq } from 'drizzle-orm';
import type { PaymentPurpose } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { paymentDues } from '../../db/schema-payments.ts';
import { recordAudit } from '../audit/audit-write.ts';

export type PaymentDueRow = typeof paymentDues.$inferSelect;

/** A student's extensions and overdue marks: the summer programme's (programme 0) or another programme's. */
export async function listDues(db: Db, accountId: number, programmeId = 0): Promise<PaymentDueRow[]> {
  return db.select().from(paymentDues).where(and(eq(paymentDues.accountId, accountId), eq(paymentDues.programmeId, programmeId)));
}

/** An admin's extension, audited in the same transaction; clears an applied overdue mark so the rule can apply again later. */
export async function upsertExtensionAudited(
  db: Db,
  w: { accountId: number; purpose: PaymentPurpose; programmeId?: number; dueAt: Date; reason: string; actorId: number; now: Date; originalDueAt: Date | null },
): Promise<PaymentDueRow> {
  const programmeId = w.programmeId ?? 0;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(paymentDues)
      .where(and(eq(paymentDues.accountId, w.accountId), eq(paymentDues.purpose, w.purpose), eq(paymentDues.programmeId, programmeId)))
      .for('update');
    const values = { extendedDueAt: w.dueAt, extensionReason: w.reason, extendedBy: w.actorId, extendedAt: w.now, overdueAt: null, overdueAction: null };
    const [row] = await tx
      .insert(paymentDues)
      .values({ accountId: w.accountId, purpose: w.purpose, programmeId, createdAt: w.now, ...values })
      .onConflictDoUpdate({ target: [paymentDues.accountId, paymentDues.purpose, paymentDues.programmeId], set: values })
      .returning();
    if (!row) throw new Error('due extension not written');
    await recordAudit(tx, {
      actorId: w.actorId,
      action: 'payment.due_date.extend',
      entity: 'student',
      entityId: w.accountId,
      before: { purpose: w.purpose, ...(programmeId ? { programme_id: programmeId } : {}), due_at: (before?.extendedDueAt ?? w.originalDueAt)?.toISOString() ?? null },
      after: { purpose: w.purpose, ...(programmeId ? { programme_id: programmeId } : {}), due_at: w.dueAt.toISOString(), reason: w.reason },
      now: w.now,
    });
    return row;
  });
}
