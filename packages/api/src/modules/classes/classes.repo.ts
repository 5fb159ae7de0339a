/** Database access of the classes module (decisions 054/055): the only code here that touches the database. */
import { and, asc, avg, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError, CLASSES_MSG } from '@summit/domain';
import { lockNaturalKey } from '../../db/natural-key-lock.ts';
import { pgErrorCode } from '../../lib/pg-error.ts';
import { accounts, auditLog } from '../../db/schema.ts';
import { courseMeetings, courses } from '../../db/schema-courses.ts';
import { enrolments, studentNotices } from '../../db/schema-course-centre.ts';
import { courseFeedback, officeHourBookings, officeHourSlots, recommendationLetterLinks, recommendationLetters } from '../../db/schema-classes.ts';
import { recordAudit } from '../audit/audit-write.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type CourseRow = typeof courses.$inferSelect;
export type MeetingRow = typeof courseMeetings.$inferSelect;
export type SlotRow = typeof officeHourSlots.$inferSelect;
export type LetterRow = typeof recommendationLetters.$inferSelect;
export type LinkRow = typeof recommendationLetterLinks.$inferSelect;

export async function findCourse(db: Db, courseId: number): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, courseId));
  return row;
}

export async function meetingsOf(db: Db, courseIds: readonly number[]): Promise<Map<number, MeetingRow[]>> {
  const out = new Map<number, MeetingRow[]>();
  if (courseIds.length === 0) return out;
  const rows = await db.select().from(courseMeetings).where(inArray(courseMeetings.courseId, [...courseIds])).orderBy(asc(courseMeetings.startsAt));
  for (const m of rows) out.set(m.courseId, [...(out.get(m.courseId) ?? []), m]);
  return out;
}

export async function enrolledCourses(db: Db, studentId: number): Promise<CourseRow[]> {
  const rows = await db.select({ course: courses }).from(enrolments).innerJoin(courses, eq(courses.id, enrolments.courseId)).where(eq(enrolments.studentId, studentId)).orderBy(asc(courses.period), asc(courses.id));
  return rows.map((r) => r.course);
}

export async function isEnrolled(db: Db | Tx, studentId: number, courseId: number): Promise<boolean> {
  const rows = await db.select({ id: enrolments.id }).from(enrolments).where(and(eq(enrolments.studentId, studentId), eq(enrolments.courseId, courseId)));
  return rows.length > 0;
}

export async function enrolledCount(db: Db, courseId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(enrolments).where(eq(enrolments.courseId, courseId));
  return row?.n ?? 0;
}

export async function feedbackCourseIds(db: Db, studentId: number): Promise<Set<number>> {
  const rows = await db.select({ courseId: courseFeedback.courseId }).from(courseFeedback).where(eq(courseFeedback.studentId, studentId));
  return new Set(rows.map((r) => r.courseId));
}

// Office hours ------------------------------------------------------------------------------------------------

/** Live slots of a course that have not ended yet, earliest first. */
export async function openSlots(db: Db, courseId: number, now: Date): Promise<SlotRow[]> {
  return db
    .select()
    .from(officeHourSlots)
    .where(and(eq(officeHourSlots.courseId, courseId), isNull(officeHourSlots.deletedAt), gt(officeHourSlots.endsAt, now)))
    .orderBy(asc(officeHourSlots.startsAt));
}

export async function activeBookingsOf(db: Db, studentId: number): Promise<Array<{ slotId: number; courseId: number }>> {
  return db
    .select({ slotId: officeHourBookings.slotId, courseId: officeHourBookings.courseId })
    .from(officeHourBookings)
    .where(and(eq(officeHourBookings.studentId, studentId), isNull(officeHourBookings.cancelledAt)));
}

export async function findSlot(db: Db | Tx, slotId: number): Promise<SlotRow | undefined> {
  const [row] = await db.select().from(officeHourSlots).where(and(eq(officeHourSlots.id, slotId), isNull(officeHourSlots.deletedAt)));
  return row;
}

/** Publishes a slot with its audit row (decision 067); its creator is the actor. */
export async function insertSlot(db: Db, row: typeof officeHourSlots.$inferInsert & { createdAt: Date }): Promise<SlotRow> {
  return db.transaction(async (tx) => {
    // One slot per course and start: a double-submitted publish finds the first one's slot (decision 092).
    await lockNaturalKey(tx, 'office_hour', `${row.courseId}:${row.startsAt.toISOString()}`);
    const same = await tx.select({ id: officeHourSlots.id }).from(officeHourSlots).where(and(eq(officeHourSlots.courseId, row.courseId), eq(officeHourSlots.startsAt, row.startsAt), isNull(officeHourSlots.deletedAt)));
    if (same.length > 0) throw AppError.reload(CLASSES_MSG.SLOT_DUPLICATE);
    const [slot] = await tx.insert(officeHourSlots).values(row).returning();
    await recordAudit(tx, {
      actorId: row.createdBy,
      action: 'office_hour.create',
      entity: 'office_hour',
      entityId: slot!.id,
      before: null,
      after: { course_id: slot!.courseId, starts_at: slot!.startsAt.toISOString(), ends_at: slot!.endsAt.toISOString(), location: slot!.location, capacity: slot!.capacity },
      now: row.createdAt,
    });
    return slot!;
  });
}

