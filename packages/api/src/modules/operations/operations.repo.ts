/**
 * Reads for the admin's operations views (decision 065): counts over courses, enrolments, the waitlist, sign-ins
 * with attendance (teaching) and final grades (coursework). Nothing here writes. Counts are returned raw; the
 * service turns them into rates with the domain's one definition (percentOf, averageOf).
 *
 * Only students who hold a seat now are counted: a dropped student's old check-ins or grades do not move a
 * course's figures (the same rule as the roster and the certificates, decisions 056 and 058).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { OpsCourseSort, SessionKey } from '@summit/domain';
import type { Db } from '../../db/client.ts';

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface OpsFilter {
  sessionKey?: SessionKey | undefined;
  venueId?: number | undefined;
  courseId?: number | undefined;
  q?: string | undefined;
}

function courseWhere(f: OpsFilter): SQL {
  const conds: SQL[] = [sql`true`];
  if (f.sessionKey) conds.push(sql`c.session_key = ${f.sessionKey}`);
  if (f.venueId !== undefined) conds.push(sql`c.venue_id = ${f.venueId}`);
  if (f.courseId !== undefined) conds.push(sql`c.id = ${f.courseId}`);
  if (f.q) conds.push(sql`(c.code ilike ${likeOf(f.q)} or c.title ilike ${likeOf(f.q)})`);
  return sql.join(conds, sql` and `);
}

export interface CourseRefRow {
  course_id: number;
  code: string;
  title: string;
  period: number;
  session_key: SessionKey;
  venue: string | null;
  teacher_name: string;
  capacity: number;
}

const refColumns = sql`c.id as course_id, c.code, c.title, c.period, c.session_key, v.name as venue, c.teacher_name, c.capacity`;
const refOf = <T extends CourseRefRow>(r: T): T => ({ ...r, course_id: Number(r.course_id), period: Number(r.period), capacity: Number(r.capacity) });

/** Enrolled students of course `c` (a correlated count). */
const enrolledCount = sql`(select count(*)::int from enrolments e where e.course_id = c.id)`;

export interface CourseFigures extends CourseRefRow {
  enrolled: number;
  waitlist: number;
  closed_signs: number;
  attended: number;
  graded: number;
  /** Σ final grade in tenths (exact). */
  grade_tenths: number;
  total: number;
}

const SORT_SQL: Record<OpsCourseSort, SQL> = {
  code: sql`code`,
  enrolled: sql`enrolled`,
  fill_rate: sql`(case when capacity > 0 then enrolled::float8 / capacity end)`,
  waitlist: sql`waitlist`,
  attendance_rate: sql`(case when enrolled * closed_signs > 0 then attended::float8 / (enrolled * closed_signs) end)`,
  average_grade: sql`(case when graded > 0 then grade_tenths::float8 / graded end)`,
};

