import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { AppError, CHECKLIST_MSG, type ChecklistItemInput, type UploadedFile } from '@summit/domain';
import { lockNaturalKey } from '../../db/natural-key-lock.ts';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog, studentProfiles } from '../../db/schema.ts';
import { studentForms } from '../../db/schema-admission.ts';
import { studentNotices } from '../../db/schema-course-centre.ts';
import { checklistConfirmations, checklistItems, checklistPreferences, checklistReminders, checklistWaivers } from '../../db/schema-checklist.ts';
import { enqueueNotification } from '../notifications/notifications.queries.ts';
import { recordAudit } from '../audit/audit-write.ts';

export type ItemRow = typeof checklistItems.$inferSelect;

export function listItems(db: Db): Promise<ItemRow[]> {
  return db.select().from(checklistItems).orderBy(asc(checklistItems.sort), asc(checklistItems.id));
}

export async function findItem(db: Db, id: number): Promise<ItemRow | null> {
  const [row] = await db.select().from(checklistItems).where(eq(checklistItems.id, id));
  return row ?? null;
}

function valuesOf(input: ChecklistItemInput) {
  return {
    key: input.key,
    title: input.title,
    description: input.description,
    kind: input.kind,
    required: input.required,
    dueAt: input.due_at ? new Date(input.due_at) : null,
    targetPath: input.target_path,
    track: input.track,
    batch: input.batch,
    sort: input.sort,
  };
}

/** Same key for the same track and batch would be the same item twice. */
export async function keyTaken(db: Db, input: ChecklistItemInput, exceptId: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: checklistItems.id })
    .from(checklistItems)
    .where(
      and(
        eq(checklistItems.key, input.key),
        input.track === null ? sql`${checklistItems.track} is null` : eq(checklistItems.track, input.track),
        input.batch === null ? sql`${checklistItems.batch} is null` : eq(checklistItems.batch, input.batch),
      ),
    );
  return rows.some((r) => r.id !== exceptId);
}

export async function insertItemAudited(db: Db, input: ChecklistItemInput, actorId: number, now: Date): Promise<ItemRow> {
  return db.transaction(async (tx) => {
    // The service's check, again under the key's lock: two creations of one key at once make one item (decision 092).
    await lockNaturalKey(tx, 'checklist_item', `${input.key}:${input.track ?? ''}:${input.batch ?? ''}`);
    if (await keyTaken(tx, input, null)) throw AppError.param('key', CHECKLIST_MSG.KEY_DUPLICATE);
    const [row] = await tx.insert(checklistItems).values({ ...valuesOf(input), createdAt: now, updatedAt: now }).returning();
    await tx.insert(auditLog).values({ actorId, action: 'checklist.item.create', entity: 'checklist_item', entityId: String(row!.id), after: input, createdAt: now });
    return row!;
  });
}

export async function updateItemAudited(db: Db, id: number, input: ChecklistItemInput, actorId: number, now: Date): Promise<ItemRow | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(checklistItems).where(eq(checklistItems.id, id)).for('update');
    if (!before) return null;
    const [row] = await tx.update(checklistItems).set({ ...valuesOf(input), updatedAt: now }).where(eq(checklistItems.id, id)).returning();
    await tx.insert(auditLog).values({ actorId, action: 'checklist.item.update', entity: 'checklist_item', entityId: String(id), before, after: input, createdAt: now });
    return row!;
  });
}

export async function deleteItemAudited(db: Db, id: number, actorId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.delete(checklistItems).where(eq(checklistItems.id, id)).returning();
    if (!before) return false;
    await tx.insert(auditLog).values({ actorId, action: 'checklist.item.delete', entity: 'checklist_item', entityId: String(id), before, createdAt: now });
    return true;
  });
}

export interface ChecklistStudent {
  id: number;
  name: string;
  phone: string;
  track: string | null;
  batch: string | null;
}

const studentColumns = {
  id: accounts.id,
  name: accounts.name,
  phone: accounts.phone,
  track: studentProfiles.professionalTrack,
  batch: studentProfiles.batchStr,
};

const admittedAndPaid = and(eq(studentProfiles.offerLetter, 1), isNotNull(studentProfiles.tuitionPaidAt));

