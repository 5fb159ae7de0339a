import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog, studentProfiles } from '../../db/schema.ts';
import { studentForms } from '../../db/schema-admission.ts';
import { staffPermissions } from '../../db/schema-checklist.ts';

export interface StudentGateRow {
  offerLetter: number | null;
  tuitionPaidAt: Date | null;
  professionalTrack: string | null;
  batchStr: string;
}

export async function findStudentGate(db: Db, accountId: number): Promise<StudentGateRow | null> {
  const [row] = await db
    .select({ offerLetter: studentProfiles.offerLetter, tuitionPaidAt: studentProfiles.tuitionPaidAt, professionalTrack: studentProfiles.professionalTrack, batchStr: studentProfiles.batchStr })
    .from(studentProfiles)
    .where(eq(studentProfiles.accountId, accountId));
  return row ?? null;
}

export interface FormRow {
  formName: string;
  value: unknown;
  submittedAt: Date | null;
}

export async function findFormRows(db: Db, accountId: number, names: readonly string[]): Promise<FormRow[]> {
  if (names.length === 0) return [];
  return db
    .select({ formName: studentForms.formName, value: studentForms.value, submittedAt: studentForms.submittedAt })
    .from(studentForms)
    .where(and(eq(studentForms.accountId, accountId), inArray(studentForms.formName, [...names])));
}

/** The files a student handed in for the checklist's upload:* items (rows named by the item key). */
export async function findChecklistUploads(db: Db, accountId: number): Promise<Array<{ key: string; value: unknown; submittedAt: Date }>> {
  const rows = await db
    .select({ key: studentForms.formName, value: studentForms.value, submittedAt: studentForms.submittedAt })
    .from(studentForms)
    .where(and(eq(studentForms.accountId, accountId), sql`${studentForms.formName} like 'upload:%'`, isNotNull(studentForms.submittedAt)))
    .orderBy(asc(studentForms.formName));
  return rows.map((r) => ({ key: r.key, value: r.value, submittedAt: r.submittedAt! }));
}

/**
 * A draft (submittedAt null) or a submission. A draft never overwrites a submitted row: the conditional
 * update is the guard, so two tabs racing cannot un-submit a form. Null when the draft was refused.
 */
export async function writeForm(db: Db, w: { accountId: number; formName: string; value: unknown; submit: boolean; now: Date }): Promise<FormRow | null> {
  const submittedAt = w.submit ? w.now : null;
  const rows = await db
    .insert(studentForms)
    .values({ accountId: w.accountId, formName: w.formName, value: w.value, submittedAt, createdAt: w.now, updatedAt: w.now })
    .onConflictDoUpdate({
      target: [studentForms.accountId, studentForms.formName],
      set: { value: sql`excluded.value`, submittedAt, updatedAt: w.now },
      ...(w.submit ? {} : { setWhere: sql`${studentForms.submittedAt} is null` }),
    })
    .returning({ formName: studentForms.formName, value: studentForms.value, submittedAt: studentForms.submittedAt });
  return rows[0] ?? null;
}

/** Submitted mailing addresses with the student's account, for the courier export. */
export async function listSubmittedForms(db: Db, formName: string) {
  return db
    .select({ accountId: studentForms.accountId, value: studentForms.value, submittedAt: studentForms.submittedAt, name: accounts.name, phone: accounts.phone })
    .from(studentForms)
    .innerJoin(accounts, eq(accounts.id, studentForms.accountId))
    .where(and(eq(studentForms.formName, formName), isNotNull(studentForms.submittedAt)))
    .orderBy(asc(studentForms.submittedAt));
}

export async function studentExists(db: Db, accountId: number): Promise<boolean> {
  const [row] = await db.select({ id: studentProfiles.accountId }).from(studentProfiles).where(eq(studentProfiles.accountId, accountId));
  return row !== undefined;
}

// Permissions and audit ---------------------------------------------------------------------------------------

export async function hasHealthRead(db: Db, accountId: number): Promise<boolean> {
  const [row] = await db.select({ v: staffPermissions.healthRead }).from(staffPermissions).where(eq(staffPermissions.accountId, accountId));
  return row?.v === true;
}

export async function listAdminPermissions(db: Db) {
  return db
    .select({ accountId: accounts.id, name: accounts.name, phone: accounts.phone, healthRead: sql<boolean>`coalesce(${staffPermissions.healthRead}, false)` })
    .from(accounts)
    .leftJoin(staffPermissions, eq(staffPermissions.accountId, accounts.id))
    .where(eq(accounts.isAdmin, true))
    .orderBy(asc(accounts.id));
}

export async function isAdminAccount(db: Db, accountId: number): Promise<boolean> {
  const [row] = await db.select({ isAdmin: accounts.isAdmin }).from(accounts).where(eq(accounts.id, accountId));
  return row?.isAdmin === true;
}

/** Sets the permission and writes its audit row in one transaction. */
export async function setHealthReadAudited(db: Db, w: { actorId: number; accountId: number; healthRead: boolean; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ v: staffPermissions.healthRead }).from(staffPermissions).where(eq(staffPermissions.accountId, w.accountId)).for('update');
    await tx
      .insert(staffPermissions)
      .values({ accountId: w.accountId, healthRead: w.healthRead, grantedBy: w.actorId, updatedAt: w.now })
      .onConflictDoUpdate({ target: staffPermissions.accountId, set: { healthRead: w.healthRead, grantedBy: w.actorId, updatedAt: w.now } });
    await tx.insert(auditLog).values({
      actorId: w.actorId,
      action: 'staff.permission.health_read',
      entity: 'account',
      entityId: String(w.accountId),
      before: { health_read: before?.v ?? false },
      after: { health_read: w.healthRead },
      createdAt: w.now,
    });
  });
}

export async function writeAudit(db: Db, e: { actorId: number | null; action: string; entity: string; entityId: string; after?: unknown; now: Date }): Promise<void> {
  await db.insert(auditLog).values({ actorId: e.actorId, action: e.action, entity: e.entity, entityId: e.entityId, after: e.after ?? null, createdAt: e.now });
}
