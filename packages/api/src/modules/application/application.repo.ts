import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { studentProfiles } from '../../db/schema.ts';
import { admissionDecisions, applications, studentForms } from '../../db/schema-admission.ts';
import { upsertIdentity, type IdentityWrite } from '../privacy/privacy.queries.ts';

export type ApplicationRow = typeof applications.$inferSelect;
export type ProfileRow = typeof studentProfiles.$inferSelect;

/** The student's profile (stamps) and application (answers), in one read. */
export async function findApplication(db: Db, accountId: number): Promise<{ profile: ProfileRow; application: ApplicationRow | null } | undefined> {
  const rows = await db
    .select({ profile: studentProfiles, application: applications })
    .from(studentProfiles)
    .leftJoin(applications, eq(applications.accountId, studentProfiles.accountId))
    .where(eq(studentProfiles.accountId, accountId))
    .limit(1);
  return rows[0];
}

/** Only a released decision: drafts stay with the admins. */
export async function findReleasedDecision(db: Db, accountId: number) {
  const rows = await db
    .select({ decision: admissionDecisions.decision, releasedAt: admissionDecisions.releasedAt })
    .from(admissionDecisions)
    .where(and(eq(admissionDecisions.accountId, accountId), isNotNull(admissionDecisions.releasedAt)))
    .limit(1);
  return rows[0];
}

const stepColumn = (step: 1 | 2) => (step === 1 ? studentProfiles.step1SubmittedAt : studentProfiles.step2SubmittedAt);

/**
 * Saves a draft, but only while the step is still unsubmitted (checked in the same statement, so a draft
 * racing a submission can never overwrite submitted answers). False when the step was submitted meanwhile.
 */
export async function saveDraft(db: Db, accountId: number, step: 1 | 2, data: Record<string, unknown>, now: Date, identity?: IdentityWrite): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ accountId: studentProfiles.accountId })
      .from(studentProfiles)
      .where(and(eq(studentProfiles.accountId, accountId), isNull(stepColumn(step))))
      .for('update');
    if (!locked) return false;
    const set = step === 1 ? { step1: data, updatedAt: now } : { step2: data, updatedAt: now };
    await tx
      .insert(applications)
      .values({ accountId, ...set, createdAt: now })
      .onConflictDoUpdate({ target: applications.accountId, set });
    // The ID number lives sealed in student_identity (decision 064), written with the draft that carried it.
    if (identity) await upsertIdentity(tx, accountId, identity, now);
    return true;
  });
}

export interface Step1Submission {
  data: Record<string, unknown>;
  batch: string;
  consentVersion: string;
  now: Date;
  identity: IdentityWrite;
}

/** Stores the answers and stamps step 1, batch and consent in one transaction; false if already submitted. */
export async function submitStep1(db: Db, accountId: number, s: Step1Submission): Promise<boolean> {
  return db.transaction(async (tx) => {
    const stamped = await tx
      .update(studentProfiles)
      .set({ step1SubmittedAt: s.now, batchStr: s.batch, updatedAt: s.now })
      .where(and(eq(studentProfiles.accountId, accountId), isNull(studentProfiles.step1SubmittedAt)))
      .returning({ accountId: studentProfiles.accountId });
    if (stamped.length === 0) return false;
    const set = { step1: s.data, batch: s.batch, consentVersion: s.consentVersion, consentAt: s.now, updatedAt: s.now };
    await tx
      .insert(applications)
      .values({ accountId, ...set, createdAt: s.now })
      .onConflictDoUpdate({ target: applications.accountId, set });
    await upsertIdentity(tx, accountId, s.identity, s.now);
    return true;
  });
}

/** Stores step 2's answers and stamps it, only after step 1 and only once; false otherwise. */
export async function submitStep2(db: Db, accountId: number, data: Record<string, unknown>, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const stamped = await tx
      .update(studentProfiles)
      .set({ step2SubmittedAt: now, updatedAt: now })
      .where(and(eq(studentProfiles.accountId, accountId), isNull(studentProfiles.step2SubmittedAt), isNotNull(studentProfiles.step1SubmittedAt)))
      .returning({ accountId: studentProfiles.accountId });
    if (stamped.length === 0) return false;
    await tx
      .insert(applications)
      .values({ accountId, step2: data, updatedAt: now, createdAt: now })
      .onConflictDoUpdate({ target: applications.accountId, set: { step2: data, updatedAt: now } });
    return true;
  });
}

// Follow-up forms --------------------------------------------------------------------------------------------

export async function upsertForm(db: Db, accountId: number, formName: string, value: unknown, now: Date) {
  const rows = await db
    .insert(studentForms)
    .values({ accountId, formName, value, submittedAt: now, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [studentForms.accountId, studentForms.formName],
      set: { value: sql`excluded.value`, submittedAt: now, updatedAt: now },
    })
    .returning({ formName: studentForms.formName, value: studentForms.value, submittedAt: studentForms.submittedAt });
  return rows[0]!;
}

export async function findForms(db: Db, accountId: number, formNames: readonly string[]) {
  return db
    .select({ formName: studentForms.formName, value: studentForms.value, submittedAt: studentForms.submittedAt })
    .from(studentForms)
    .where(and(eq(studentForms.accountId, accountId), inArray(studentForms.formName, [...formNames])));
}