/** Per course: seats, waitlist, closed sign-ins and attendance, grades; filtered, sorted and paged in the database. */
export async function listCourseFigures(
  db: Db,
  f: OpsFilter & { sort: OpsCourseSort; order: 'asc' | 'desc'; limit: number; offset: number; now: Date; afterId?: number },
): Promise<CourseFigures[]> {
  const dir = f.order === 'asc' ? sql`asc` : sql`desc`;
  const keyset = f.afterId !== undefined ? sql`and c.id > ${f.afterId}` : sql``;
  const order = f.afterId !== undefined ? sql`course_id asc` : sql`${SORT_SQL[f.sort]} ${dir} nulls last, code asc, period asc, course_id asc`;
  const rows = await rowsOf<CourseFigures>(
    db,
    sql`with figures as (
          select ${refColumns},
            ${enrolledCount} as enrolled,
            (select count(*)::int from waitlist_entries w where w.course_id = c.id and w.promoted_at is null) as waitlist,
            (select count(*)::int from checkin_sessions s where s.course_id = c.id and s.closes_at <= ${iso(f.now)}) as closed_signs,
            (select count(*)::int from checkin_sessions s
               join attendance t on t.session_id = s.id and t.status in ('present', 'late')
               join enrolments e on e.course_id = s.course_id and e.student_id = t.student_id
               where s.course_id = c.id and s.closes_at <= ${iso(f.now)}) as attended,
            (select count(g.final_grade)::int from course_grades g join enrolments e on e.course_id = g.course_id and e.student_id = g.student_id where g.course_id = c.id) as graded,
            (select coalesce(sum(round(g.final_grade * 10)), 0)::int from course_grades g join enrolments e on e.course_id = g.course_id and e.student_id = g.student_id where g.course_id = c.id and g.final_grade is not null) as grade_tenths
          from courses c left join venues v on v.id = c.venue_id
          where ${courseWhere(f)} ${keyset}
        )
        select *, count(*) over ()::int as total from figures
        order by ${order}
        limit ${f.limit} offset ${f.offset}`,
  );
  return rows.map((r) => ({ ...refOf(r), enrolled: Number(r.enrolled), waitlist: Number(r.waitlist), closed_signs: Number(r.closed_signs), attended: Number(r.attended), graded: Number(r.graded), grade_tenths: Number(r.grade_tenths), total: Number(r.total) }));
}

export interface GradeFigures extends CourseRefRow {
  enrolled: number;
  a: number;
  b: number;
  c: number;
  d: number;
  f: number;
  grade_tenths: number;
  publish_at: Date | null;
  total: number;
}

// The bands of decision 053 (domain GRADE_BANDS); final grades have one decimal, so >= on the band's floor is exact.
const gradeCounts = sql`
  count(g.final_grade) filter (where g.final_grade >= 90)::int as a,
  count(g.final_grade) filter (where g.final_grade >= 80 and g.final_grade < 90)::int as b,
  count(g.final_grade) filter (where g.final_grade >= 70 and g.final_grade < 80)::int as c,
  count(g.final_grade) filter (where g.final_grade >= 60 and g.final_grade < 70)::int as d,
  count(g.final_grade) filter (where g.final_grade < 60)::int as f,
  coalesce(sum(round(g.final_grade * 10)), 0)::int as grade_tenths`;

/** Per course: the letter-band counts of its enrolled students' final grades. */
export async function listGradeFigures(db: Db, f: OpsFilter & { limit: number; offset: number; afterId?: number }): Promise<GradeFigures[]> {
  const keyset = f.afterId !== undefined ? sql`and c.id > ${f.afterId}` : sql``;
  const rows = await rowsOf<GradeFigures>(
    db,
    sql`select ${refColumns}, ${enrolledCount} as enrolled, gp.publish_at, k.*, count(*) over ()::int as total
        from courses c left join venues v on v.id = c.venue_id left join grade_publications gp on gp.course_id = c.id
        cross join lateral (
          select ${gradeCounts}
          from course_grades g join enrolments e on e.course_id = g.course_id and e.student_id = g.student_id
          where g.course_id = c.id
        ) k
        where ${courseWhere(f)} ${keyset}
        order by ${f.afterId !== undefined ? sql`c.id` : sql`c.code, c.period, c.id`}
        limit ${f.limit} offset ${f.offset}`,
  );
  return rows.map((r) => ({
    ...refOf(r),
    enrolled: Number(r.enrolled),
    a: Number(r.a),
    b: Number(r.b),
    c: Number(r.c),
    d: Number(r.d),
    f: Number(r.f),
    grade_tenths: Number(r.grade_tenths),
    publish_at: r.publish_at ? new Date(r.publish_at) : null,
    total: Number(r.total),
  }));
}

