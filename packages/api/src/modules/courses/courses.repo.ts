/**
 * Courses and their meetings: the only code of the courses module that touches the database. `listCourses` and
 * `getCourse` are the read functions other modules use. Admin writes run in one transaction with their audit_log
 * row; a capacity change is one conditional UPDATE so it can never drop below seats a concurrent grab just took.
 */
import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Course, CourseInput, CourseListQuery, CourseSheetRow } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { courseMeetings, courses, venues } from '../../db/schema-courses.ts';
import { likeContains } from '../region/region.queries.ts';
import { recordAudit } from '../audit/audit-write.ts';

export type CourseRow = typeof courses.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface CourseFilter extends CourseListQuery {
  teacherId?: number;
  ids?: readonly number[];
}

function whereOf(f: CourseFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.session_key) where.push(eq(courses.sessionKey, f.session_key));
  if (f.category) where.push(eq(courses.category, f.category));
  if (f.venue_id !== undefined) where.push(f.venue_id === 0 ? isNull(courses.venueId) : eq(courses.venueId, f.venue_id));
  if (f.teacherId !== undefined) where.push(eq(courses.teacherId, f.teacherId));
  if (f.ids) where.push(inArray(courses.id, [...f.ids]));
  if (f.q) {
    const like = likeContains(f.q);
    where.push(or(ilike(courses.code, like), ilike(courses.title, like), ilike(courses.teacherName, like)) as SQL);
  }
  return where.length ? and(...where) : undefined;
}

/** Courses with their meetings and venue slug, by session, period, code. */
export async function listCourses(db: Db, filter: CourseFilter = {}): Promise<Course[]> {
  const rows = await db
    .select({ c: courses, placeName: venues.placeName })
    .from(courses)
    .leftJoin(venues, eq(venues.id, courses.venueId))
    .where(whereOf(filter))
    .orderBy(asc(courses.sessionKey), asc(courses.period), asc(courses.code), asc(courses.id));
  if (rows.length === 0) return [];
  const meetings = await db
    .select()
    .from(courseMeetings)
    .where(
      inArray(
        courseMeetings.courseId,
        rows.map((r) => r.c.id),
      ),
    )
    .orderBy(asc(courseMeetings.startsAt), asc(courseMeetings.id));
  const byCourse = new Map<number, Course['meetings']>();
  for (const m of meetings) {
    const list = byCourse.get(m.courseId) ?? [];
    list.push({ id: m.id, starts_at: m.startsAt.toISOString(), ends_at: m.endsAt.toISOString(), location: m.location });
    byCourse.set(m.courseId, list);
  }
  return rows.map(({ c, placeName }) => ({
    id: c.id,
    code: c.code,
    title: c.title,
    teacher_id: c.teacherId,
    teacher_name: c.teacherName,
    category: c.category,
    session_key: c.sessionKey,
    period: c.period,
    venue_id: c.venueId,
    venue_place_name: placeName ?? null,
    capacity: c.capacity,
    taken: c.taken,
    language: c.language,
    description: c.description,
    syllabus: c.syllabus,
    published: c.published,
    meetings: byCourse.get(c.id) ?? [],
    updated_at: c.updatedAt.toISOString(),
  }));
}

export async function getCourse(db: Db, id: number): Promise<Course | null> {
  const [course] = await listCourses(db, { ids: [id] });
  return course ?? null;
}

/** Teacher accounts among these ids, with their names (a course's teacher must be a teacher). */
export async function findTeacherIds(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(and(inArray(accounts.id, [...ids]), eq(accounts.role, 'teacher')));
  return new Map(rows.map((r) => [r.id, r.name ?? '']));
}

/** Every teacher account, for the course form's teacher picker. */
export async function listTeacherOptions(db: Db): Promise<Array<{ id: number; name: string; phone: string }>> {
  const rows = await db.select({ id: accounts.id, name: accounts.name, phone: accounts.phone }).from(accounts).where(eq(accounts.role, 'teacher')).orderBy(asc(accounts.id));
  return rows.map((r) => ({ id: r.id, name: r.name ?? '', phone: r.phone }));
}

