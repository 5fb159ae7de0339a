/**
 * The course centre's database work (decisions 041/042). Reads courses/course_meetings directly (the "structure"
 * module owns their admin CRUD). Every seat change is one short transaction: a per-student advisory lock makes the
 * clash and FC checks hold for that student's concurrent requests, and the conditional UPDATE on courses.taken makes
 * the capacity check hold across students; the UNIQUE (student, course) index is the last word on double seats.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { AppError, COURSE_CENTRE_MSG, type CourseCategory, type HeldCourse, type SessionKey } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { lockNaturalKey } from '../../db/natural-key-lock.ts';
import { hotStatement } from '../../db/prepared.ts';
import { accounts, auditLog, studentProfiles } from '../../db/schema.ts';
import { courseMeetings, courses, venueAssignments, venues } from '../../db/schema-courses.ts';
import { allocationRuns, cartItems, enrolments, selectionRounds, studentNotices, waitlistEntries, wishItems } from '../../db/schema-course-centre.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;

/** Raw SQL rows: both drivers answer `{rows}` (docs/design.md §3 pitfalls). */
async function rowsOf<T>(db: Runner, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const CC_AUDIT_ENTITY = 'enrolment';
/** Two-key advisory locks (space, student id) never meet the one-key locks used elsewhere (startup steps). */
const SEAT_LOCK_SPACE = 4111;

export interface CourseRow {
  id: number;
  code: string;
  title: string;
  teacherName: string;
  category: CourseCategory;
  sessionKey: SessionKey;
  period: number;
  venueId: number | null;
  capacity: number;
  taken: number;
  language: 'zh' | 'en' | 'bilingual';
  description: string;
  syllabus: string;
  published: boolean;
  meetings: Array<{ startsAt: Date; endsAt: Date; location: string }>;
}

export type RoundRow = typeof selectionRounds.$inferSelect;

// ---------------------------------------------------------------------------------------------------------------
// Who the student is for the course centre

export interface StudentCentreRow {
  tuitionPaidAt: Date | null;
  placeName: string | null;
  venue: { id: number; placeName: string; name: string } | null;
  /** The venue result's publish time that applies to the student's venue (its own row, else the programme-wide one). */
  venuePublishAt: Date | null;
  /** The round that governs the student (governingRoundSql). */
  round: RoundRow | null;
  /** Asked for by id (the grab, cart and wish writes): the course with its meetings, and what the student holds. */
  course: CourseRow | null;
  held: HeldCourse[] | null;
}

interface RawRound {
  id: number;
  name: string;
  session_key: RoundRow['sessionKey'];
  venue_id: number | null;
  categories: RoundRow['categories'];
  mode: RoundRow['mode'];
  seat_target: number;
  opens_at: string;
  closes_at: string;
  status: RoundRow['status'];
  seed: string | null;
  created_at: string;
}

const roundOfRaw = (r: RawRound): RoundRow => ({
  id: Number(r.id),
  name: r.name,
  sessionKey: r.session_key,
  venueId: r.venue_id === null ? null : Number(r.venue_id),
  categories: r.categories,
  mode: r.mode,
  seatTarget: Number(r.seat_target),
  opensAt: new Date(r.opens_at),
  closesAt: new Date(r.closes_at),
  status: r.status,
  seed: r.seed,
  createdAt: new Date(r.created_at),
});

/**
 * THE round that governs a student of a session at a venue (decision 044; the success card and the course centre
 * both use it). Among rounds of the session for all venues or this one, a *live* round (status open, not yet closed)
 * comes first; among live rounds one for the student's venue beats a programme-wide one (an admin who opens a round
 * for a venue means it for that venue's students); then one under way beats one still to open — of those under way
 * the one opened last (ties: the newest row), else the next to open. With nothing live, the round that began last
 * (venue rounds first), so the centre can say 选课已结束 and show what was allocated. Drafts never govern.
 * A subquery answering one row_to_json (or null), folded into the centre's first statement.
 */
export function governingRoundSql(sessionKey: SQL, venueId: SQL, now: Date): SQL {
  return governingRoundSqlAt(sessionKey, venueId, sql`${now.toISOString()}::timestamptz`);
}

function governingRoundSqlAt(sessionKey: SQL, venueId: SQL, at: SQL): SQL {
  return sql`select row_to_json(r) from selection_rounds r
    where r.session_key = ${sessionKey} and (r.venue_id is null or r.venue_id = ${venueId}) and r.status in ('open', 'closed', 'allocated')
    order by (r.status = 'open' and r.closes_at > ${at}) desc, (r.venue_id is not null) desc, (r.opens_at <= ${at}) desc,
      case when r.opens_at > ${at} then r.opens_at end asc, r.opens_at desc, r.id desc
    limit 1`;
}

export async function findGoverningRound(db: Db, sessionKey: SessionKey, venueId: number | null, now: Date): Promise<RoundRow | null> {
  const [row] = await rowsOf<{ round: RawRound | null }>(db, sql`select (${governingRoundSql(sql`${sessionKey}`, sql`${venueId}::int`, now)}) as round`);
  return row?.round ? roundOfRaw(row.round) : null;
}

/** The governing round when it is live (open and not yet closed): what the success card announces. */
export async function findLiveSelectionRound(db: Db, sessionKey: SessionKey, venueId: number | null, now: Date): Promise<RoundRow | null> {
  const round = await findGoverningRound(db, sessionKey, venueId, now);
  return round && round.status === 'open' && round.closesAt.getTime() > now.getTime() ? round : null;
}

type RawMeeting = { starts_at: string | Date; ends_at: string | Date; location: string };
interface RawCourse {
  id: number; code: string; title: string; teacher_name: string; category: CourseCategory; session_key: SessionKey; period: number; venue_id: number | null;
  capacity: number; taken: number; language: CourseRow['language']; description: string; syllabus: string; published: boolean;
  meetings: RawMeeting[] | null;
}

const courseOfRaw = (r: RawCourse): CourseRow => ({
  id: Number(r.id), code: r.code, title: r.title, teacherName: r.teacher_name, category: r.category, sessionKey: r.session_key, period: Number(r.period),
  venueId: r.venue_id === null ? null : Number(r.venue_id), capacity: Number(r.capacity), taken: Number(r.taken), language: r.language,
  description: r.description, syllabus: r.syllabus, published: r.published,
  meetings: (r.meetings ?? []).map((m) => ({ startsAt: new Date(m.starts_at), endsAt: new Date(m.ends_at), location: m.location })),
});

/** One course as json with its meetings (findCourse and the centre's first statement). */
const courseJsonSql = (id: SQL) => sql`(select json_build_object('id', c.id, 'code', c.code, 'title', c.title, 'teacher_name', c.teacher_name, 'category', c.category, 'session_key', c.session_key,
      'period', c.period, 'venue_id', c.venue_id, 'capacity', c.capacity, 'taken', c.taken, 'language', c.language, 'description', c.description, 'syllabus', c.syllabus, 'published', c.published,
      'meetings', (select json_agg(json_build_object('starts_at', m.starts_at, 'ends_at', m.ends_at, 'location', m.location) order by m.starts_at) from course_meetings m where m.course_id = c.id))
    from courses c where c.id = ${id})`;

/** The student's held courses as the seat rules see them (epoch-ms meetings), as one json array. */
const heldJsonSql = (studentId: SQL) => sql`(select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title, 'category', c.category,
      'meetings', (select json_agg(json_build_object('start', (extract(epoch from m.starts_at) * 1000)::float8, 'end', (extract(epoch from m.ends_at) * 1000)::float8))
         from course_meetings m where m.course_id = c.id)) order by c.id), '[]'::json)
    from enrolments e join courses c on c.id = e.course_id where e.student_id = ${studentId})`;

type RawHeld = { id: number; title: string; category: CourseCategory; meetings: Array<{ start: number; end: number }> | null };
const heldOfRaw = (rows: RawHeld[]): HeldCourse[] => rows.map((r) => ({ id: Number(r.id), title: r.title, category: r.category, meetings: (r.meetings ?? []).map((m) => ({ start: Number(m.start), end: Number(m.end) })) }));

/**
 * Everything a course-centre request needs to decide, in ONE round trip (a named statement on PostgreSQL):
 * profile, venue, the venue result's publish time, the governing round and, when a course is named, that course
 * and the student's held courses. The grab decides a full course, a closed window, a wrong venue and a clash from
 * this alone, without a transaction or a lock.
 */
type RawCentre = {
  tuition_paid_at: string | Date | null; place_name: string | null; venue_id: number | null; venue_place: string | null; venue_name: string | null;
  venue_publish_at: string | Date | null; round: RawRound | null; course: RawCourse | null; held: RawHeld[] | null;
};

/** The centre's first statement, built once per process; with `wantsCourse` it also brings the course and the held courses. */
const centreStatement = (wantsCourse: boolean) =>
  hotStatement<RawCentre>(() => {
    const p = (name: string) => sql.placeholder(name);
    const sessionOf = sql`case p.place_name when ${p('first')} then 'first' when ${p('second')} then 'second' when ${p('third')} then 'third' end`;
    const at = sql`${p('now')}::timestamptz`;
    return sql`select p.tuition_paid_at, p.place_name, v.id as venue_id, v.place_name as venue_place, v.name as venue_name,
      (select rp.publish_at from result_publications rp where rp.kind = 'venue' and (rp.venue_id = v.id or rp.venue_id is null) order by rp.venue_id is null limit 1) as venue_publish_at,
      (${governingRoundSqlAt(sessionOf, sql`v.id`, at)}) as round,
      ${wantsCourse ? sql`${courseJsonSql(sql`${p('course')}::int`)} as course, ${heldJsonSql(sql`p.account_id`)} as held` : sql`null::json as course, null::json as held`}
    from student_profiles p
    left join venue_assignments va on va.student_id = p.account_id
    left join venues v on v.id = va.venue_id
    where p.account_id = ${p('student')}::int`;
  });
const centreWithCourse = centreStatement(true);
const centreOnly = centreStatement(false);

/**
 * Everything a course-centre request needs to decide, in ONE round trip (a named statement on PostgreSQL):
 * profile, venue, the venue result's publish time, the governing round and, when a course is named, that course
 * and the student's held courses. The grab decides a full course, a closed window, a wrong venue and a clash from
 * this alone, without a transaction or a lock.
 */
export async function findStudentCentre(db: Db, q: { studentId: number; sessionNames: Record<SessionKey, string>; now: Date; courseId?: number }): Promise<StudentCentreRow | null> {
  const values = { ...q.sessionNames, now: q.now.toISOString(), student: q.studentId, course: q.courseId ?? 0 };
  const [row] = await (q.courseId === undefined ? centreOnly : centreWithCourse)(db, values);
  if (!row) return null;
  return {
    tuitionPaidAt: row.tuition_paid_at === null ? null : new Date(row.tuition_paid_at),
    placeName: row.place_name,
    venue: row.venue_id !== null && row.venue_place !== null && row.venue_name !== null ? { id: Number(row.venue_id), placeName: row.venue_place, name: row.venue_name } : null,
    venuePublishAt: row.venue_publish_at === null ? null : new Date(row.venue_publish_at),
    round: row.round ? roundOfRaw(row.round) : null,
    course: row.course ? courseOfRaw(row.course) : null,
    held: row.held ? heldOfRaw(row.held) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Courses

async function attachMeetings(db: Runner, rows: Array<Omit<CourseRow, 'meetings'>>): Promise<CourseRow[]> {
  if (rows.length === 0) return [];
  const meetings = await db
    .select()
    .from(courseMeetings)
    .where(
      inArray(
        courseMeetings.courseId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(courseMeetings.startsAt));
  const byCourse = new Map<number, CourseRow['meetings']>();
  for (const m of meetings) {
    const list = byCourse.get(m.courseId) ?? [];
    list.push({ startsAt: m.startsAt, endsAt: m.endsAt, location: m.location });
    byCourse.set(m.courseId, list);
  }
  return rows.map((r) => ({ ...r, meetings: byCourse.get(r.id) ?? [] }));
}

const courseColumns = {
  id: courses.id,
  code: courses.code,
  title: courses.title,
  teacherName: courses.teacherName,
  category: courses.category,
  sessionKey: courses.sessionKey,
  period: courses.period,
  venueId: courses.venueId,
  capacity: courses.capacity,
  taken: courses.taken,
  language: courses.language,
  description: courses.description,
  syllabus: courses.syllabus,
  published: courses.published,
};

/** Published courses of a session open to a venue (venue_id null = every venue), with meetings. */
export async function listCentreCourses(db: Db, f: { sessionKey: SessionKey; venueId: number; category?: CourseCategory | undefined; keyword?: string | undefined; period?: number | undefined }): Promise<CourseRow[]> {
  const conditions = [eq(courses.sessionKey, f.sessionKey), eq(courses.published, true), or(isNull(courses.venueId), eq(courses.venueId, f.venueId))];
  if (f.category) conditions.push(eq(courses.category, f.category));
  if (f.period) conditions.push(eq(courses.period, f.period));
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(sql`${courses.title} ilike ${like}`, sql`${courses.code} ilike ${like}`, sql`${courses.teacherName} ilike ${like}`));
  }
  const rows = await db
    .select(courseColumns)
    .from(courses)
    .where(and(...conditions))
    .orderBy(asc(courses.category), asc(courses.period), asc(courses.code));
  return attachMeetings(db, rows);
}

export async function findCourses(db: Runner, ids: number[]): Promise<CourseRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(courseColumns).from(courses).where(inArray(courses.id, ids));
  return attachMeetings(db, rows);
}

/** One course with its meetings in one round trip. */
export async function findCourse(db: Runner, id: number): Promise<CourseRow | null> {
  const [r] = await rowsOf<{ course: RawCourse | null }>(db, sql`select ${courseJsonSql(sql`${id}::int`)} as course`);
  return r?.course ? courseOfRaw(r.course) : null;
}

/** The student's held courses as the seat rules see them (epoch-ms meetings). One round trip. */
export async function findHeld(db: Runner, studentId: number): Promise<HeldCourse[]> {
  const [r] = await rowsOf<{ held: RawHeld[] | null }>(db, sql`select ${heldJsonSql(sql`${studentId}::int`)} as held`);
  return heldOfRaw(r?.held ?? []);
}

export interface StudentLists {
  enrolled: Array<{ courseId: number; source: string }>;
  cart: Array<{ courseId: number; sort: number }>;
  wish: Array<{ courseId: number; rank: number }>;
  waitlist: Array<{ courseId: number; createdAt: Date }>;
}

export async function findStudentLists(db: Db, studentId: number): Promise<StudentLists> {
  const [enrolled, cart, wish, waitlist] = await Promise.all([
    db.select({ courseId: enrolments.courseId, source: enrolments.source }).from(enrolments).where(eq(enrolments.studentId, studentId)),
    db.select({ courseId: cartItems.courseId, sort: cartItems.sort }).from(cartItems).where(eq(cartItems.studentId, studentId)).orderBy(asc(cartItems.sort)),
    db.select({ courseId: wishItems.courseId, rank: wishItems.rank }).from(wishItems).where(eq(wishItems.studentId, studentId)).orderBy(asc(wishItems.rank)),
    db
      .select({ courseId: waitlistEntries.courseId, createdAt: waitlistEntries.createdAt })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.studentId, studentId), isNull(waitlistEntries.promotedAt))),
  ]);
  return { enrolled, cart, wish, waitlist };
}