/** The band counts over every course the filter selects (the tab's summary). */
export async function gradeTotals(db: Db, f: OpsFilter): Promise<{ enrolled: number; a: number; b: number; c: number; d: number; f: number; grade_tenths: number }> {
  const [row] = await rowsOf<Record<string, number>>(
    db,
    sql`select (select count(*)::int from enrolments e join courses c on c.id = e.course_id where ${courseWhere(f)}) as enrolled, ${gradeCounts}
        from course_grades g join enrolments e on e.course_id = g.course_id and e.student_id = g.student_id join courses c on c.id = g.course_id
        where ${courseWhere(f)}`,
  );
  const n = (k: string) => Number(row?.[k] ?? 0);
  return { enrolled: n('enrolled'), a: n('a'), b: n('b'), c: n('c'), d: n('d'), f: n('f'), grade_tenths: n('grade_tenths') };
}

export interface SignFigures extends CourseRefRow {
  sign_id: number;
  meeting_id: number;
  starts_at: Date;
  location: string;
  opens_at: Date;
  closes_at: Date;
  enrolled: number;
  present: number;
  late: number;
  excused: number;
  /** Marked absent by a teacher (no record after closing is counted by the service). */
  absent_marked: number;
  recorded: number;
}

/** Every sign-in of the selected courses with its counts among the students who hold a seat. */
export async function listSignFigures(db: Db, f: OpsFilter): Promise<SignFigures[]> {
  const rows = await rowsOf<SignFigures>(
    db,
    sql`select ${refColumns}, s.id as sign_id, s.meeting_id, m.starts_at, m.location, s.opens_at, s.closes_at, ${enrolledCount} as enrolled, k.*
        from checkin_sessions s
        join courses c on c.id = s.course_id
        join course_meetings m on m.id = s.meeting_id
        left join venues v on v.id = c.venue_id
        cross join lateral (
          select count(*) filter (where t.status = 'present')::int as present,
                 count(*) filter (where t.status = 'late')::int as late,
                 count(*) filter (where t.status = 'excused')::int as excused,
                 count(*) filter (where t.status = 'absent')::int as absent_marked,
                 count(*)::int as recorded
          from attendance t join enrolments e on e.course_id = s.course_id and e.student_id = t.student_id
          where t.session_id = s.id
        ) k
        where ${courseWhere(f)}
        order by m.starts_at desc, s.id desc`,
  );
  return rows.map((r) => ({
    ...refOf(r),
    sign_id: Number(r.sign_id),
    meeting_id: Number(r.meeting_id),
    starts_at: new Date(r.starts_at),
    opens_at: new Date(r.opens_at),
    closes_at: new Date(r.closes_at),
    enrolled: Number(r.enrolled),
    present: Number(r.present),
    late: Number(r.late),
    excused: Number(r.excused),
    absent_marked: Number(r.absent_marked),
    recorded: Number(r.recorded),
  }));
}

// One course ---------------------------------------------------------------------------------------------------

export async function findCourseRef(db: Db, courseId: number): Promise<(CourseRefRow & { enrolled: number }) | null> {
  const [row] = await rowsOf<CourseRefRow & { enrolled: number }>(db, sql`select ${refColumns}, ${enrolledCount} as enrolled from courses c left join venues v on v.id = c.venue_id where c.id = ${courseId}`);
  return row ? { ...refOf(row), enrolled: Number(row.enrolled) } : null;
}

export async function listComponents(db: Db, courseId: number): Promise<Array<{ id: number; name: string; weight: number }>> {
  const rows = await rowsOf<{ id: number; name: string; weight: number }>(db, sql`select id, name, weight from grade_components where course_id = ${courseId} order by sort, id`);
  return rows.map((r) => ({ id: Number(r.id), name: r.name, weight: Number(r.weight) }));
}

export async function publishAtOf(db: Db, courseId: number): Promise<Date | null> {
  const [row] = await rowsOf<{ publish_at: string | Date }>(db, sql`select publish_at from grade_publications where course_id = ${courseId}`);
  return row ? new Date(row.publish_at) : null;
}

