/**
 * The teaching module's database work (decisions 050/051). Reads courses, meetings, enrolments and houses owned by
 * other modules; writes course assistants, sign-ins, attendance and its changes, and calendar-feed versions.
 * A check-in is one INSERT … ON CONFLICT DO NOTHING guarded by the enrolment and the window in the same statement,
 * so 500 concurrent scans cost 500 statements and a second scan records nothing.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AttendanceStatus } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { lockNaturalKey } from '../../db/natural-key-lock.ts';
import { accounts, auditLog } from '../../db/schema.ts';
import { courseMeetings, courses, houseAssignments, houses } from '../../db/schema-courses.ts';
import { enrolments } from '../../db/schema-course-centre.ts';
import { attendance, attendanceChanges, calendarFeeds, checkinSessions, courseAssistants, cslHouses } from '../../db/schema-teaching.ts';
import { recordAudit } from '../audit/audit-write.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;

async function rowsOf<T>(db: Runner, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

// Access -----------------------------------------------------------------------------------------------------

export interface StaffRow {
  id: number;
  role: string;
  teacherType: number | null;
  isAdmin: boolean;
  disabled: boolean;
}

export async function findStaff(db: Runner, accountId: number): Promise<StaffRow | null> {
  const [row] = await db
    .select({ id: accounts.id, role: accounts.role, teacherType: accounts.teacherType, isAdmin: accounts.isAdmin, disabledAt: accounts.disabledAt })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ? { id: row.id, role: row.role, teacherType: row.teacherType, isAdmin: row.isAdmin, disabled: row.disabledAt !== null } : null;
}

/** The course's teacher and whether the account is attached to it as an assistant; null when no such course. */
export async function courseLinkOf(db: Runner, courseId: number, accountId: number): Promise<{ teacherId: number | null; assistant: boolean } | null> {
  const rows = await rowsOf<{ teacher_id: number | null; assistant: boolean }>(
    db,
    sql`select c.teacher_id, exists(select 1 from ${courseAssistants} a where a.course_id = c.id and a.account_id = ${accountId}) as assistant
        from ${courses} c where c.id = ${courseId}`,
  );
  const row = rows[0];
  return row ? { teacherId: row.teacher_id === null ? null : Number(row.teacher_id), assistant: Boolean(row.assistant) } : null;
}

export async function cslHouseOf(db: Runner, accountId: number): Promise<number | null> {
  const [row] = await db.select({ houseId: cslHouses.houseId }).from(cslHouses).where(eq(cslHouses.accountId, accountId));
  return row?.houseId ?? null;
}

export async function houseOfStudent(db: Runner, studentId: number): Promise<number | null> {
  const [row] = await db.select({ houseId: houseAssignments.houseId }).from(houseAssignments).where(eq(houseAssignments.studentId, studentId));
  return row?.houseId ?? null;
}

export async function setCslHouse(db: Runner, accountId: number, houseId: number | null): Promise<void> {
  if (houseId === null) {
    await db.delete(cslHouses).where(eq(cslHouses.accountId, accountId));
    return;
  }
  await db.insert(cslHouses).values({ accountId, houseId }).onConflictDoUpdate({ target: cslHouses.accountId, set: { houseId } });
}

export interface HouseRow {
  id: number;
  code: string;
  name: string;
}

export async function listHouses(db: Runner): Promise<HouseRow[]> {
  return db.select({ id: houses.id, code: houses.code, name: houses.name }).from(houses).orderBy(asc(houses.sort), asc(houses.id));
}

export async function getHouse(db: Runner, id: number): Promise<HouseRow | null> {
  const [row] = await db.select({ id: houses.id, code: houses.code, name: houses.name }).from(houses).where(eq(houses.id, id));
  return row ?? null;
}

/** Every CSL account (teacher type 3) with the house it looks after, if any. */
export async function listCslAccounts(db: Runner) {
  return db
    .select({ id: accounts.id, name: accounts.name, phone: accounts.phone, houseId: houses.id, houseCode: houses.code, houseName: houses.name })
    .from(accounts)
    .leftJoin(cslHouses, eq(cslHouses.accountId, accounts.id))
    .leftJoin(houses, eq(houses.id, cslHouses.houseId))
    .where(and(eq(accounts.role, 'teacher'), eq(accounts.teacherType, 3), sql`${accounts.disabledAt} is null`))
    .orderBy(asc(accounts.name), asc(accounts.id));
}