function normaliseStudent(r: { id: number; name: string; phone: string; track: string | null; batch: string }): ChecklistStudent {
  return { ...r, batch: r.batch === '' ? null : r.batch };
}

/** The students the checklist is for: an offer released and tuition paid. */
export async function listChecklistStudents(db: Db, q?: string): Promise<ChecklistStudent[]> {
  const term = q?.trim();
  const rows = await db
    .select(studentColumns)
    .from(studentProfiles)
    .innerJoin(accounts, eq(accounts.id, studentProfiles.accountId))
    .where(term ? and(admittedAndPaid, or(ilike(accounts.name, `%${term.replace(/[%_\\]/g, '\\$&')}%`), ilike(accounts.phone, `%${term.replace(/[%_\\]/g, '\\$&')}%`))) : admittedAndPaid)
    .orderBy(asc(accounts.id));
  return rows.map(normaliseStudent);
}

export async function findChecklistStudent(db: Db, id: number): Promise<(ChecklistStudent & { admitted: boolean }) | null> {
  const [row] = await db
    .select({ ...studentColumns, offerLetter: studentProfiles.offerLetter, tuitionPaidAt: studentProfiles.tuitionPaidAt })
    .from(studentProfiles)
    .innerJoin(accounts, eq(accounts.id, studentProfiles.accountId))
    .where(eq(studentProfiles.accountId, id));
  if (!row) return null;
  const { offerLetter, tuitionPaidAt, ...rest } = row;
  return { ...normaliseStudent(rest), admitted: offerLetter === 1 && tuitionPaidAt !== null };
}

export async function listWaivers(db: Db, studentIds: readonly number[]): Promise<Array<{ itemId: number; studentId: number }>> {
  if (studentIds.length === 0) return [];
  return db.select({ itemId: checklistWaivers.itemId, studentId: checklistWaivers.studentId }).from(checklistWaivers).where(inArray(checklistWaivers.studentId, [...studentIds]));
}

export async function setWaiverAudited(db: Db, w: { itemId: number; studentId: number; waived: boolean; actorId: number; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    if (w.waived) {
      await tx.insert(checklistWaivers).values({ itemId: w.itemId, studentId: w.studentId, waivedBy: w.actorId, waivedAt: w.now }).onConflictDoNothing();
    } else {
      await tx.delete(checklistWaivers).where(and(eq(checklistWaivers.itemId, w.itemId), eq(checklistWaivers.studentId, w.studentId)));
    }
    await tx.insert(auditLog).values({
      actorId: w.actorId,
      action: w.waived ? 'checklist.waive' : 'checklist.unwaive',
      entity: 'checklist_item',
      entityId: String(w.itemId),
      after: { student_id: w.studentId },
      createdAt: w.now,
    });
  });
}

export async function insertConfirmation(db: Db, studentId: number, key: string, now: Date): Promise<void> {
  await db.insert(checklistConfirmations).values({ studentId, key, confirmedAt: now }).onConflictDoNothing();
}

export async function findSmsPreference(db: Db, studentId: number): Promise<boolean> {
  const [row] = await db.select({ v: checklistPreferences.smsReminders }).from(checklistPreferences).where(eq(checklistPreferences.studentId, studentId));
  return row?.v === true;
}

export async function setSmsPreference(db: Db, studentId: number, smsReminders: boolean, now: Date): Promise<void> {
  await db
    .insert(checklistPreferences)
    .values({ studentId, smsReminders, updatedAt: now })
    .onConflictDoUpdate({ target: checklistPreferences.studentId, set: { smsReminders, updatedAt: now } });
}

/** In-app notices (the course centre's `student_notices`), one per student, in one statement. */
/** An admin's message to chosen students: the notices and the audit row (who, to which ids, what) in one transaction. */
export async function insertNoticesAudited(db: Db, w: { studentIds: readonly number[]; title: string; body: string; actorId: number; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(studentNotices).values(w.studentIds.map((studentId) => ({ studentId, title: w.title, body: w.body, createdAt: w.now })));
    await recordAudit(tx, { actorId: w.actorId, action: 'checklist.message', entity: 'checklist_message', entityId: null, before: null, after: { student_ids: w.studentIds, title: w.title, body: w.body }, now: w.now });
  });
}