/** Each enrolled student with their scores and final grade (none yet: empty scores, null). */
export async function listStudentGrades(db: Db, courseId: number): Promise<Array<{ student_id: number; name: string; phone: string; scores: Record<string, number>; final_grade: number | null }>> {
  const rows = await rowsOf<{ student_id: number; name: string; phone: string; scores: Record<string, number> | null; final_grade: number | null }>(
    db,
    sql`select e.student_id, a.name, a.phone, g.scores, g.final_grade
        from enrolments e join accounts a on a.id = e.student_id
        left join course_grades g on g.course_id = e.course_id and g.student_id = e.student_id
        where e.course_id = ${courseId}
        order by a.name, e.student_id`,
  );
  return rows.map((r) => ({ student_id: Number(r.student_id), name: r.name, phone: r.phone, scores: r.scores ?? {}, final_grade: r.final_grade === null ? null : Number(r.final_grade) }));
}

/** Each meeting of the course with its sign-in (if any) and counts among enrolled students. */
export async function listMeetingFigures(db: Db, courseId: number) {
  const rows = await rowsOf<{ meeting_id: number; starts_at: string | Date; location: string; sign_id: number | null; opens_at: string | Date | null; closes_at: string | Date | null; present: number; late: number; excused: number; absent_marked: number; recorded: number }>(
    db,
    sql`select m.id as meeting_id, m.starts_at, m.location, s.id as sign_id, s.opens_at, s.closes_at, k.*
        from course_meetings m
        left join checkin_sessions s on s.meeting_id = m.id
        cross join lateral (
          select count(*) filter (where t.status = 'present')::int as present,
                 count(*) filter (where t.status = 'late')::int as late,
                 count(*) filter (where t.status = 'excused')::int as excused,
                 count(*) filter (where t.status = 'absent')::int as absent_marked,
                 count(*)::int as recorded
          from attendance t join enrolments e on e.course_id = m.course_id and e.student_id = t.student_id
          where t.session_id = s.id
        ) k
        where m.course_id = ${courseId}
        order by m.starts_at, m.id`,
  );
  return rows.map((r) => ({
    meeting_id: Number(r.meeting_id),
    starts_at: new Date(r.starts_at),
    location: r.location,
    sign_id: r.sign_id === null ? null : Number(r.sign_id),
    opens_at: r.opens_at ? new Date(r.opens_at) : null,
    closes_at: r.closes_at ? new Date(r.closes_at) : null,
    present: Number(r.present),
    late: Number(r.late),
    excused: Number(r.excused),
    absent_marked: Number(r.absent_marked),
    recorded: Number(r.recorded),
  }));
}

/** Each enrolled student's attendance over the course's closed sign-ins (no record after closing = absent). */
export async function listStudentAttendance(db: Db, courseId: number, now: Date) {
  const rows = await rowsOf<{ student_id: number; name: string; phone: string; present: number; late: number; excused: number; absent: number }>(
    db,
    sql`select e.student_id, a.name, a.phone,
          count(s.id) filter (where t.status = 'present')::int as present,
          count(s.id) filter (where t.status = 'late')::int as late,
          count(s.id) filter (where t.status = 'excused')::int as excused,
          count(s.id) filter (where t.status = 'absent' or t.status is null)::int as absent
        from enrolments e
        join accounts a on a.id = e.student_id
        left join checkin_sessions s on s.course_id = e.course_id and s.closes_at <= ${iso(now)}
        left join attendance t on t.session_id = s.id and t.student_id = e.student_id
        where e.course_id = ${courseId}
        group by e.student_id, a.name, a.phone
        order by a.name, e.student_id`,
  );
  return rows.map((r) => ({ student_id: Number(r.student_id), name: r.name, phone: r.phone, present: Number(r.present), late: Number(r.late), excused: Number(r.excused), absent: Number(r.absent) }));
}

export async function countClosedSigns(db: Db, courseId: number, now: Date): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from checkin_sessions where course_id = ${courseId} and closes_at <= ${iso(now)}`);
  return Number(row?.n ?? 0);
}