/**
 * The students placed in a house, each with their courses and their attendance over those courses' sign-ins
 * (a sign-in closed with no record of the student counts as absent, as on the course roster).
 */
export async function listHouseStudents(db: Runner, houseId: number, now: Date) {
  const rows = await rowsOf<{ student_id: number; name: string; phone: string; courses: Array<{ id: number; title: string }> | null; present: number; late: number; excused: number; absent: number }>(
    db,
    sql`select ha.student_id, a.name, a.phone,
          (select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title) order by c.code), '[]'::json)
             from ${enrolments} e join ${courses} c on c.id = e.course_id where e.student_id = ha.student_id) as courses,
          count(s.id) filter (where at.status = 'present')::int as present,
          count(s.id) filter (where at.status = 'late')::int as late,
          count(s.id) filter (where at.status = 'excused')::int as excused,
          count(s.id) filter (where at.status = 'absent' or (at.status is null and s.closes_at <= ${now.toISOString()}::timestamptz))::int as absent
        from ${houseAssignments} ha
        join ${accounts} a on a.id = ha.student_id
        left join ${enrolments} e on e.student_id = ha.student_id
        left join ${checkinSessions} s on s.course_id = e.course_id
        left join ${attendance} at on at.session_id = s.id and at.student_id = ha.student_id
        where ha.house_id = ${houseId}
        group by ha.student_id, a.name, a.phone
        order by a.name, ha.student_id`,
  );
  return rows.map((r) => ({ ...r, student_id: Number(r.student_id), courses: (r.courses ?? []).map((c) => ({ id: Number(c.id), title: String(c.title) })) }));
}

export async function auditCslHouse(db: Runner, v: { actorId: number; accountId: number; before: number | null; after: number | null; now: Date }): Promise<void> {
  await db.insert(auditLog).values({ actorId: v.actorId, action: 'csl_house.set', entity: 'account', entityId: String(v.accountId), before: { house_id: v.before }, after: { house_id: v.after }, createdAt: v.now });
}

// Courses ----------------------------------------------------------------------------------------------------

export async function getCourseRow(db: Runner, courseId: number) {
  const [row] = await db.select().from(courses).where(eq(courses.id, courseId));
  return row ?? null;
}

/** Courses the account teaches or assists on (every course for staff and admins). */
export async function listCoursesOf(db: Runner, accountId: number, all: boolean) {
  const mine = all
    ? undefined
    : sql`(${courses.teacherId} = ${accountId} or exists(select 1 from ${courseAssistants} a where a.course_id = ${courses.id} and a.account_id = ${accountId}))`;
  return db
    .select({ id: courses.id, code: courses.code, title: courses.title, category: courses.category, sessionKey: courses.sessionKey, period: courses.period, teacherId: courses.teacherId, teacherName: courses.teacherName, taken: courses.taken, capacity: courses.capacity })
    .from(courses)
    .where(mine)
    .orderBy(asc(courses.sessionKey), asc(courses.period), asc(courses.code));
}

export async function listAssistants(db: Runner, courseId: number) {
  return db
    .select({ id: accounts.id, name: accounts.name, phone: accounts.phone })
    .from(courseAssistants)
    .innerJoin(accounts, eq(accounts.id, courseAssistants.accountId))
    .where(eq(courseAssistants.courseId, courseId))
    .orderBy(asc(accounts.name));
}

async function assistantIds(tx: Tx, courseId: number): Promise<number[]> {
  const rows = await tx.select({ id: courseAssistants.accountId }).from(courseAssistants).where(eq(courseAssistants.courseId, courseId)).orderBy(asc(courseAssistants.accountId));
  return rows.map((r) => r.id);
}

/**
 * Adds or removes a TF on a course with its audit row (decision 067): before/after are the course's assistant ids,
 * so the console shows who was added or removed. A call that changes nothing (already there, not there) is not
 * recorded.
 */