export type BookOutcome = 'ok' | 'full' | 'started' | 'one-per-course' | 'missing';

/**
 * Takes a seat in one transaction: the one-per-course check, then the conditional counter update that cannot
 * overbook, then the booking row (the partial unique index refuses a concurrent second booking of the course).
 */
export async function bookSlot(db: Db, slotId: number, studentId: number, now: Date): Promise<BookOutcome> {
  try {
    return await bookSlotOnce(db, slotId, studentId, now);
  } catch (error) {
    // Two bookings of one course at once (a double click): the unique index refused the second, which is the
    // same answer its check would have given a moment later. Its seat counter rolled back with it.
    if (pgErrorCode(error) === '23505') return 'one-per-course';
    throw error;
  }
}

function bookSlotOnce(db: Db, slotId: number, studentId: number, now: Date): Promise<BookOutcome> {
  return db.transaction(async (tx) => {
    const slot = await findSlot(tx, slotId);
    if (!slot) return 'missing';
    if (slot.startsAt.getTime() <= now.getTime()) return 'started';
    const active = await tx
      .select({ id: officeHourBookings.id })
      .from(officeHourBookings)
      .where(and(eq(officeHourBookings.studentId, studentId), eq(officeHourBookings.courseId, slot.courseId), isNull(officeHourBookings.cancelledAt)));
    if (active.length > 0) return 'one-per-course';
    const taken = await tx
      .update(officeHourSlots)
      .set({ booked: sql`${officeHourSlots.booked} + 1` })
      .where(and(eq(officeHourSlots.id, slotId), isNull(officeHourSlots.deletedAt), lt(officeHourSlots.booked, officeHourSlots.capacity)))
      .returning({ id: officeHourSlots.id });
    if (taken.length === 0) return 'full';
    await tx.insert(officeHourBookings).values({ slotId, courseId: slot.courseId, studentId, createdAt: now });
    await tx.insert(auditLog).values({ actorId: studentId, action: 'book', entity: 'office_hour', entityId: String(slotId), after: { student_id: studentId } });
    return 'ok';
  });
}

export async function cancelBooking(db: Db, slotId: number, studentId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(officeHourBookings)
      .set({ cancelledAt: now })
      .where(and(eq(officeHourBookings.slotId, slotId), eq(officeHourBookings.studentId, studentId), isNull(officeHourBookings.cancelledAt)))
      .returning({ id: officeHourBookings.id });
    if (rows.length === 0) return false;
    await tx.update(officeHourSlots).set({ booked: sql`${officeHourSlots.booked} - 1` }).where(eq(officeHourSlots.id, slotId));
    await tx.insert(auditLog).values({ actorId: studentId, action: 'cancel', entity: 'office_hour', entityId: String(slotId), after: { student_id: studentId } });
    return true;
  });
}

/** Deletes a slot: its bookings are cancelled and each booked student gets an in-app notice, in one transaction. */
export async function deleteSlot(db: Db, slot: SlotRow, actorId: number, now: Date, notice: (s: SlotRow) => { title: string; body: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(officeHourSlots).set({ deletedAt: now, booked: 0 }).where(eq(officeHourSlots.id, slot.id));
    const cancelled = await tx
      .update(officeHourBookings)
      .set({ cancelledAt: now })
      .where(and(eq(officeHourBookings.slotId, slot.id), isNull(officeHourBookings.cancelledAt)))
      .returning({ studentId: officeHourBookings.studentId });
    const text = notice(slot);
    if (cancelled.length > 0) await tx.insert(studentNotices).values(cancelled.map((c) => ({ studentId: c.studentId, title: text.title, body: text.body, createdAt: now })));
    await tx.insert(auditLog).values({ actorId, action: 'delete', entity: 'office_hour', entityId: String(slot.id), before: { starts_at: slot.startsAt.toISOString(), booked: cancelled.length } });
  });
}

