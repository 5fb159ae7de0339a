/**
 * Activities (decision 100): the only code touching activities, their agenda and attendance. Staff writes add their
 * audit row in the same transaction.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { audienceIncludes, type ActivityKind, type AudienceFacts, type AudienceKind } from '@summit/domain/activities';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog, studentProfiles } from '../../db/schema.ts';
import { courses, houseAssignments, houses, venueAssignments, venues } from '../../db/schema-courses.ts';
import { enrolments } from '../../db/schema-course-centre.ts';
import { activities, activityAgendaItems, activityAttendance } from '../../db/schema-activities.ts';

export const ACTIVITY_AUDIT_ENTITY = 'activity';

export type ActivityRow = typeof activities.$inferSelect;
export type AgendaRow = typeof activityAgendaItems.$inferSelect & { teacherName: string | null };

export interface ActivityWrite {
  kind: ActivityKind;
  title: string;
  content: string;
  opensAt: Date;
  closesAt: Date;
  audienceKind: AudienceKind;
  audienceValues: string[];
  coverKey: string | null;
  ctaLabel: string;
  ctaUrl: string;
  liveUrl: string;
  replayUrl: string;
  agenda: Array<{ startsAt: Date; title: string; speaker: string; teacherId: number | null; cue: string }>;
}

export async function activityById(db: Db, id: number): Promise<ActivityRow | undefined> {
  const [row] = await db.select().from(activities).where(eq(activities.id, id)).limit(1);
  return row;
}

/** Every activity of a kind, published or not, earliest first. */
export async function activitiesOfKind(db: Db, kind: ActivityKind): Promise<ActivityRow[]> {
  return db.select().from(activities).where(eq(activities.kind, kind)).orderBy(asc(activities.opensAt), asc(activities.id));
}

export async function listActivities(db: Db, kind?: ActivityKind): Promise<ActivityRow[]> {
  return db
    .select()
    .from(activities)
    .where(kind ? eq(activities.kind, kind) : undefined)
    .orderBy(desc(activities.opensAt), desc(activities.id));
}

export async function publishedActivities(db: Db, kind?: ActivityKind): Promise<ActivityRow[]> {
  return db
    .select()
    .from(activities)
    .where(and(eq(activities.published, true), kind ? eq(activities.kind, kind) : undefined))
    .orderBy(asc(activities.opensAt), asc(activities.id));
}

/**
 * The facts an audience is decided by, or null when the account is not a programme student (not a student, or
 * tuition not paid): sessions of their seats, their venue, their house and their courses.
 */