export async function setAssistantAudited(db: Db, w: { courseId: number; accountId: number; actorId: number; add: boolean; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    // The course row is the lock two admins editing its assistants queue on, so each "before" is the true one.
    await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, w.courseId)).for('update');
    const before = await assistantIds(tx, w.courseId);
    const changed = w.add
      ? await tx.insert(courseAssistants).values({ courseId: w.courseId, accountId: w.accountId, createdBy: w.actorId }).onConflictDoNothing().returning({ id: courseAssistants.accountId })
      : await tx.delete(courseAssistants).where(and(eq(courseAssistants.courseId, w.courseId), eq(courseAssistants.accountId, w.accountId))).returning({ id: courseAssistants.accountId });
    if (changed.length === 0) return;
    const after = w.add ? [...before, w.accountId].sort((a, b) => a - b) : before.filter((id) => id !== w.accountId);
    await recordAudit(tx, { actorId: w.actorId, action: w.add ? 'course_assistant.add' : 'course_assistant.remove', entity: 'course', entityId: w.courseId, before: { assistant_ids: before }, after: { assistant_ids: after }, now: w.now });
  });
}

export async function listMeetings(db: Runner, courseId: number) {
  return db
    .select({ id: courseMeetings.id, startsAt: courseMeetings.startsAt, endsAt: courseMeetings.endsAt, location: courseMeetings.location, signId: checkinSessions.id })
    .from(courseMeetings)
    .leftJoin(checkinSessions, eq(checkinSessions.meetingId, courseMeetings.id))
    .where(eq(courseMeetings.courseId, courseId))
    .orderBy(asc(courseMeetings.startsAt));
}

export async function getMeeting(db: Runner, meetingId: number) {
  const [row] = await db.select().from(courseMeetings).where(eq(courseMeetings.id, meetingId));
  return row ?? null;
}

/** The course's students with their house and attendance counts over its sign-ins. */
export async function listRoster(db: Runner, courseId: number, now: Date) {
  const rows = await rowsOf<{ student_id: number; name: string; phone: string; house: string | null; present: number; late: number; excused: number; absent: number }>(
    db,
    sql`select e.student_id, a.name, a.phone, h.name as house,
          count(*) filter (where at.status = 'present')::int as present,
          count(*) filter (where at.status = 'late')::int as late,
          count(*) filter (where at.status = 'excused')::int as excused,
          count(*) filter (where at.status = 'absent' or (at.status is null and s.closes_at <= ${now.toISOString()}::timestamptz))::int as absent
        from ${enrolments} e
        join ${accounts} a on a.id = e.student_id
        left join ${houseAssignments} ha on ha.student_id = e.student_id
        left join ${houses} h on h.id = ha.house_id
        left join ${checkinSessions} s on s.course_id = e.course_id
        left join ${attendance} at on at.session_id = s.id and at.student_id = e.student_id
        where e.course_id = ${courseId}
        group by e.student_id, a.name, a.phone, h.name
        order by a.name, e.student_id`,
  );
  return rows.map((r) => ({ ...r, student_id: Number(r.student_id) }));
}

export async function countClosedSigns(db: Runner, courseId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(checkinSessions)
    .where(and(eq(checkinSessions.courseId, courseId), sql`${checkinSessions.closesAt} <= ${now.toISOString()}::timestamptz`));
  return Number(row?.n ?? 0);
}

export async function isEnrolled(db: Runner, courseId: number, studentId: number): Promise<boolean> {
  const [row] = await db.select({ id: enrolments.id }).from(enrolments).where(and(eq(enrolments.courseId, courseId), eq(enrolments.studentId, studentId)));
  return Boolean(row);
}

// Sign-ins ---------------------------------------------------------------------------------------------------

export type SignRow = typeof checkinSessions.$inferSelect;

/** Opens (or re-opens with a new window) the meeting's sign-in; one sign-in per meeting. */
const windowOf = (s: { opensAt: Date; closesAt: Date; lateAfter: Date }) => ({ opens_at: s.opensAt.toISOString(), closes_at: s.closesAt.toISOString(), late_after: s.lateAfter.toISOString() });