export async function teacherSlots(db: Db, courseId: number, now: Date) {
  const slots = await openSlots(db, courseId, now);
  const ids = slots.map((s) => s.id);
  const bookings = ids.length
    ? await db
        .select({ slotId: officeHourBookings.slotId, studentId: officeHourBookings.studentId, name: accounts.name })
        .from(officeHourBookings)
        .innerJoin(accounts, eq(accounts.id, officeHourBookings.studentId))
        .where(and(inArray(officeHourBookings.slotId, ids), isNull(officeHourBookings.cancelledAt)))
        .orderBy(asc(officeHourBookings.createdAt))
    : [];
  return slots.map((s) => ({ slot: s, students: bookings.filter((b) => b.slotId === s.id).map((b) => ({ student_id: b.studentId, name: b.name ?? '' })) }));
}

// Feedback ----------------------------------------------------------------------------------------------------

/** Inserts once; false when the student already answered (the unique index decides). */
export async function insertFeedback(db: Db, row: typeof courseFeedback.$inferInsert): Promise<boolean> {
  const rows = await db.insert(courseFeedback).values(row).onConflictDoNothing().returning({ id: courseFeedback.id });
  return rows.length > 0;
}

export async function feedbackAggregate(db: Db, courseId: number) {
  const [row] = await db
    .select({ n: count(), content: avg(courseFeedback.ratingContent), teaching: avg(courseFeedback.ratingTeaching), workload: avg(courseFeedback.ratingWorkload) })
    .from(courseFeedback)
    .where(eq(courseFeedback.courseId, courseId));
  return { n: row?.n ?? 0, content: Number(row?.content ?? 0), teaching: Number(row?.teaching ?? 0), workload: Number(row?.workload ?? 0) };
}

// Letters -----------------------------------------------------------------------------------------------------

export async function lettersOfStudent(db: Db, studentId: number) {
  return db
    .select({ letter: recommendationLetters, courseTitle: courses.title, teacherName: accounts.name })
    .from(recommendationLetters)
    .innerJoin(courses, eq(courses.id, recommendationLetters.courseId))
    .innerJoin(accounts, eq(accounts.id, recommendationLetters.teacherId))
    .where(eq(recommendationLetters.studentId, studentId))
    .orderBy(desc(recommendationLetters.createdAt));
}

export async function lettersOfTeacher(db: Db, teacherId: number | null) {
  return db
    .select({ letter: recommendationLetters, courseTitle: courses.title, studentName: accounts.name })
    .from(recommendationLetters)
    .innerJoin(courses, eq(courses.id, recommendationLetters.courseId))
    .innerJoin(accounts, eq(accounts.id, recommendationLetters.studentId))
    .where(teacherId === null ? undefined : eq(recommendationLetters.teacherId, teacherId))
    .orderBy(asc(recommendationLetters.status), desc(recommendationLetters.createdAt));
}

export async function findLetter(db: Db, id: number) {
  const [row] = await db
    .select({ letter: recommendationLetters, courseTitle: courses.title, studentName: accounts.name })
    .from(recommendationLetters)
    .innerJoin(courses, eq(courses.id, recommendationLetters.courseId))
    .innerJoin(accounts, eq(accounts.id, recommendationLetters.studentId))
    .where(eq(recommendationLetters.id, id));
  return row;
}

export async function teacherNameOf(db: Db, accountId: number): Promise<string> {
  const [row] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return row?.name ?? '';
}

/** False when the student already asked for this course (the unique index decides). */
export async function insertLetter(db: Db, row: typeof recommendationLetters.$inferInsert): Promise<boolean> {
  const rows = await db.insert(recommendationLetters).values(row).onConflictDoNothing().returning({ id: recommendationLetters.id });
  if (rows[0]) await db.insert(auditLog).values({ actorId: row.studentId, action: 'request', entity: 'recommendation_letter', entityId: String(rows[0].id) });
  return rows.length > 0;
}

/** Saves a draft unless the letter is already submitted; returns whether it was saved. */
/**
 * Saves the teacher's draft with its audit row. The letter is about a minor and is the teacher's to keep private
 * until submitted: the row records the status and the text's length, never the text.
 */
export async function saveLetterDraft(db: Db, id: number, bodyHtml: string, now: Date, actorId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: recommendationLetters.status, bodyHtml: recommendationLetters.bodyHtml }).from(recommendationLetters).where(eq(recommendationLetters.id, id)).for('update');
    const rows = await tx
      .update(recommendationLetters)
      .set({ bodyHtml, status: 'draft', updatedAt: now })
      .where(and(eq(recommendationLetters.id, id), inArray(recommendationLetters.status, ['requested', 'draft'])))
      .returning({ id: recommendationLetters.id });
    if (rows.length === 0 || !before) return false;
    await recordAudit(tx, {
      actorId,
      action: 'recommendation_letter.draft',
      entity: 'recommendation_letter',
      entityId: id,
      before: { status: before.status, body_chars: before.bodyHtml.length },
      after: { status: 'draft', body_chars: bodyHtml.length },
      now,
    });
    return true;
  });
}