export async function audienceFactsOf(db: Db, accountId: number): Promise<AudienceFacts | null> {
  const [who] = await db
    .select({ role: accounts.role, paidAt: studentProfiles.tuitionPaidAt })
    .from(accounts)
    .leftJoin(studentProfiles, eq(studentProfiles.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!who || who.role !== 'student' || !who.paidAt) return null;
  const [seats, [venue], [house]] = await Promise.all([
    db.select({ courseId: enrolments.courseId, sessionKey: courses.sessionKey }).from(enrolments).innerJoin(courses, eq(courses.id, enrolments.courseId)).where(eq(enrolments.studentId, accountId)),
    db.select({ venueId: venueAssignments.venueId }).from(venueAssignments).where(eq(venueAssignments.studentId, accountId)).limit(1),
    db.select({ houseId: houseAssignments.houseId }).from(houseAssignments).where(eq(houseAssignments.studentId, accountId)).limit(1),
  ]);
  return {
    sessions: [...new Set(seats.map((s) => s.sessionKey))],
    venueId: venue?.venueId ?? null,
    houseId: house?.houseId ?? null,
    courseIds: seats.map((s) => s.courseId),
  };
}

export function rowIncludes(row: ActivityRow, facts: AudienceFacts): boolean {
  return audienceIncludes({ kind: row.audienceKind, values: row.audienceValues }, facts);
}

/** May this account take part in this activity: a published activity whose audience includes the student. */
export async function mayTakePart(db: Db, activityId: number, accountId: number): Promise<boolean> {
  const [row, facts] = await Promise.all([activityById(db, activityId), audienceFactsOf(db, accountId)]);
  return Boolean(row && row.published && facts && rowIncludes(row, facts));
}

/** The published activities a student takes part in (of one kind, or all), earliest first. */
export async function activitiesForStudent(db: Db, accountId: number, kind?: ActivityKind): Promise<ActivityRow[]> {
  const facts = await audienceFactsOf(db, accountId);
  if (!facts) return [];
  const rows = await publishedActivities(db, kind);
  return rows.filter((r) => rowIncludes(r, facts));
}

export async function agendaOf(db: Db, activityIds: number[]): Promise<Map<number, AgendaRow[]>> {
  const out = new Map<number, AgendaRow[]>();
  if (activityIds.length === 0) return out;
  const rows = await db
    .select({ item: activityAgendaItems, teacherName: accounts.name })
    .from(activityAgendaItems)
    .leftJoin(accounts, eq(accounts.id, activityAgendaItems.teacherId))
    .where(inArray(activityAgendaItems.activityId, activityIds))
    .orderBy(asc(activityAgendaItems.activityId), asc(activityAgendaItems.position));
  for (const r of rows) {
    const list = out.get(r.item.activityId) ?? [];
    list.push({ ...r.item, teacherName: r.teacherName });
    out.set(r.item.activityId, list);
  }
  return out;
}

export async function attendanceCounts(db: Db, activityIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (activityIds.length === 0) return out;
  const rows = await db
    .select({ id: activityAttendance.activityId, n: count() })
    .from(activityAttendance)
    .where(inArray(activityAttendance.activityId, activityIds))
    .groupBy(activityAttendance.activityId);
  for (const r of rows) out.set(r.id, Number(r.n));
  return out;
}

export async function attendedAt(db: Db, activityId: number, studentId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: activityAttendance.attendedAt })
    .from(activityAttendance)
    .where(and(eq(activityAttendance.activityId, activityId), eq(activityAttendance.studentId, studentId)))
    .limit(1);
  return row?.at ?? null;
}

/** Marks the student present once; a second call keeps the first time. Returns the time on record. */
export async function recordAttendance(db: Db, activityId: number, studentId: number, now: Date): Promise<Date> {
  await db.insert(activityAttendance).values({ activityId, studentId, attendedAt: now }).onConflictDoNothing();
  return (await attendedAt(db, activityId, studentId)) ?? now;
}

/** Attendance of an activity, oldest first after `after` (keyset on the student id for the export). */
export async function attendancePage(db: Db, activityId: number, after: number, limit: number) {
  const rows = await db
    .select({ studentId: activityAttendance.studentId, name: accounts.name, attendedAt: activityAttendance.attendedAt })
    .from(activityAttendance)
    .innerJoin(accounts, eq(accounts.id, activityAttendance.studentId))
    .where(and(eq(activityAttendance.activityId, activityId), gt(activityAttendance.studentId, after)))
    .orderBy(asc(activityAttendance.studentId))
    .limit(limit);
  return rows.map((r) => ({ student_id: r.studentId, name: r.name ?? '', attended_at: r.attendedAt.toISOString() }));
}

/** The audience values that do not exist (venue, house or course ids); session keys are checked by the schema. */
export async function unknownAudienceValues(db: Db, kind: AudienceKind, values: string[]): Promise<string[]> {
  if (kind === 'all' || kind === 'session' || values.length === 0) return [];
  const ids = values.map(Number);
  const table = kind === 'venue' ? venues : kind === 'house' ? houses : courses;
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  const found = new Set(rows.map((r) => String(r.id)));
  return values.filter((v) => !found.has(v));
}

/** The ids among these that are not teacher accounts. */
export async function nonTeacherIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: accounts.id }).from(accounts).where(and(inArray(accounts.id, ids), eq(accounts.role, 'teacher')));
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** Teacher accounts for the agenda's speaker picker. */
export async function teacherOptions(db: Db): Promise<Array<{ id: number; name: string }>> {
  const rows = await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(and(eq(accounts.role, 'teacher'), isNotNull(accounts.name))).orderBy(asc(accounts.id)).limit(2000);
  return rows.map((r) => ({ id: r.id, name: r.name ?? '' }));
}