/** Teacher accounts by phone (the sheet names a teacher by phone). */
export async function findTeachersByPhone(db: Db, phones: readonly string[]): Promise<Map<string, { id: number; name: string }>> {
  if (phones.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, phone: accounts.phone, name: accounts.name })
    .from(accounts)
    .where(and(inArray(accounts.phone, [...phones]), eq(accounts.role, 'teacher')));
  return new Map(rows.map((r) => [r.phone, { id: r.id, name: r.name ?? '' }]));
}

/** Phones of teacher accounts, for the export. */
export async function teacherPhones(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, phone: accounts.phone })
    .from(accounts)
    .where(inArray(accounts.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.phone]));
}

export async function venueIdsByPlaceName(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ id: venues.id, placeName: venues.placeName }).from(venues);
  return new Map(rows.map((r) => [r.placeName, r.id]));
}

export async function venueExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: venues.id }).from(venues).where(eq(venues.id, id));
  return Boolean(row);
}

const courseColumns = (c: Omit<CourseInput, 'meetings'>) => ({
  code: c.code,
  title: c.title,
  teacherId: c.teacher_id,
  teacherName: c.teacher_name,
  category: c.category,
  sessionKey: c.session_key,
  period: c.period,
  venueId: c.venue_id,
  capacity: c.capacity,
  language: c.language,
  description: c.description,
  syllabus: c.syllabus,
  published: c.published,
});

async function replaceMeetings(tx: Tx, courseId: number, meetings: CourseInput['meetings']) {
  await tx.delete(courseMeetings).where(eq(courseMeetings.courseId, courseId));
  if (meetings.length === 0) return;
  await tx.insert(courseMeetings).values(meetings.map((m) => ({ courseId, startsAt: new Date(m.starts_at), endsAt: new Date(m.ends_at), location: m.location })));
}

/** What an audit row keeps of a course (not its long texts, which are compared by length). */
function snapshot(c: Omit<CourseInput, 'meetings'> & { meetings: ReadonlyArray<{ starts_at: string | Date; ends_at: string | Date; location: string }>; taken?: number }) {
  return {
    code: c.code,
    title: c.title,
    teacher_id: c.teacher_id,
    teacher_name: c.teacher_name,
    category: c.category,
    session_key: c.session_key,
    period: c.period,
    venue_id: c.venue_id,
    capacity: c.capacity,
    ...(c.taken !== undefined ? { taken: c.taken } : {}),
    language: c.language,
    published: c.published,
    description_chars: c.description.length,
    syllabus_chars: c.syllabus.length,
    meetings: c.meetings.map((m) => ({ starts_at: new Date(m.starts_at).toISOString(), ends_at: new Date(m.ends_at).toISOString(), location: m.location })),
  };
}

async function snapshotOf(tx: Tx, row: CourseRow) {
  const meetings = await tx.select().from(courseMeetings).where(eq(courseMeetings.courseId, row.id)).orderBy(asc(courseMeetings.startsAt));
  return snapshot({
    code: row.code,
    title: row.title,
    teacher_id: row.teacherId,
    teacher_name: row.teacherName,
    category: row.category,
    session_key: row.sessionKey,
    period: row.period,
    venue_id: row.venueId,
    capacity: row.capacity,
    taken: row.taken,
    language: row.language,
    description: row.description,
    syllabus: row.syllabus,
    published: row.published,
    meetings: meetings.map((m) => ({ starts_at: m.startsAt, ends_at: m.endsAt, location: m.location })),
  });
}

export async function insertCourseAudited(db: Db, input: CourseInput, actorId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(courses)
      .values({ ...courseColumns(input), createdAt: now, updatedAt: now })
      .returning({ id: courses.id });
    if (!row) throw new Error('course insert returned nothing');
    await replaceMeetings(tx, row.id, input.meetings);
    await recordAudit(tx, { actorId, action: 'course.create', entity: 'course', entityId: String(row.id), before: null, after: snapshot(input), now });
    return row.id;
  });
}

export type CourseUpdateOutcome = { kind: 'missing' } | { kind: 'below-taken'; taken: number } | { kind: 'updated' };