/** 1-based place in the course's waitlist for each of the student's open entries. */
export async function findWaitlistPositions(db: Db, studentId: number): Promise<Map<number, number>> {
  const res = await rowsOf<{ course_id: number; position: number }>(db, sql`
    select w.course_id, (select count(*) from waitlist_entries o where o.course_id = w.course_id and o.promoted_at is null and (o.created_at, o.id) <= (w.created_at, w.id))::int as position
    from waitlist_entries w where w.student_id = ${studentId} and w.promoted_at is null`);
  return new Map(res.map((r) => [Number(r.course_id), Number(r.position)]));
}

// ---------------------------------------------------------------------------------------------------------------
// Wish list and cart (ordered lists of course ids)

export async function addWish(db: Db, studentId: number, courseId: number, now: Date): Promise<boolean> {
  const rows = await db
    .insert(wishItems)
    .values({ studentId, courseId, rank: sql`(select coalesce(max(rank), 0) + 1 from wish_items where student_id = ${studentId})`, createdAt: now })
    .onConflictDoNothing()
    .returning({ courseId: wishItems.courseId });
  return rows.length > 0;
}

export async function removeWish(db: Db, studentId: number, courseId: number): Promise<boolean> {
  return (await db.delete(wishItems).where(and(eq(wishItems.studentId, studentId), eq(wishItems.courseId, courseId))).returning({ c: wishItems.courseId })).length > 0;
}