/** Opens (or re-opens, moving the window of) the meeting's sign-in, with its audit row in the same transaction. */
export async function upsertSign(db: Db, input: { meetingId: number; courseId: number; openedBy: number; opensAt: Date; closesAt: Date; lateAfter: Date }): Promise<SignRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(checkinSessions).where(eq(checkinSessions.meetingId, input.meetingId)).for('update');
    const [row] = await tx
      .insert(checkinSessions)
      .values(input)
      .onConflictDoUpdate({ target: checkinSessions.meetingId, set: { opensAt: input.opensAt, closesAt: input.closesAt, lateAfter: input.lateAfter, openedBy: input.openedBy } })
      .returning();
    await recordAudit(tx, {
      actorId: input.openedBy,
      action: 'sign.open',
      entity: 'checkin_session',
      entityId: row!.id,
      before: before ? windowOf(before) : null,
      after: { course_id: input.courseId, meeting_id: input.meetingId, ...windowOf(row!) },
      now: input.opensAt,
    });
    return row!;
  });
}

export async function getSign(db: Runner, id: number): Promise<SignRow | null> {
  const [row] = await db.select().from(checkinSessions).where(eq(checkinSessions.id, id));
  return row ?? null;
}

/** Ends a sign-in now; audited when it was still open (closing a closed sign-in changes nothing). */
export async function closeSign(db: Db, id: number, at: Date, actorId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ closesAt: checkinSessions.closesAt }).from(checkinSessions).where(eq(checkinSessions.id, id)).for('update');
    const closed = await tx
      .update(checkinSessions)
      // A window cannot end where it starts (checkin_sessions_window_ck): closing in the instant it opened ends it
      // a millisecond after.
      .set({ closesAt: sql`greatest(${at.toISOString()}::timestamptz, ${checkinSessions.opensAt} + interval '1 millisecond')` })
      .where(and(eq(checkinSessions.id, id), sql`${checkinSessions.closesAt} > ${at.toISOString()}::timestamptz`))
      .returning({ id: checkinSessions.id });
    if (closed.length === 0 || !before) return;
    await recordAudit(tx, { actorId, action: 'sign.close', entity: 'checkin_session', entityId: id, before: { closes_at: before.closesAt.toISOString() }, after: { closes_at: at.toISOString() }, now: at });
  });
}

export interface SignSummaryRow {
  id: number;
  course_id: number;
  course_title: string;
  meeting_id: number;
  meeting_starts_at: Date;
  meeting_ends_at: Date;
  location: string;
  opens_at: Date;
  closes_at: Date;
  late_after: Date;
  enrolled: number;
  checked_in: number;
}

/** Sign-ins with their course, meeting and counts; `accountId` null means every course (staff and admins). */
export async function listSigns(db: Runner, filter: { accountId: number | null; courseId?: number; signId?: number }): Promise<SignSummaryRow[]> {
  const conds: SQL[] = [sql`true`];
  if (filter.accountId !== null)
    conds.push(sql`(c.teacher_id = ${filter.accountId} or exists(select 1 from ${courseAssistants} ca where ca.course_id = c.id and ca.account_id = ${filter.accountId}))`);
  if (filter.courseId !== undefined) conds.push(sql`s.course_id = ${filter.courseId}`);
  if (filter.signId !== undefined) conds.push(sql`s.id = ${filter.signId}`);
  const rows = await rowsOf<SignSummaryRow>(
    db,
    sql`select s.id, s.course_id, c.title as course_title, s.meeting_id, m.starts_at as meeting_starts_at, m.ends_at as meeting_ends_at, m.location,
          s.opens_at, s.closes_at, s.late_after,
          (select count(*)::int from ${enrolments} e where e.course_id = s.course_id) as enrolled,
          (select count(*)::int from ${attendance} at where at.session_id = s.id and at.status in ('present', 'late')) as checked_in
        from ${checkinSessions} s
        join ${courses} c on c.id = s.course_id
        join ${courseMeetings} m on m.id = s.meeting_id
        where ${sql.join(conds, sql` and `)}
        order by m.starts_at desc, s.id desc
        limit 500`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    course_id: Number(r.course_id),
    meeting_id: Number(r.meeting_id),
    meeting_starts_at: new Date(r.meeting_starts_at),
    meeting_ends_at: new Date(r.meeting_ends_at),
    opens_at: new Date(r.opens_at),
    closes_at: new Date(r.closes_at),
    late_after: new Date(r.late_after),
    enrolled: Number(r.enrolled),
    checked_in: Number(r.checked_in),
  }));
}