/** The files the student handed in for upload:* items, by key. */
export async function listUploadedFiles(db: Db, studentId: number, keys: readonly string[]): Promise<Map<string, UploadedFile>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: studentForms.formName, value: studentForms.value })
    .from(studentForms)
    .where(and(eq(studentForms.accountId, studentId), inArray(studentForms.formName, [...keys]), isNotNull(studentForms.submittedAt)));
  return new Map(rows.map((r) => [r.key, (r.value as { file: UploadedFile }).file]));
}

/** Hands in (or replaces) the file of an upload:* item. */
export async function saveUploadedFile(db: Db, studentId: number, key: string, file: UploadedFile, now: Date): Promise<void> {
  await db
    .insert(studentForms)
    .values({ accountId: studentId, formName: key, value: { file }, submittedAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [studentForms.accountId, studentForms.formName], set: { value: { file }, submittedAt: now, updatedAt: now } });
}

/** The student's latest in-app notices (reminders, staff messages, course notices), newest first. */
export function recentNotices(db: Db, studentId: number, limit: number) {
  return db.select().from(studentNotices).where(eq(studentNotices.studentId, studentId)).orderBy(desc(studentNotices.createdAt), desc(studentNotices.id)).limit(limit);
}

export async function listNotices(db: Db, studentId: number) {
  return db.select().from(studentNotices).where(eq(studentNotices.studentId, studentId)).orderBy(asc(studentNotices.id));
}

export async function remindedStudents(db: Db, itemId: number): Promise<Set<number>> {
  const rows = await db.select({ id: checklistReminders.studentId }).from(checklistReminders).where(eq(checklistReminders.itemId, itemId));
  return new Set(rows.map((r) => r.id));
}

/**
 * One reminder: the reminder row (its primary key makes a second run a no-op), the in-app notice, and for a
 * student who opted in the SMS in the notifications outbox, all in one transaction. Returns the outbox id to
 * deliver after commit, or null.
 */
export async function writeReminder(
  db: Db,
  r: { itemId: number; studentId: number; title: string; body: string; sms: { item: string; due: string } | null; now: Date },
): Promise<{ written: boolean; smsId: number | null }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(checklistReminders)
      .values({ itemId: r.itemId, studentId: r.studentId, sentAt: r.now, sms: r.sms !== null })
      .onConflictDoNothing()
      .returning({ itemId: checklistReminders.itemId });
    if (!row) return { written: false, smsId: null };
    await tx.insert(studentNotices).values({ studentId: r.studentId, title: r.title, body: r.body, createdAt: r.now });
    const smsId = r.sms
      ? await enqueueNotification(tx, { eventKey: `checklist_due:${r.itemId}:${r.studentId}`, kind: 'checklist_due', accountId: r.studentId, params: r.sms, now: r.now })
      : null;
    return { written: true, smsId };
  });
}

/** Items with a due date inside (now, until]: the ones a reminder run looks at. */
export function listItemsDueBetween(db: Db, now: Date, until: Date): Promise<ItemRow[]> {
  return db
    .select()
    .from(checklistItems)
    .where(and(isNotNull(checklistItems.dueAt), sql`${checklistItems.dueAt} > ${now.toISOString()}::timestamptz`, sql`${checklistItems.dueAt} <= ${until.toISOString()}::timestamptz`));
}

// --- completion (decision 046; the registry is completion.ts) ---------------------------------------------------

/** The students among `ids` whose onboarding form (or checklist upload) `formName` is submitted, not a draft. */
export async function studentsWithSubmittedForm(db: Db, formName: string, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: studentForms.accountId })
    .from(studentForms)
    .where(and(eq(studentForms.formName, formName), isNotNull(studentForms.submittedAt), inArray(studentForms.accountId, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** The students among `ids` who ticked 我已阅读/我已确认 for the item `key`. */
export async function studentsWhoConfirmed(db: Db, key: string, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: checklistConfirmations.studentId })
    .from(checklistConfirmations)
    .where(and(eq(checklistConfirmations.key, key), inArray(checklistConfirmations.studentId, [...ids])));
  return new Set(rows.map((r) => r.id));
}