export async function addCart(db: Db, studentId: number, courseId: number, now: Date): Promise<boolean> {
  const rows = await db
    .insert(cartItems)
    .values({ studentId, courseId, sort: sql`(select coalesce(max(sort), 0) + 1 from cart_items where student_id = ${studentId})`, createdAt: now })
    .onConflictDoNothing()
    .returning({ courseId: cartItems.courseId });
  return rows.length > 0;
}

export async function removeCart(db: Db, studentId: number, courseId: number): Promise<boolean> {
  return (await db.delete(cartItems).where(and(eq(cartItems.studentId, studentId), eq(cartItems.courseId, courseId))).returning({ c: cartItems.courseId })).length > 0;
}

/** Rewrites the order of a list in one transaction; the caller has checked the ids are exactly the list's. */
export async function reorder(db: Db, list: 'wish' | 'cart', studentId: number, courseIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [i, courseId] of courseIds.entries()) {
      if (list === 'wish') await tx.update(wishItems).set({ rank: i + 1 }).where(and(eq(wishItems.studentId, studentId), eq(wishItems.courseId, courseId)));
      else await tx.update(cartItems).set({ sort: i + 1 }).where(and(eq(cartItems.studentId, studentId), eq(cartItems.courseId, courseId)));
    }
  });
}