/** Every enrolled student of the sign-in's course with their record (or none). */
export async function listSignRows(db: Runner, sign: SignRow) {
  return db
    .select({ studentId: enrolments.studentId, name: accounts.name, phone: accounts.phone, status: attendance.status, source: attendance.source, checkedAt: attendance.checkedAt })
    .from(enrolments)
    .innerJoin(accounts, eq(accounts.id, enrolments.studentId))
    .leftJoin(attendance, and(eq(attendance.sessionId, sign.id), eq(attendance.studentId, enrolments.studentId)))
    .where(eq(enrolments.courseId, sign.courseId))
    .orderBy(asc(accounts.name), asc(enrolments.studentId));
}

export async function listSignChanges(db: Runner, signId: number) {
  const actor = sql<string>`(select name from ${accounts} x where x.id = ${attendanceChanges.actorId})`;
  return db
    .select({ studentId: attendanceChanges.studentId, studentName: accounts.name, actorName: actor, before: attendanceChanges.before, after: attendanceChanges.after, note: attendanceChanges.note, at: attendanceChanges.createdAt })
    .from(attendanceChanges)
    .innerJoin(accounts, eq(accounts.id, attendanceChanges.studentId))
    .where(eq(attendanceChanges.sessionId, signId))
    .orderBy(desc(attendanceChanges.createdAt), desc(attendanceChanges.id));
}

export interface CheckinFacts {
  status: AttendanceStatus;
  checkedAt: Date;
  courseTitle: string;
  meetingStartsAt: Date;
}
export type CheckinOutcome = ({ kind: 'recorded' | 'already' } & CheckinFacts) | { kind: 'not_enrolled' } | { kind: 'closed'; ended: boolean };

interface FactsRow {
  status: AttendanceStatus;
  checked_at: string | Date;
  title: string;
  starts_at: string | Date;
}
const factsOf = (r: FactsRow): CheckinFacts => ({ status: r.status, checkedAt: new Date(r.checked_at), courseTitle: r.title, meetingStartsAt: new Date(r.starts_at) });

/**
 * The check-in in one statement: insert only if the student holds a seat in the course and the sign-in is open
 * now, returning what the student's screen shows; a second scan hits the primary key and records nothing. Only
 * when nothing was inserted does one more read tell why (already, not enrolled, closed).
 */
export async function recordCheckin(db: Runner, signId: number, studentId: number, now: Date): Promise<CheckinOutcome> {
  const at = now.toISOString();
  const inserted = await rowsOf<FactsRow>(
    db,
    sql`with s as (
          select s.id, s.late_after, c.title, m.starts_at
          from ${checkinSessions} s join ${courses} c on c.id = s.course_id join ${courseMeetings} m on m.id = s.meeting_id
          where s.id = ${signId} and s.opens_at <= ${at}::timestamptz and s.closes_at > ${at}::timestamptz
            and exists (select 1 from ${enrolments} e where e.course_id = s.course_id and e.student_id = ${studentId})
        ), ins as (
          insert into ${attendance} (session_id, student_id, status, source, checked_at, updated_at)
          select s.id, ${studentId}, case when ${at}::timestamptz < s.late_after then 'present' else 'late' end, 'qr', ${at}::timestamptz, ${at}::timestamptz from s
          on conflict (session_id, student_id) do nothing
          returning status, checked_at
        )
        select ins.status, ins.checked_at, s.title, s.starts_at from ins cross join s`,
  );
  if (inserted[0]) return { kind: 'recorded', ...factsOf(inserted[0]) };
  const existing = await rowsOf<FactsRow>(
    db,
    sql`select a.status, a.checked_at, c.title, m.starts_at
        from ${attendance} a join ${checkinSessions} s on s.id = a.session_id join ${courses} c on c.id = s.course_id join ${courseMeetings} m on m.id = s.meeting_id
        where a.session_id = ${signId} and a.student_id = ${studentId}`,
  );
  if (existing[0]) return { kind: 'already', ...factsOf(existing[0]) };
  const sign = await getSign(db, signId);
  if (!sign || !(await isEnrolled(db, sign.courseId, studentId))) return { kind: 'not_enrolled' };
  return { kind: 'closed', ended: sign.closesAt.getTime() <= now.getTime() };
}

