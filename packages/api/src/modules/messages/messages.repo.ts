/**
 * The only code of admin messages that touches the database (decision 061). The segment filter's WHERE clause is
 * the Students console's (students.repo.ts, decision 062), used alike to list, count and deliver.
 */
import { and, asc, count, desc, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { SESSION_NAMES, type SegmentFilter } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog, smsOutbox, studentProfiles } from '../../db/schema.ts';
import { studentNotices } from '../../db/schema-course-centre.ts';
import { checklistPreferences } from '../../db/schema-checklist.ts';
import { adminMessages, messageSegments } from '../../db/schema-messages.ts';
import { enqueueNotification } from '../notifications/notifications.queries.ts';
import { segmentWhere } from '../students/students.queries.ts';

export { countSegment } from '../students/students.queries.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type AdminMessageRow = typeof adminMessages.$inferSelect;
export type SegmentRow = typeof messageSegments.$inferSelect;

export const MESSAGE_AUDIT_ENTITY = 'admin_message';
export const SEGMENT_AUDIT_ENTITY = 'message_segment';

const p = studentProfiles;

// Segments ---------------------------------------------------------------------------------------------------------

export function listSegments(db: Db): Promise<SegmentRow[]> {
  return db.select().from(messageSegments).orderBy(messageSegments.name);
}

export async function findSegment(db: Db, id: number): Promise<SegmentRow | null> {
  const [row] = await db.select().from(messageSegments).where(eq(messageSegments.id, id));
  return row ?? null;
}

/** Null when the name is taken. */
export async function insertSegmentAudited(db: Db, s: { name: string; filter: SegmentFilter; actorId: number; now: Date }): Promise<SegmentRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messageSegments)
      .values({ name: s.name, filter: s.filter, createdBy: s.actorId, createdAt: s.now })
      .onConflictDoNothing({ target: messageSegments.name })
      .returning();
    if (!row) return null;
    await tx.insert(auditLog).values({ actorId: s.actorId, action: 'message_segment.create', entity: SEGMENT_AUDIT_ENTITY, entityId: String(row.id), before: null, after: { name: row.name, filter: row.filter }, createdAt: s.now });
    return row;
  });
}

export async function deleteSegmentAudited(db: Db, id: number, actorId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(messageSegments).where(eq(messageSegments.id, id)).returning();
    if (!row) return false;
    await tx.insert(auditLog).values({ actorId, action: 'message_segment.delete', entity: SEGMENT_AUDIT_ENTITY, entityId: String(id), before: { name: row.name, filter: row.filter }, after: null, createdAt: now });
    return true;
  });
}

// Messages ---------------------------------------------------------------------------------------------------------

export interface MessageValues {
  title: string;
  body: string;
  format: 'text' | 'html';
  filter: SegmentFilter;
  segmentId: number | null;
  segmentName: string | null;
  sms: boolean;
  sendAt: Date;
}

const snapshot = (m: AdminMessageRow) => ({ title: m.title, format: m.format, filter: m.filter, segment_name: m.segmentName, sms: m.sms, status: m.status, send_at: m.sendAt.toISOString() });

/** The new message (status scheduled) and its audit row, then `afterInsert` in the same transaction (the job). */
export async function insertMessageAudited(db: Db, v: MessageValues, actorId: number, now: Date, afterInsert: (tx: Tx, row: AdminMessageRow) => Promise<void>): Promise<AdminMessageRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(adminMessages)
      .values({ ...v, status: 'scheduled', createdBy: actorId, createdAt: now, updatedAt: now })
      .returning();
    await tx.insert(auditLog).values({ actorId, action: 'message.create', entity: MESSAGE_AUDIT_ENTITY, entityId: String(row!.id), before: null, after: snapshot(row!), createdAt: now });
    await afterInsert(tx, row!);
    return row!;
  });
}

/**
 * Changes a message that is still scheduled (the row is locked, so a delivery running at the same moment either
 * finished first, and this finds it sent, or waits and sends the new text). 'missing' or 'sent' otherwise.
 */
export async function updateScheduledMessageAudited(
  db: Db,
  id: number,
  v: MessageValues,
  actorId: number,
  now: Date,
  afterUpdate: (tx: Tx, row: AdminMessageRow) => Promise<void>,
): Promise<AdminMessageRow | 'missing' | 'sent'> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(adminMessages).where(eq(adminMessages.id, id)).for('update');
    if (!before) return 'missing';
    if (before.status !== 'scheduled') return 'sent';
    const [row] = await tx.update(adminMessages).set({ ...v, updatedAt: now }).where(eq(adminMessages.id, id)).returning();
    await tx.insert(auditLog).values({ actorId, action: 'message.update', entity: MESSAGE_AUDIT_ENTITY, entityId: String(id), before: snapshot(before), after: snapshot(row!), createdAt: now });
    await afterUpdate(tx, row!);
    return row!;
  });
}

export async function deleteScheduledMessageAudited(db: Db, id: number, actorId: number, now: Date, afterDelete: (tx: Tx) => Promise<void>): Promise<'deleted' | 'missing' | 'sent'> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(adminMessages).where(eq(adminMessages.id, id)).for('update');
    if (!before) return 'missing';
    if (before.status !== 'scheduled') return 'sent';
    await tx.delete(adminMessages).where(eq(adminMessages.id, id));
    await tx.insert(auditLog).values({ actorId, action: 'message.delete', entity: MESSAGE_AUDIT_ENTITY, entityId: String(id), before: snapshot(before), after: null, createdAt: now });
    await afterDelete(tx);
    return 'deleted';
  });
}