function snapshot(row: ActivityRow, agenda: ActivityWrite['agenda'] | AgendaRow[]) {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    opens_at: row.opensAt.toISOString(),
    closes_at: row.closesAt.toISOString(),
    audience: { kind: row.audienceKind, values: row.audienceValues },
    cover_key: row.coverKey,
    cta_url: row.ctaUrl,
    live_url: row.liveUrl,
    replay_url: row.replayUrl,
    published: row.published,
    agenda: agenda.map((a) => ({ starts_at: a.startsAt.toISOString(), title: a.title, speaker: a.speaker, teacher_id: a.teacherId })),
  };
}

function columnsOf(w: ActivityWrite) {
  return {
    kind: w.kind,
    title: w.title,
    content: w.content,
    opensAt: w.opensAt,
    closesAt: w.closesAt,
    audienceKind: w.audienceKind,
    audienceValues: w.audienceValues,
    coverKey: w.coverKey,
    ctaLabel: w.ctaLabel,
    ctaUrl: w.ctaUrl,
    liveUrl: w.liveUrl,
    replayUrl: w.replayUrl,
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function writeAgenda(tx: Tx, activityId: number, agenda: ActivityWrite['agenda']) {
  await tx.delete(activityAgendaItems).where(eq(activityAgendaItems.activityId, activityId));
  if (agenda.length === 0) return;
  await tx.insert(activityAgendaItems).values(agenda.map((a, i) => ({ activityId, position: i + 1, startsAt: a.startsAt, title: a.title, speaker: a.speaker, teacherId: a.teacherId, cue: a.cue })));
}

export async function insertActivityAudited(db: Db, w: ActivityWrite, actorId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(activities)
      .values({ ...columnsOf(w), published: false, createdBy: actorId, createdAt: now, updatedAt: now })
      .returning();
    await writeAgenda(tx, row!.id, w.agenda);
    await tx.insert(auditLog).values({ actorId, action: 'activity.create', entity: ACTIVITY_AUDIT_ENTITY, entityId: String(row!.id), before: null, after: snapshot(row!, w.agenda), createdAt: now });
    return row!.id;
  });
}

/** Replaces an activity's fields and agenda; false when it does not exist. The row is locked so two saves queue. */
export async function updateActivityAudited(db: Db, id: number, w: ActivityWrite, actorId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(activities).where(eq(activities.id, id)).for('update').limit(1);
    if (!before) return false;
    const beforeAgenda = await tx.select().from(activityAgendaItems).where(eq(activityAgendaItems.activityId, id)).orderBy(asc(activityAgendaItems.position));
    const [after] = await tx
      .update(activities)
      .set({ ...columnsOf(w), updatedAt: now })
      .where(eq(activities.id, id))
      .returning();
    await writeAgenda(tx, id, w.agenda);
    await tx.insert(auditLog).values({
      actorId,
      action: 'activity.update',
      entity: ACTIVITY_AUDIT_ENTITY,
      entityId: String(id),
      before: snapshot(before, beforeAgenda.map((a) => ({ ...a, teacherName: null }))),
      after: snapshot(after!, w.agenda),
      createdAt: now,
    });
    return true;
  });
}

/** Publishes or withdraws; false when missing. Setting the state it already has writes no audit row. */
export async function setPublishedAudited(db: Db, id: number, published: boolean, actorId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(activities).where(eq(activities.id, id)).for('update').limit(1);
    if (!before) return false;
    if (before.published === published) return true;
    await tx.update(activities).set({ published, updatedAt: now }).where(eq(activities.id, id));
    await tx.insert(auditLog).values({
      actorId,
      action: published ? 'activity.publish' : 'activity.unpublish',
      entity: ACTIVITY_AUDIT_ENTITY,
      entityId: String(id),
      before: { id, title: before.title, published: before.published },
      after: { id, title: before.title, published },
      createdAt: now,
    });
    return true;
  });
}

/** The published ceremonies of a kind with an agenda item held by this teacher, or all of the kind, earliest first. */
export async function ceremoniesForTeacher(db: Db, kind: ActivityKind): Promise<ActivityRow[]> {
  return publishedActivities(db, kind);
}

export async function agendaItemsOfTeacher(db: Db, teacherId: number, activityIds: number[]): Promise<Set<number>> {
  if (activityIds.length === 0) return new Set();
  const rows = await db
    .select({ activityId: activityAgendaItems.activityId })
    .from(activityAgendaItems)
    .where(and(eq(activityAgendaItems.teacherId, teacherId), inArray(activityAgendaItems.activityId, activityIds)));
  return new Set(rows.map((r) => r.activityId));
}