export async function markCartSubmitted(db: Db, studentId: number, now: Date): Promise<void> {
  await db.update(cartItems).set({ submittedAt: now }).where(eq(cartItems.studentId, studentId));
}

// ---------------------------------------------------------------------------------------------------------------
// Seats

/** Thrown inside a seat transaction to roll it back with a student-facing message. */
function refuse(msg: string): never {
  throw AppError.message(msg);
}

export interface SeatTake {
  studentId: number;
  courseId: number;
  roundId: number | null;
  source: 'grab' | 'allocation' | 'waitlist' | 'admin';
  actorId: number | null;
  now: Date;
  /** The seat rules, run on the student's held courses while their lock is held; a message refuses. */
  check: (held: HeldCourse[]) => string | null;
}

/**
 * Takes one seat: lock the student, check their rules, then one statement moves the counter only while a seat is
 * left, inserts the enrolment, clears the cart line and writes the audit row. A full course changes nothing.
 */
export async function takeSeat(db: Db, s: SeatTake): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEAT_LOCK_SPACE}, ${s.studentId})`);
    const verdict = s.check(await findHeld(tx, s.studentId));
    if (verdict) refuse(verdict);
    const res = await rowsOf<{ seat: number; enrolled: number }>(tx, sql`
      with seat as (update courses set taken = taken + 1 where id = ${s.courseId} and taken < capacity returning id),
      ins as (insert into enrolments (student_id, course_id, round_id, source, created_at)
              select ${s.studentId}, id, ${s.roundId}, ${s.source}, ${s.now.toISOString()}::timestamptz from seat
              on conflict (student_id, course_id) do nothing returning id),
      cart as (delete from cart_items where student_id = ${s.studentId} and course_id = ${s.courseId} and exists (select 1 from ins)),
      audit as (insert into audit_log (actor_id, action, entity, entity_id, after, created_at)
              select ${s.actorId}, ${'enrolment.' + s.source}, ${CC_AUDIT_ENTITY}, ${String(s.studentId)},
                     json_build_object('course_id', ${s.courseId}::int, 'round_id', ${s.roundId}::int), ${s.now.toISOString()}::timestamptz from ins)
      select (select count(*) from seat)::int as seat, (select count(*) from ins)::int as enrolled`);
    const row = res[0];
    if (!row || Number(row.seat) === 0) refuse(COURSE_CENTRE_MSG.FULL);
    if (Number(row.enrolled) === 0) refuse(COURSE_CENTRE_MSG.ALREADY_ENROLLED);
  });
}

/** What course_centre_grab answers (migration 0039, decision 094); the service turns it into the domain's messages. */
export type GrabOutcome =
  | 'taken'
  | 'no_profile'
  | 'gate'
  | 'no_round'
  | 'not_grab_round'
  | 'not_started'
  | 'ended'
  | 'course_not_found'
  | 'wrong_session_or_venue'
  | 'not_in_round'
  | 'full'
  | 'already'
  | 'fc_limit'
  | 'clash';

export interface GrabAnswer {
  outcome: GrabOutcome;
  /** The gate's three facts (courseCentreGate), set from 'gate' on. */
  paid: boolean | null;
  published: boolean | null;
  assigned: boolean | null;
  /** The held course the candidate meets at the same time ('clash'). */
  clashTitle: string | null;
}

const grabStatement = hotStatement<{ outcome: GrabOutcome; paid: boolean | null; published: boolean | null; assigned: boolean | null; clash_title: string | null }>(() => {
  const p = (name: string) => sql.placeholder(name);
  return sql`select outcome, paid, published, assigned, clash_title
    from course_centre_grab(${p('student')}::int, ${p('course')}::int, ${p('now')}::timestamptz, array[${p('first')}::text, ${p('second')}::text, ${p('third')}::text], ${p('fcMax')}::int, 'grab')`;
});

/**
 * The whole grab in ONE round trip (decision 094): gate, governing round, window, course, full, then under the
 * student's lock the seat rules on a fresh read, the conditional seat, the enrolment, the cart line and the audit
 * row, all in the stored function course_centre_grab (migration 0039), called as a named statement. A unique
 * violation (a seat given meanwhile by an allocation commit, which does not take the student lock) aborts the
 * call whole, the counter included: 'already'.
 */
export async function grabSeat(db: Db, g: { studentId: number; courseId: number; now: Date; sessionNames: Record<SessionKey, string>; fcMax: number }): Promise<GrabAnswer> {
  const values = { student: g.studentId, course: g.courseId, now: g.now.toISOString(), first: g.sessionNames.first, second: g.sessionNames.second, third: g.sessionNames.third, fcMax: g.fcMax };
  let row;
  try {
    [row] = await grabStatement(db, values);
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return { outcome: 'already', paid: true, published: true, assigned: true, clashTitle: null };
    throw error;
  }
  if (!row) throw new Error('course_centre_grab answered no row');
  return { outcome: row.outcome, paid: row.paid, published: row.published, assigned: row.assigned, clashTitle: row.clash_title };
}

export interface SeatDrop {
  studentId: number;
  courseId: number;
  actorId: number | null;
  now: Date;
  /** Whether a waitlisted student may take the seat (their seat rules), given what they hold. */
  canTake: (held: HeldCourse[]) => boolean;
  notice: (courseTitle: string) => { title: string; body: string };
}

/**
 * Gives a seat back and, in the same transaction, hands it to the first waitlisted student who can take it. The
 * candidate's lock is only tried (never waited for), so two drops promoting each other cannot deadlock; a
 * candidate busy with their own request is passed over this time and keeps their place.
 */
export async function dropSeat(db: Db, d: SeatDrop): Promise<{ promotedStudentId: number | null }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEAT_LOCK_SPACE}, ${d.studentId})`);
    const gone = await tx
      .delete(enrolments)
      .where(and(eq(enrolments.studentId, d.studentId), eq(enrolments.courseId, d.courseId)))
      .returning({ roundId: enrolments.roundId });
    if (gone.length === 0) refuse(COURSE_CENTRE_MSG.NOT_ENROLLED);
    const [course] = await tx.update(courses).set({ taken: sql`${courses.taken} - 1` }).where(eq(courses.id, d.courseId)).returning({ title: courses.title });
    await tx.insert(auditLog).values({ actorId: d.actorId, action: 'enrolment.drop', entity: CC_AUDIT_ENTITY, entityId: String(d.studentId), after: { course_id: d.courseId }, createdAt: d.now });

    const waiting = await tx
      .select({ id: waitlistEntries.id, studentId: waitlistEntries.studentId })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.courseId, d.courseId), isNull(waitlistEntries.promotedAt)))
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
    for (const entry of waiting) {
      if (entry.studentId === d.studentId) continue;
      const locked = await rowsOf<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${SEAT_LOCK_SPACE}, ${entry.studentId}) as ok`);
      if (!locked[0]?.ok) continue;
      if (!d.canTake(await findHeld(tx, entry.studentId))) continue;
      const seat = await rowsOf<{ id: number }>(tx, sql`update courses set taken = taken + 1 where id = ${d.courseId} and taken < capacity returning id`);
      if (seat.length === 0) break;
      const ins = await tx
        .insert(enrolments)
        .values({ studentId: entry.studentId, courseId: d.courseId, roundId: gone[0]?.roundId ?? null, source: 'waitlist', createdAt: d.now })
        .onConflictDoNothing()
        .returning({ id: enrolments.id });
      if (ins.length === 0) {
        await tx.execute(sql`update courses set taken = taken - 1 where id = ${d.courseId}`);
        continue;
      }
      await tx.update(waitlistEntries).set({ promotedAt: d.now }).where(eq(waitlistEntries.id, entry.id));
      await tx.delete(cartItems).where(and(eq(cartItems.studentId, entry.studentId), eq(cartItems.courseId, d.courseId)));
      const notice = d.notice(course?.title ?? '');
      await tx.insert(studentNotices).values({ studentId: entry.studentId, title: notice.title, body: notice.body, createdAt: d.now });
      await tx.insert(auditLog).values({ actorId: d.actorId, action: 'enrolment.waitlist', entity: CC_AUDIT_ENTITY, entityId: String(entry.studentId), after: { course_id: d.courseId, from_drop_of: d.studentId }, createdAt: d.now });
      return { promotedStudentId: entry.studentId };
    }
    return { promotedStudentId: null };
  });
}

export async function joinWaitlist(db: Db, studentId: number, courseId: number, now: Date): Promise<boolean> {
  // A student promoted earlier and dropped since may queue again: the old row is reset, keeping one row per pair.
  const rows = await db
    .insert(waitlistEntries)
    .values({ studentId, courseId, createdAt: now })
    .onConflictDoUpdate({ target: [waitlistEntries.studentId, waitlistEntries.courseId], set: { createdAt: now, promotedAt: null }, setWhere: sql`${waitlistEntries.promotedAt} is not null` })
    .returning({ id: waitlistEntries.id });
  return rows.length > 0;
}

export async function leaveWaitlist(db: Db, studentId: number, courseId: number): Promise<boolean> {
  return (
    (
      await db
        .delete(waitlistEntries)
        .where(and(eq(waitlistEntries.studentId, studentId), eq(waitlistEntries.courseId, courseId), isNull(waitlistEntries.promotedAt)))
        .returning({ id: waitlistEntries.id })
    ).length > 0
  );
}

export async function listNotices(db: Db, studentId: number) {
  return db.select().from(studentNotices).where(eq(studentNotices.studentId, studentId)).orderBy(desc(studentNotices.createdAt)).limit(50);
}

// ---------------------------------------------------------------------------------------------------------------
// Rounds and allocation (admin)

export async function listRounds(db: Db): Promise<RoundRow[]> {
  return db.select().from(selectionRounds).orderBy(desc(selectionRounds.opensAt));
}

export async function findRound(db: Db, id: number): Promise<RoundRow | null> {
  return (await db.select().from(selectionRounds).where(eq(selectionRounds.id, id)))[0] ?? null;
}

export async function venueExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: venues.id }).from(venues).where(eq(venues.id, id))).length > 0;
}

type RoundValues = Omit<typeof selectionRounds.$inferInsert, 'id' | 'createdAt'>;

export async function insertRoundAudited(db: Db, values: RoundValues, actorId: number, now: Date): Promise<RoundRow> {
  return db.transaction(async (tx) => {
    // One round of a name per session: a double-submitted create finds the first one's round (decision 092).
    await lockNaturalKey(tx, 'selection_round', `${values.sessionKey}:${values.name}`);
    const same = await tx.select({ id: selectionRounds.id }).from(selectionRounds).where(and(eq(selectionRounds.sessionKey, values.sessionKey), eq(selectionRounds.name, values.name)));
    if (same.length > 0) throw AppError.reload(COURSE_CENTRE_MSG.ROUND_DUPLICATE);
    const [row] = await tx
      .insert(selectionRounds)
      .values({ ...values, createdAt: now })
      .returning();
    await tx.insert(auditLog).values({ actorId, action: 'selection_round.create', entity: 'selection_round', entityId: String(row!.id), after: row, createdAt: now });
    return row!;
  });
}

export async function updateRoundAudited(db: Db, id: number, values: Partial<RoundValues>, action: string, actorId: number, now: Date, guard?: (before: RoundRow) => string | null): Promise<RoundRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(selectionRounds).where(eq(selectionRounds.id, id)).for('update');
    if (!before) throw AppError.notFound(COURSE_CENTRE_MSG.ROUND_NOT_FOUND);
    const why = guard?.(before);
    if (why) refuse(why);
    const [after] = await tx.update(selectionRounds).set(values).where(eq(selectionRounds.id, id)).returning();
    await tx.insert(auditLog).values({ actorId, action, entity: 'selection_round', entityId: String(id), before, after, createdAt: now });
    return after!;
  });
}

/** Students of a round (session + venue) with their wish lists in rank order, restricted to the round's courses. */
export async function findWishLists(db: Db, round: RoundRow): Promise<Array<{ studentId: number; courseId: number; rank: number }>> {
  const rows = await db
    .select({ studentId: wishItems.studentId, courseId: wishItems.courseId, rank: wishItems.rank })
    .from(wishItems)
    .innerJoin(courses, eq(courses.id, wishItems.courseId))
    .innerJoin(venueAssignments, eq(venueAssignments.studentId, wishItems.studentId))
    .where(
      and(
        eq(courses.sessionKey, round.sessionKey),
        eq(courses.published, true),
        inArray(courses.category, round.categories),
        or(isNull(courses.venueId), eq(courses.venueId, venueAssignments.venueId)),
        round.venueId === null ? undefined : eq(venueAssignments.venueId, round.venueId),
      ),
    )
    .orderBy(asc(wishItems.studentId), asc(wishItems.rank));
  return rows;
}

export async function findRoundCourses(db: Db, round: RoundRow): Promise<CourseRow[]> {
  const rows = await db
    .select(courseColumns)
    .from(courses)
    .where(and(eq(courses.sessionKey, round.sessionKey), eq(courses.published, true), inArray(courses.category, round.categories), round.venueId === null ? undefined : or(isNull(courses.venueId), eq(courses.venueId, round.venueId))));
  return attachMeetings(db, rows);
}

export async function findHeldOfMany(db: Db, studentIds: number[]): Promise<Map<number, HeldCourse[]>> {
  const out = new Map<number, HeldCourse[]>();
  for (const id of studentIds) out.set(id, await findHeld(db, id));
  return out;
}

export async function namesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, ids));
  return new Map(rows.map((r) => [r.id, r.name ?? '']));
}

export async function insertRun(db: Db, roundId: number, seed: string, result: unknown, actorId: number, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(allocationRuns).values({ roundId, seed, result, createdBy: actorId, createdAt: now }).returning();
    await tx.insert(auditLog).values({ actorId, action: 'allocation.dry_run', entity: 'selection_round', entityId: String(roundId), after: { run_id: row!.id, seed }, createdAt: now });
    return row!;
  });
}

export async function findRun(db: Db, id: number) {
  return (await db.select().from(allocationRuns).where(eq(allocationRuns.id, id)))[0] ?? null;
}

export async function listRuns(db: Db, roundId: number) {
  return db.select().from(allocationRuns).where(eq(allocationRuns.roundId, roundId)).orderBy(desc(allocationRuns.createdAt), desc(allocationRuns.id));
}

/**
 * Commits a dry run in one transaction: every seat by the same conditional UPDATE as the grab (so a run computed
 * on stale figures fails whole, never oversells), the waitlist, the round's seed and status, and the audit rows.
 */
export async function commitRun(
  db: Db,
  c: { round: RoundRow; runId: number; seed: string; assignments: Array<{ studentId: number; courseId: number; rank: number }>; waitlist: Array<{ studentId: number; courseId: number }>; actorId: number; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(selectionRounds).where(eq(selectionRounds.id, c.round.id)).for('update');
    if (!locked || locked.status === 'allocated') refuse(COURSE_CENTRE_MSG.ROUND_ALREADY_ALLOCATED);
    for (const a of c.assignments) {
      const seat = await rowsOf<{ id: number }>(tx, sql`update courses set taken = taken + 1 where id = ${a.courseId} and taken < capacity returning id`);
      if (seat.length === 0) refuse(COURSE_CENTRE_MSG.RUN_STALE);
      const ins = await tx
        .insert(enrolments)
        .values({ studentId: a.studentId, courseId: a.courseId, roundId: c.round.id, source: 'allocation', createdAt: c.now })
        .onConflictDoNothing()
        .returning({ id: enrolments.id });
      if (ins.length === 0) refuse(COURSE_CENTRE_MSG.RUN_STALE);
    }
    // Waitlist order follows the allocation's seeded order: one created_at per entry, a microsecond apart.
    for (const [i, w] of c.waitlist.entries()) {
      await tx
        .insert(waitlistEntries)
        .values({ studentId: w.studentId, courseId: w.courseId, createdAt: new Date(c.now.getTime() + i) })
        .onConflictDoNothing();
    }
    if (c.assignments.length > 0) {
      await tx.insert(auditLog).values(
        c.assignments.map((a) => ({ actorId: c.actorId, action: 'enrolment.allocation', entity: CC_AUDIT_ENTITY, entityId: String(a.studentId), after: { course_id: a.courseId, round_id: c.round.id, rank: a.rank }, createdAt: c.now })),
      );
    }
    await tx.update(allocationRuns).set({ committedAt: c.now }).where(eq(allocationRuns.id, c.runId));
    await tx.update(selectionRounds).set({ status: 'allocated', seed: c.seed }).where(eq(selectionRounds.id, c.round.id));
    await tx.insert(auditLog).values({ actorId: c.actorId, action: 'allocation.commit', entity: 'selection_round', entityId: String(c.round.id), before: { status: locked!.status }, after: { status: 'allocated', run_id: c.runId, seed: c.seed, seats: c.assignments.length }, createdAt: c.now });
  });
}

export async function listWaitlists(db: Db, round: RoundRow) {
  return db
    .select({ courseId: courses.id, courseTitle: courses.title, studentId: waitlistEntries.studentId, studentName: accounts.name, createdAt: waitlistEntries.createdAt, promotedAt: waitlistEntries.promotedAt })
    .from(waitlistEntries)
    .innerJoin(courses, eq(courses.id, waitlistEntries.courseId))
    .innerJoin(accounts, eq(accounts.id, waitlistEntries.studentId))
    .where(and(eq(courses.sessionKey, round.sessionKey), inArray(courses.category, round.categories), round.venueId === null ? undefined : or(isNull(courses.venueId), eq(courses.venueId, round.venueId))))
    .orderBy(asc(courses.id), asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
}