/**
 * Delivers a scheduled message once: in one transaction, takes the row (a second delivery, from another process
 * or a retried job, finds it sent and does nothing), writes one notice per recipient (unique per message and
 * student), a pending SMS for each opted-in recipient, marks it sent and audits. Returns the SMS outbox ids, or
 * null when the message was missing or already sent.
 */
export async function deliverMessage(db: Db, id: number, now: Date): Promise<{ recipients: number; smsIds: number[] } | null> {
  return db.transaction(async (tx) => {
    const [m] = await tx.select().from(adminMessages).where(and(eq(adminMessages.id, id), eq(adminMessages.status, 'scheduled'))).for('update');
    if (!m) return null;
    const where = segmentWhere(m.filter);
    // One INSERT … SELECT over the segment (drizzle's insert().select() wants every column, identity included).
    const result = await tx.execute(sql`insert into ${studentNotices} (student_id, title, body, created_at, message_id, format)
      select ${accounts.id}, ${m.title}, ${m.body}, ${now.toISOString()}::timestamptz, ${m.id}::int, ${m.format}
      from ${accounts} join ${p} on ${p.accountId} = ${accounts.id}
      where ${where}
      on conflict (message_id, student_id) do nothing
      returning student_id`);
    const inserted = (result as unknown as { rows: Array<{ student_id: number }> }).rows;
    const smsIds: number[] = [];
    if (m.sms && inserted.length > 0) {
      const optedIn = await tx
        .select({ studentId: checklistPreferences.studentId })
        .from(checklistPreferences)
        .innerJoin(studentNotices, and(eq(studentNotices.studentId, checklistPreferences.studentId), eq(studentNotices.messageId, m.id)))
        .where(eq(checklistPreferences.smsReminders, true));
      const title = m.title.length > 20 ? `${m.title.slice(0, 19)}…` : m.title;
      for (const o of optedIn) {
        const smsId = await enqueueNotification(tx, { eventKey: `admin_message:${m.id}:${o.studentId}`, kind: 'admin_message', accountId: o.studentId, params: { title }, now });
        if (smsId !== null) smsIds.push(smsId);
      }
    }
    await tx.update(adminMessages).set({ status: 'sent', sentAt: now, recipientCount: inserted.length, updatedAt: now }).where(eq(adminMessages.id, m.id));
    await tx.insert(auditLog).values({ actorId: null, action: 'message.send', entity: MESSAGE_AUDIT_ENTITY, entityId: String(m.id), before: null, after: { recipients: inserted.length, sms: smsIds.length, sent_at: now.toISOString() }, createdAt: now });
    return { recipients: inserted.length, smsIds };
  });
}

export interface MessageStats {
  delivered: number;
  read: number;
  smsQueued: number;
  smsSent: number;
}

/** Messages newest first, each with its delivered/read counts and SMS figures (one grouped query each). */
export async function listMessagesWithStats(db: Db, opts: { id?: number; limit?: number; after?: number } = {}): Promise<Array<{ m: AdminMessageRow; s: MessageStats }>> {
  const rows = await db
    .select()
    .from(adminMessages)
    .where(opts.id !== undefined ? eq(adminMessages.id, opts.id) : opts.after !== undefined ? gt(adminMessages.id, opts.after) : undefined)
    // `after` pages the export in id order (keyset); the console's list is newest first.
    .orderBy(...(opts.after !== undefined ? [asc(adminMessages.id)] : [desc(adminMessages.createdAt), desc(adminMessages.id)]))
    .limit(opts.limit ?? 200);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const notices = await db
    .select({ id: studentNotices.messageId, delivered: count(), read: count(studentNotices.readAt) })
    .from(studentNotices)
    .where(sql`${studentNotices.messageId} in ${ids}`)
    .groupBy(studentNotices.messageId);
  const smsKey = sql<number>`split_part(${smsOutbox.eventKey}, ':', 2)::int`;
  const sms = await db
    .select({ id: smsKey, queued: count(), sent: sql<number>`count(*) filter (where ${smsOutbox.status} = 'sent')`.mapWith(Number) })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.kind, 'admin_message'), sql`${smsKey} in ${ids}`))
    .groupBy(smsKey);
  return rows.map((m) => {
    const n = notices.find((x) => x.id === m.id);
    const s = sms.find((x) => Number(x.id) === m.id);
    return { m, s: { delivered: n?.delivered ?? 0, read: n?.read ?? 0, smsQueued: s?.queued ?? 0, smsSent: s?.sent ?? 0 } };
  });
}

// Student side -----------------------------------------------------------------------------------------------------

export function listStudentNotices(db: Db, studentId: number, limit = 200) {
  return db.select().from(studentNotices).where(eq(studentNotices.studentId, studentId)).orderBy(desc(studentNotices.createdAt), desc(studentNotices.id)).limit(limit);
}

export async function countUnread(db: Db, studentId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(studentNotices).where(and(eq(studentNotices.studentId, studentId), isNull(studentNotices.readAt)));
  return row?.n ?? 0;
}

/** Marks the student's own notice read (the first time is kept); null when it is not theirs or does not exist. */
export async function markNoticeRead(db: Db, studentId: number, id: number, now: Date) {
  const [row] = await db
    .update(studentNotices)
    .set({ readAt: sql`coalesce(${studentNotices.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(studentNotices.id, id), eq(studentNotices.studentId, studentId)))
    .returning();
  return row ?? null;
}

export async function markAllNoticesRead(db: Db, studentId: number, now: Date): Promise<number> {
  const rows = await db
    .update(studentNotices)
    .set({ readAt: now })
    .where(and(eq(studentNotices.studentId, studentId), isNull(studentNotices.readAt)))
    .returning({ id: studentNotices.id });
  return rows.length;
}
