/**
 * The online notice's read flag and the offline-to-online answer, kept in `student_forms` under reserved
 * names (decision 017; the public form endpoint cannot write them).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { NOTICE_FORM_NAMES, type OfflineToOnlineChoice } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { auditLog, studentProfiles } from '../../db/schema.ts';
import { studentForms } from '../../db/schema-admission.ts';

export const NOTICE_AUDIT = { entity: 'student_notice', action: 'notice.offline_to_online' } as const;

const NAMES = [NOTICE_FORM_NAMES.onlineRead, NOTICE_FORM_NAMES.offlineToOnline];

export interface NoticeRows {
  /** Null when the account has no student profile. */
  tuitionPaidAt: Date | null | undefined;
  forms: Array<{ formName: string; value: unknown; submittedAt: Date | null }>;
}

export async function findNoticeRows(db: Db, accountId: number): Promise<NoticeRows> {
  const [profiles, forms] = await Promise.all([
    db.select({ tuitionPaidAt: studentProfiles.tuitionPaidAt }).from(studentProfiles).where(eq(studentProfiles.accountId, accountId)).limit(1),
    db
      .select({ formName: studentForms.formName, value: studentForms.value, submittedAt: studentForms.submittedAt })
      .from(studentForms)
      .where(and(eq(studentForms.accountId, accountId), inArray(studentForms.formName, NAMES))),
  ]);
  return { tuitionPaidAt: profiles[0] ? profiles[0].tuitionPaidAt : undefined, forms };
}

/** Idempotent: the first confirmation's time is kept. */
export async function insertOnlineRead(db: Db, accountId: number, now: Date): Promise<void> {
  await db
    .insert(studentForms)
    .values({ accountId, formName: NOTICE_FORM_NAMES.onlineRead, value: { read: true }, submittedAt: now, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [studentForms.accountId, studentForms.formName] });
}

/**
 * Records the answer once, with its audit row, in one transaction. `check` runs on the student's profile
 * row, locked, so a refund racing the answer is seen; it throws when the rule refuses. A repeated answer
 * changes nothing and writes no second audit row.
 */
export async function insertOfflineToOnlineAudited(
  db: Db,
  w: { accountId: number; chosen: OfflineToOnlineChoice; now: Date; check: (profile: { tuitionPaidAt: Date | null } | undefined) => void },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ tuitionPaidAt: studentProfiles.tuitionPaidAt })
      .from(studentProfiles)
      .where(eq(studentProfiles.accountId, w.accountId))
      .for('update');
    w.check(profile);
    const value = { chosen: w.chosen };
    const inserted = await tx
      .insert(studentForms)
      .values({ accountId: w.accountId, formName: NOTICE_FORM_NAMES.offlineToOnline, value, submittedAt: w.now, createdAt: w.now, updatedAt: w.now })
      .onConflictDoNothing({ target: [studentForms.accountId, studentForms.formName] })
      .returning({ id: studentForms.id });
    if (inserted.length === 0) return;
    await tx.insert(auditLog).values({
      actorId: w.accountId,
      action: NOTICE_AUDIT.action,
      entity: NOTICE_AUDIT.entity,
      entityId: String(w.accountId),
      before: null,
      after: { ...value, at: w.now.toISOString() },
      createdAt: w.now,
    });
  });
}