/** Submits and creates the recipients' links in one transaction; null when it was submitted already. */
export async function submitLetter(
  db: Db,
  o: { id: number; actorId: number; bodyHtml: string; verifyCode: string; now: Date; links: Array<{ recipientName: string; recipientEmail: string; tokenHash: string; expiresAt: Date }> },
): Promise<LinkRow[] | null> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(recommendationLetters)
      .set({ bodyHtml: o.bodyHtml, status: 'submitted', verifyCode: o.verifyCode, submittedAt: o.now, updatedAt: o.now })
      .where(and(eq(recommendationLetters.id, o.id), inArray(recommendationLetters.status, ['requested', 'draft'])))
      .returning({ id: recommendationLetters.id });
    if (rows.length === 0) return null;
    const links = await tx
      .insert(recommendationLetterLinks)
      .values(o.links.map((l) => ({ ...l, letterId: o.id, createdAt: o.now })))
      .returning();
    await tx.insert(auditLog).values({ actorId: o.actorId, action: 'submit', entity: 'recommendation_letter', entityId: String(o.id), after: { recipients: o.links.length } });
    return links;
  });
}

export async function markLinkSent(db: Db, linkId: number, now: Date): Promise<void> {
  await db.update(recommendationLetterLinks).set({ sentAt: now }).where(eq(recommendationLetterLinks.id, linkId));
}

export async function unsentLinks(db: Db, letterId: number): Promise<LinkRow[]> {
  return db.select().from(recommendationLetterLinks).where(and(eq(recommendationLetterLinks.letterId, letterId), isNull(recommendationLetterLinks.sentAt)));
}

/** A fresh token for a link whose e-mail never went out (only hashes are stored, so a resend needs a new one). */
/**
 * Gives each unsent link a new token, all in one transaction with the audit row of the resend. The row names the
 * links by id and count: neither the tokens nor the recipients' addresses go into the log.
 */
export async function rotateLinkTokensAudited(db: Db, w: { letterId: number; rotations: ReadonlyArray<{ linkId: number; tokenHash: string }>; expiresAt: Date; actorId: number; now: Date }): Promise<LinkRow[]> {
  return db.transaction(async (tx) => {
    const links: LinkRow[] = [];
    for (const r of w.rotations) {
      const [row] = await tx.update(recommendationLetterLinks).set({ tokenHash: r.tokenHash, expiresAt: w.expiresAt }).where(and(eq(recommendationLetterLinks.id, r.linkId), isNull(recommendationLetterLinks.sentAt))).returning();
      if (row) links.push(row);
    }
    await recordAudit(tx, { actorId: w.actorId, action: 'recommendation_letter.resend', entity: 'recommendation_letter', entityId: w.letterId, before: null, after: { link_ids: links.map((l) => l.id), expires_at: w.expiresAt.toISOString() }, now: w.now });
    return links;
  });
}

export async function unsentCounts(db: Db, letterIds: readonly number[]): Promise<Map<number, number>> {
  if (letterIds.length === 0) return new Map();
  const rows = await db
    .select({ letterId: recommendationLetterLinks.letterId, n: count() })
    .from(recommendationLetterLinks)
    .where(and(inArray(recommendationLetterLinks.letterId, [...letterIds]), isNull(recommendationLetterLinks.sentAt)))
    .groupBy(recommendationLetterLinks.letterId);
  return new Map(rows.map((r) => [r.letterId, r.n]));
}

export async function findLinkByHash(db: Db, tokenHash: string) {
  const [row] = await db.select().from(recommendationLetterLinks).where(eq(recommendationLetterLinks.tokenHash, tokenHash));
  return row;
}

export async function markLinkOpened(db: Db, linkId: number, now: Date): Promise<void> {
  await db.update(recommendationLetterLinks).set({ openedAt: now }).where(and(eq(recommendationLetterLinks.id, linkId), isNull(recommendationLetterLinks.openedAt)));
}

export async function findLetterByVerifyCode(db: Db, code: string) {
  const [row] = await db
    .select({ letter: recommendationLetters, courseTitle: courses.title, studentName: accounts.name })
    .from(recommendationLetters)
    .innerJoin(courses, eq(courses.id, recommendationLetters.courseId))
    .innerJoin(accounts, eq(accounts.id, recommendationLetters.studentId))
    .where(and(eq(recommendationLetters.verifyCode, code), eq(recommendationLetters.status, 'submitted')));
  return row;
}