/** The teacher's override and its audit row, in one transaction. */
export async function overrideAttendance(db: Db, input: { signId: number; studentId: number; actorId: number; status: AttendanceStatus; note: string; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    // FOR UPDATE locks nothing before the student's first mark: the key's lock orders two first corrections.
    await lockNaturalKey(tx, 'attendance', `${input.signId}:${input.studentId}`);
    const [before] = await tx
      .select({ status: attendance.status })
      .from(attendance)
      .where(and(eq(attendance.sessionId, input.signId), eq(attendance.studentId, input.studentId)))
      .for('update');
    // The same correction sent again (a double submit) changes nothing and is not recorded twice (decision 092).
    if (before?.status === input.status) return;
    await tx
      .insert(attendance)
      .values({ sessionId: input.signId, studentId: input.studentId, status: input.status, source: 'teacher', checkedAt: input.now, updatedAt: input.now })
      .onConflictDoUpdate({ target: [attendance.sessionId, attendance.studentId], set: { status: input.status, source: 'teacher', updatedAt: input.now } });
    await tx.insert(attendanceChanges).values({ sessionId: input.signId, studentId: input.studentId, actorId: input.actorId, before: before?.status ?? null, after: input.status, note: input.note, createdAt: input.now });
    // attendance_changes feeds the sign-in page; the audit row puts the same change in the 操作日志 (decision 067).
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'attendance.override',
      entity: 'checkin_session',
      entityId: input.signId,
      before: { student_id: input.studentId, status: before?.status ?? null },
      after: { student_id: input.studentId, status: input.status, note: input.note },
      now: input.now,
    });
  });
}

// The student's side -----------------------------------------------------------------------------------------

export async function listMyAttendance(db: Runner, studentId: number) {
  return db
    .select({ signId: checkinSessions.id, courseId: courses.id, courseTitle: courses.title, meetingStartsAt: courseMeetings.startsAt, closesAt: checkinSessions.closesAt, opensAt: checkinSessions.opensAt, status: attendance.status })
    .from(enrolments)
    .innerJoin(checkinSessions, eq(checkinSessions.courseId, enrolments.courseId))
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .innerJoin(courseMeetings, eq(courseMeetings.id, checkinSessions.meetingId))
    .leftJoin(attendance, and(eq(attendance.sessionId, checkinSessions.id), eq(attendance.studentId, studentId)))
    .where(eq(enrolments.studentId, studentId))
    .orderBy(desc(courseMeetings.startsAt));
}

export async function listStudentMeetings(db: Runner, studentId: number) {
  return db
    .select({ meetingId: courseMeetings.id, courseId: courses.id, courseTitle: courses.title, period: courses.period, startsAt: courseMeetings.startsAt, endsAt: courseMeetings.endsAt, location: courseMeetings.location })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .innerJoin(courseMeetings, eq(courseMeetings.courseId, courses.id))
    .where(eq(enrolments.studentId, studentId))
    .orderBy(asc(courseMeetings.startsAt));
}

export async function feedVersionOf(db: Runner, studentId: number): Promise<number> {
  const [row] = await db.select({ version: calendarFeeds.version }).from(calendarFeeds).where(eq(calendarFeeds.studentId, studentId));
  return row?.version ?? 1;
}

export async function bumpFeedVersion(db: Runner, studentId: number, now: Date): Promise<number> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ studentId, version: 2, updatedAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.studentId, set: { version: sql`${calendarFeeds.version} + 1`, updatedAt: now } })
    .returning({ version: calendarFeeds.version });
  return row!.version;
}

export async function studentAccountExists(db: Runner, studentId: number): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.id, studentId), eq(accounts.role, 'student')));
  return Boolean(row);
}

export async function teacherAccountsByIds(db: Runner, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ id: accounts.id, role: accounts.role, teacherType: accounts.teacherType }).from(accounts).where(inArray(accounts.id, ids));
}

/** A course's full row, or null. */
/** A course's row as the teaching pages and the modules that check course access read it. */
export type CourseRecord = typeof courses.$inferSelect;

export async function findCourseRow(db: Db, courseId: number): Promise<CourseRecord | null> {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  return course ?? null;
}
