/**
 * Reads for the admin's course roster (decision 056). Seats themselves move only through the course centre's
 * takeSeat/dropSeat (course-centre.repo.ts), so capacity, clash and waitlist rules stay in one place.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { studentNotices } from '../../db/schema-course-centre.ts';

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface RosterPerson {
  studentId: number;
  name: string;
  phone: string;
  school: string;
  house: string | null;
}

interface RawPerson {
  student_id: number;
  name: string;
  phone: string;
  school_name: string | null;
  house: string | null;
}

const personOf = (r: RawPerson): RosterPerson => ({ studentId: Number(r.student_id), name: r.name, phone: r.phone, school: r.school_name ?? '', house: r.house });

/** The person columns every roster list shares (student account `a`, profile `p`). */
const personColumns = sql`a.id as student_id, a.name, a.phone, p.school_name, (select h.name from house_assignments ha join houses h on h.id = ha.house_id where ha.student_id = a.id) as house`;

export async function venueNameOf(db: Db, venueId: number | null): Promise<string | null> {
  if (venueId === null) return null;
  const [row] = await rowsOf<{ name: string }>(db, sql`select name from venues where id = ${venueId}`);
  return row?.name ?? null;
}

export async function listEnrolled(db: Db, courseId: number): Promise<Array<RosterPerson & { source: 'grab' | 'allocation' | 'waitlist' | 'admin'; enrolledAt: Date }>> {
  const rows = await rowsOf<RawPerson & { source: 'grab' | 'allocation' | 'waitlist' | 'admin'; created_at: string | Date }>(
    db,
    sql`select ${personColumns}, e.source, e.created_at
      from enrolments e join accounts a on a.id = e.student_id left join student_profiles p on p.account_id = a.id
      where e.course_id = ${courseId} order by e.created_at, e.id`,
  );
  return rows.map((r) => ({ ...personOf(r), source: r.source, enrolledAt: new Date(r.created_at) }));
}

export async function listWaiting(db: Db, courseId: number): Promise<Array<RosterPerson & { joinedAt: Date }>> {
  const rows = await rowsOf<RawPerson & { created_at: string | Date }>(
    db,
    sql`select ${personColumns}, w.created_at
      from waitlist_entries w join accounts a on a.id = w.student_id left join student_profiles p on p.account_id = a.id
      where w.course_id = ${courseId} and w.promoted_at is null order by w.created_at, w.id`,
  );
  return rows.map((r) => ({ ...personOf(r), joinedAt: new Date(r.created_at) }));
}

/** Who may be given a seat on the course: a student account with tuition paid, in the course's session and (when the course has one) venue. */
function eligibleWhere(course: { id: number; venueId: number | null }, sessionName: string): SQL {
  return sql`a.role = 'student' and a.disabled_at is null and p.tuition_paid_at is not null and p.place_name = ${sessionName}
    and ${course.venueId === null ? sql`true` : sql`exists (select 1 from venue_assignments va where va.student_id = a.id and va.venue_id = ${course.venueId})`}`;
}

/** Up to 20 eligible students whose name contains the keyword or whose phone contains its digits. */
export async function searchEligible(db: Db, course: { id: number; venueId: number | null }, sessionName: string, keyword: string): Promise<Array<RosterPerson & { enrolled: boolean }>> {
  const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await rowsOf<RawPerson & { enrolled: boolean }>(
    db,
    sql`select ${personColumns}, exists (select 1 from enrolments e where e.student_id = a.id and e.course_id = ${course.id}) as enrolled
      from accounts a join student_profiles p on p.account_id = a.id
      where ${eligibleWhere(course, sessionName)} and (a.name like ${like} or a.phone like ${like})
      order by a.name, a.id limit 20`,
  );
  return rows.map((r) => ({ ...personOf(r), enrolled: Boolean(r.enrolled) }));
}

export async function isEligible(db: Db, course: { id: number; venueId: number | null }, sessionName: string, studentId: number): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(db, sql`select a.id from accounts a join student_profiles p on p.account_id = a.id where a.id = ${studentId} and ${eligibleWhere(course, sessionName)}`);
  return rows.length > 0;
}

export async function insertNotice(db: Db, studentId: number, title: string, body: string, now: Date): Promise<void> {
  await db.insert(studentNotices).values({ studentId, title, body, createdAt: now });
}