/**
 * Locks the row, then writes with `taken <= capacity` in the UPDATE itself: the lock already keeps grabs out
 * while the audit's "before" is read, and the condition states the rule where the data is.
 */
async function updateCourseIn(tx: Tx, id: number, input: Omit<CourseInput, 'meetings'> & { meetings: CourseInput['meetings'] }, actorId: number, now: Date, action: string): Promise<CourseUpdateOutcome> {
  const [before] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
  if (!before) return { kind: 'missing' };
  if (before.taken > input.capacity) return { kind: 'below-taken', taken: before.taken };
  const was = await snapshotOf(tx, before);
  await tx
    .update(courses)
    .set({ ...courseColumns(input), updatedAt: now })
    .where(and(eq(courses.id, id), sql`${courses.taken} <= ${input.capacity}`));
  await replaceMeetings(tx, id, input.meetings);
  await recordAudit(tx, { actorId, action, entity: 'course', entityId: String(id), before: was, after: snapshot({ ...input, taken: before.taken }), now });
  return { kind: 'updated' };
}

export async function updateCourseAudited(db: Db, id: number, input: CourseInput, actorId: number, now: Date): Promise<CourseUpdateOutcome> {
  return db.transaction((tx) => updateCourseIn(tx, id, input, actorId, now, 'course.update'));
}

export type CourseDeleteOutcome = { kind: 'missing' } | { kind: 'has-students'; taken: number } | { kind: 'deleted' };

/** Refused while students hold seats; a foreign key from the course centre's tables surfaces as 23503 to the caller. */
export async function deleteCourseAudited(db: Db, id: number, actorId: number, now: Date): Promise<CourseDeleteOutcome> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
    if (!before) return { kind: 'missing' };
    if (before.taken > 0) return { kind: 'has-students', taken: before.taken };
    const was = await snapshotOf(tx, before);
    await tx.delete(courses).where(eq(courses.id, id));
    await recordAudit(tx, { actorId, action: 'course.delete', entity: 'course', entityId: String(id), before: was, after: null, now });
    return { kind: 'deleted' };
  });
}

/** A resolved sheet row: the api has turned the venue slug and teacher phone into ids. */
export type ImportCourse = Omit<CourseSheetRow, 'teacher_phone' | 'venue_place_name'> & { teacher_id: number | null; venue_id: number | null; row: number };

export interface ImportOutcome {
  created: number;
  updated: number;
  /** Rows whose existing course holds more seats than the new capacity (nothing was written). */
  belowTaken: Array<{ row: number; taken: number }>;
}

/**
 * Upserts every course by (code, session, period) in one transaction, or nothing: a row that cannot be applied
 * (capacity below seats taken) rolls the whole import back and is reported.
 */
export async function importCoursesAudited(db: Db, rows: readonly ImportCourse[], actorId: number, now: Date): Promise<ImportOutcome> {
  class Rollback extends Error {}
  const outcome: ImportOutcome = { created: 0, updated: 0, belowTaken: [] };
  try {
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const [existing] = await tx
          .select({ id: courses.id })
          .from(courses)
          .where(and(eq(courses.code, row.code), eq(courses.sessionKey, row.session_key), eq(courses.period, row.period)))
          .for('update');
        if (existing) {
          const result = await updateCourseIn(tx, existing.id, row, actorId, now, 'course.import.update');
          if (result.kind === 'below-taken') outcome.belowTaken.push({ row: row.row, taken: result.taken });
          else outcome.updated += 1;
        } else {
          const [created] = await tx
            .insert(courses)
            .values({ ...courseColumns(row), createdAt: now, updatedAt: now })
            .returning({ id: courses.id });
          if (!created) throw new Error('course insert returned nothing');
          await replaceMeetings(tx, created.id, row.meetings);
          await recordAudit(tx, { actorId, action: 'course.import.create', entity: 'course', entityId: String(created.id), before: null, after: snapshot(row), now });
          outcome.created += 1;
        }
      }
      if (outcome.belowTaken.length) throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    return { created: 0, updated: 0, belowTaken: outcome.belowTaken };
  }
  return outcome;
}
