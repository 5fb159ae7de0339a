/** Database access of course work (decisions 052/053). Only this file touches the coursework tables. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog } from '../../db/schema.ts';
import { courses } from '../../db/schema-courses.ts';
import { enrolments, studentNotices } from '../../db/schema-course-centre.ts';
import { assignments, courseGrades, essays, gradeComponents, gradePublications, submissions } from '../../db/schema-coursework.ts';
import { recordAudit } from '../audit/audit-write.ts';

export type AssignmentRow = typeof assignments.$inferSelect;
export type SubmissionRow = typeof submissions.$inferSelect;
export type EssayRow = typeof essays.$inferSelect;
export type ComponentRow = typeof gradeComponents.$inferSelect;
export type CourseGradeRow = typeof courseGrades.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function findCourseById(db: Db, id: number) {
  const [c] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
  return c;
}

export async function isEnrolled(db: Db, studentId: number, courseId: number): Promise<boolean> {
  const rows = await db.select({ id: enrolments.id }).from(enrolments).where(and(eq(enrolments.studentId, studentId), eq(enrolments.courseId, courseId))).limit(1);
  return rows.length === 1;
}

/** The enrolled students of a course, by name. */
export async function listRoster(db: Db, courseId: number): Promise<Array<{ studentId: number; name: string }>> {
  return db
    .select({ studentId: enrolments.studentId, name: accounts.name })
    .from(enrolments)
    .innerJoin(accounts, eq(accounts.id, enrolments.studentId))
    .where(eq(enrolments.courseId, courseId))
    .orderBy(asc(accounts.name), asc(enrolments.studentId));
}

export async function listEnrolledCourses(db: Db, studentId: number) {
  return db
    .select({ id: courses.id, code: courses.code, title: courses.title, period: courses.period, teacherName: courses.teacherName })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(eq(enrolments.studentId, studentId))
    .orderBy(asc(courses.id));
}

export async function nameOf(db: Db, accountId: number): Promise<string> {
  const [a] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return a?.name ?? '';
}

// --- assignments -----------------------------------------------------------------------------------------

export type AssignmentValues = Pick<AssignmentRow, 'title' | 'instructions' | 'dueAt' | 'allowedTypes' | 'maxSizeMb' | 'maxScore' | 'rubric'>;

/** What an audit row keeps of an assignment: its settings, and the instructions by length only. */
function assignmentSnapshot(a: AssignmentRow) {
  return {
    course_id: a.courseId,
    title: a.title,
    due_at: a.dueAt.toISOString(),
    allowed_types: a.allowedTypes,
    max_size_mb: a.maxSizeMb,
    max_score: a.maxScore,
    rubric: a.rubric,
    instructions_chars: a.instructions.length,
  };
}

export async function insertAssignment(db: Db, courseId: number, v: AssignmentValues, actorId: number, now: Date): Promise<AssignmentRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(assignments).values({ ...v, courseId, createdBy: actorId, createdAt: now, updatedAt: now }).returning();
    await recordAudit(tx, { actorId, action: 'assignment.create', entity: 'assignment', entityId: row!.id, before: null, after: assignmentSnapshot(row!), now });
    return row!;
  });
}

export async function updateAssignment(db: Db, id: number, v: AssignmentValues, actorId: number, now: Date): Promise<AssignmentRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(assignments).where(eq(assignments.id, id)).for('update');
    const [row] = await tx.update(assignments).set({ ...v, updatedAt: now }).where(eq(assignments.id, id)).returning();
    await recordAudit(tx, { actorId, action: 'assignment.update', entity: 'assignment', entityId: id, before: before ? assignmentSnapshot(before) : null, after: assignmentSnapshot(row!), now });
    return row!;
  });
}

/** Deletes the assignment and (cascade) its submissions, with an audit row naming what was removed. */
export async function deleteAssignmentAudited(db: Db, row: AssignmentRow, actorId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(submissions).where(eq(submissions.assignmentId, row.id));
    await tx.delete(assignments).where(eq(assignments.id, row.id));
    // A grade item fed by it no longer counts it (decision 089); the caller recomputes the finals.
    await tx
      .update(gradeComponents)
      .set({ assignmentIds: sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(${gradeComponents.assignmentIds}) e where e <> to_jsonb(${row.id}::int))` })
      .where(and(eq(gradeComponents.courseId, row.courseId), sql`${gradeComponents.assignmentIds} @> to_jsonb(array[${row.id}::int])`));
    await tx.insert(auditLog).values({ actorId, action: 'assignment.delete', entity: 'assignment', entityId: String(row.id), before: { course_id: row.courseId, title: row.title, submissions: n }, createdAt: now });
  });
}

export async function findAssignment(db: Db, id: number): Promise<AssignmentRow | undefined> {
  const [row] = await db.select().from(assignments).where(eq(assignments.id, id)).limit(1);
  return row;
}

export async function listAssignments(db: Db, courseId: number): Promise<AssignmentRow[]> {
  return db.select().from(assignments).where(eq(assignments.courseId, courseId)).orderBy(asc(assignments.dueAt), asc(assignments.id));
}

// --- submissions -----------------------------------------------------------------------------------------

export async function listSubmissions(db: Db, assignmentIds: number[]): Promise<SubmissionRow[]> {
  if (assignmentIds.length === 0) return [];
  return db.select().from(submissions).where(inArray(submissions.assignmentId, assignmentIds));
}

export async function findSubmission(db: Db, assignmentId: number, studentId: number): Promise<SubmissionRow | undefined> {
  const [row] = await db.select().from(submissions).where(and(eq(submissions.assignmentId, assignmentId), eq(submissions.studentId, studentId))).limit(1);
  return row;
}

export async function findSubmissionById(db: Db, id: number): Promise<SubmissionRow | undefined> {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id)).limit(1);
  return row;
}

/**
 * Hands in or replaces. The WHERE of the conflict update keeps the rules under a race: a graded submission, or
 * one made before a late resubmission attempt, is not overwritten (null: nothing was written).
 */
export async function upsertSubmission(
  db: Db,
  v: { assignmentId: number; studentId: number; text: string; files: SubmissionRow['files']; late: boolean; now: Date },
): Promise<SubmissionRow | null> {
  const rows = await db
    .insert(submissions)
    .values({ assignmentId: v.assignmentId, studentId: v.studentId, text: v.text, files: v.files, late: v.late, submittedAt: v.now })
    .onConflictDoUpdate({
      target: [submissions.assignmentId, submissions.studentId],
      set: { text: v.text, files: v.files, submittedAt: v.now, versions: sql`${submissions.versions} + 1` },
      setWhere: v.late ? sql`false` : sql`${submissions.gradedAt} is null`,
    })
    .returning();
  return rows[0] ?? null;
}

export async function gradeSubmissionAudited(db: Db, before: SubmissionRow, g: { score: number; rubricPoints: number[]; comment: string }, actorId: number, now: Date): Promise<SubmissionRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(submissions).set({ score: g.score, rubricPoints: g.rubricPoints, comment: g.comment, gradedAt: now, gradedBy: actorId }).where(eq(submissions.id, before.id)).returning();
    await tx.insert(auditLog).values({
      actorId,
      action: 'submission.grade',
      entity: 'submission',
      entityId: String(before.id),
      before: { score: before.score, rubric_points: before.rubricPoints, comment: before.comment },
      after: { score: g.score, rubric_points: g.rubricPoints, comment: g.comment },
      createdAt: now,
    });
    return row!;
  });
}

/** Whether a stored file (its per-upload directory) was handed in to a course this teacher teaches. */
export async function isFileHandedInToTeacher(db: Db, teacherId: number, keyDirectory: string): Promise<boolean> {
  const res = await db.execute(sql`select (
      exists (select 1 from ${submissions} s join ${assignments} a on a.id = s.assignment_id join ${courses} c on c.id = a.course_id
              where c.teacher_id = ${teacherId} and strpos(s.files::text, ${keyDirectory}) > 0)
      or exists (select 1 from ${essays} e join ${courses} c on c.id = e.course_id
              where c.teacher_id = ${teacherId} and e.status <> 'draft' and strpos(e.files::text, ${keyDirectory}) > 0)
    ) as handed`);
  return (res as unknown as { rows: Array<{ handed: boolean }> }).rows[0]?.handed === true;
}

// --- writing centre --------------------------------------------------------------------------------------

export async function listEssaysOfStudent(db: Db, studentId: number): Promise<EssayRow[]> {
  return db.select().from(essays).where(eq(essays.studentId, studentId)).orderBy(desc(essays.updatedAt), desc(essays.id));
}

export async function listEssaysOfCourse(db: Db, courseId: number): Promise<EssayRow[]> {
  return db.select().from(essays).where(and(eq(essays.courseId, courseId), sql`${essays.status} <> 'draft'`)).orderBy(desc(essays.submittedAt), desc(essays.id));
}

export async function findEssay(db: Db, id: number): Promise<EssayRow | undefined> {
  const [row] = await db.select().from(essays).where(eq(essays.id, id)).limit(1);
  return row;
}

export async function insertEssay(db: Db, v: Pick<EssayRow, 'studentId' | 'courseId' | 'title' | 'body' | 'files' | 'status' | 'submittedAt'>, now: Date): Promise<EssayRow> {
  const [row] = await db.insert(essays).values({ ...v, createdAt: now, updatedAt: now }).returning();
  return row!;
}

/** Only a draft changes (the WHERE keeps a concurrent submit from being overwritten). */
export async function updateDraftEssay(db: Db, id: number, v: Pick<EssayRow, 'courseId' | 'title' | 'body' | 'files' | 'status' | 'submittedAt'>, now: Date): Promise<EssayRow | null> {
  const rows = await db.update(essays).set({ ...v, updatedAt: now }).where(and(eq(essays.id, id), eq(essays.status, 'draft'))).returning();
  return rows[0] ?? null;
}

export async function reviewEssayAudited(db: Db, before: EssayRow, g: { score: number; rubricPoints: number[]; comment: string }, actorId: number, now: Date): Promise<EssayRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(essays)
      .set({ status: 'reviewed', score: g.score, rubricPoints: g.rubricPoints, comment: g.comment, reviewedAt: now, reviewedBy: actorId, updatedAt: now })
      .where(eq(essays.id, before.id))
      .returning();
    await tx.insert(auditLog).values({ actorId, action: 'essay.review', entity: 'essay', entityId: String(before.id), before: { score: before.score, comment: before.comment }, after: { score: g.score, comment: g.comment }, createdAt: now });
    return row!;
  });
}

// --- grades ----------------------------------------------------------------------------------------------

export async function listComponents(db: Db, courseId: number): Promise<ComponentRow[]> {
  return db.select().from(gradeComponents).where(eq(gradeComponents.courseId, courseId)).orderBy(asc(gradeComponents.sort), asc(gradeComponents.id));
}

export async function listCourseGrades(db: Db, courseId: number): Promise<CourseGradeRow[]> {
  return db.select().from(courseGrades).where(eq(courseGrades.courseId, courseId));
}

export async function findCourseGrade(db: Db, courseId: number, studentId: number): Promise<CourseGradeRow | undefined> {
  const [row] = await db.select().from(courseGrades).where(and(eq(courseGrades.courseId, courseId), eq(courseGrades.studentId, studentId))).limit(1);
  return row;
}

export async function findPublication(db: Db, courseId: number) {
  const [row] = await db.select().from(gradePublications).where(eq(gradePublications.courseId, courseId)).limit(1);
  return row;
}

/** Two-key advisory locks (space, course id): distinct from the seat and parent-link spaces. */
const GRADE_COMPONENTS_LOCK_SPACE = 4113;

/** Every write that reads a course's grade items and writes from them holds this lock to its commit (decision 081/089). */
async function lockCourseGrades(tx: Tx, courseId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${GRADE_COMPONENTS_LOCK_SPACE}, ${courseId})`);
}

export interface GradedWorkRow {
  studentId: number;
  assignmentId: number;
  maxScore: number;
  score: number | null;
}

/** The graded submissions of a course's assignments (optionally of one student): what grade items are fed by. */
async function gradedWorkOf(tx: Tx | Db, courseId: number, studentId?: number): Promise<GradedWorkRow[]> {
  return tx
    .select({ studentId: submissions.studentId, assignmentId: submissions.assignmentId, maxScore: assignments.maxScore, score: submissions.score })
    .from(submissions)
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .where(and(eq(assignments.courseId, courseId), sql`${submissions.gradedAt} is not null`, studentId === undefined ? undefined : eq(submissions.studentId, studentId)));
}

/** Read-side: the graded work of a course (the grade book) or of one student in it (their grade). */
export async function listGradedWork(db: Db, courseId: number, studentId?: number): Promise<GradedWorkRow[]> {
  return gradedWorkOf(db, courseId, studentId);
}

export type RecomputeFinal = (components: ComponentRow[], grade: { scores: Record<string, number>; overrides: Record<string, number> }, work: GradedWorkRow[]) => number | null;

/**
 * Keeps the stored finals of a course (or of the given students) equal to what the items compute, inside the
 * caller's transaction and lock: students with a grade row or graded work get a row whose final_grade is current.
 */
async function recomputeFinalsLocked(tx: Tx, courseId: number, recompute: RecomputeFinal, onlyStudent?: number): Promise<void> {
  const components = await tx.select().from(gradeComponents).where(eq(gradeComponents.courseId, courseId)).orderBy(asc(gradeComponents.sort), asc(gradeComponents.id));
  const rows = await tx
    .select()
    .from(courseGrades)
    .where(and(eq(courseGrades.courseId, courseId), onlyStudent === undefined ? undefined : eq(courseGrades.studentId, onlyStudent)));
  const work = await gradedWorkOf(tx, courseId, onlyStudent);
  // A row is made only for an enrolled student; one who handed in and then left keeps no new grade row.
  const enrolled = new Set(
    (await tx.select({ id: enrolments.studentId }).from(enrolments).where(and(eq(enrolments.courseId, courseId), onlyStudent === undefined ? undefined : eq(enrolments.studentId, onlyStudent)))).map((e) => e.id),
  );
  const students = new Set([...rows.map((r) => r.studentId), ...work.map((w) => w.studentId).filter((id) => enrolled.has(id))]);
  for (const studentId of students) {
    const row = rows.find((r) => r.studentId === studentId);
    const final = recompute(components, { scores: row?.scores ?? {}, overrides: row?.overrides ?? {} }, work.filter((w) => w.studentId === studentId));
    if (row && row.finalGrade === final) continue;
    if (row) await tx.update(courseGrades).set({ finalGrade: final }).where(and(eq(courseGrades.courseId, courseId), eq(courseGrades.studentId, studentId)));
    else await tx.insert(courseGrades).values({ courseId, studentId, finalGrade: final }).onConflictDoUpdate({ target: [courseGrades.courseId, courseGrades.studentId], set: { finalGrade: final } });
  }
}

/** After an assignment's score changed (graded, its full score edited, removed): the affected finals, under the lock. */
export async function recomputeFinals(db: Db, courseId: number, recompute: RecomputeFinal, onlyStudent?: number): Promise<void> {
  await db.transaction(async (tx: Tx) => {
    await lockCourseGrades(tx, courseId);
    await recomputeFinalsLocked(tx, courseId, recompute, onlyStudent);
  });
}

/**
 * Stores the default scheme when a course has none (decision 089: what the grade book shows is saved), under the
 * course's lock so two first openings store it once. Audited as the opener's components write. True when stored.
 */
export async function ensureDefaultComponents(db: Db, courseId: number, defaults: ReadonlyArray<{ name: string; weight: number }>, actorId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx: Tx) => {
    await lockCourseGrades(tx, courseId);
    const [any] = await tx.select({ id: gradeComponents.id }).from(gradeComponents).where(eq(gradeComponents.courseId, courseId)).limit(1);
    if (any) return false;
    const after = await tx
      .insert(gradeComponents)
      .values(defaults.map((d, sort) => ({ courseId, name: d.name, weight: d.weight, sort })))
      .returning();
    await tx.insert(auditLog).values({ actorId, action: 'grade.components', entity: 'course', entityId: String(courseId), before: [], after: after.map((c) => ({ id: c.id, name: c.name, weight: c.weight, assignment_ids: [] })), createdAt: now });
    return true;
  });
}

/**
 * Replaces a course's components: kept ids are updated, new ones inserted, missing ones deleted (their scores
 * dropped from every student's record and the finals recomputed by the caller's `recompute`). An item whose kind
 * changes (typed ↔ fed by assignments) loses its typed score or override. Audited. One replace per course at a
 * time (an advisory lock keyed by the course, held to the commit), so the course ends with exactly one request's
 * set, never several stacked. Null, changing nothing, when a kept id is no longer the course's (a replace that
 * committed first deleted it).
 */
export async function replaceComponentsAudited(
  db: Db,
  courseId: number,
  next: Array<{ id?: number | undefined; name: string; weight: number; assignment_ids?: number[] | undefined }>,
  recompute: RecomputeFinal,
  actorId: number,
  now: Date,
): Promise<ComponentRow[] | null> {
  return db.transaction(async (tx: Tx) => {
    await lockCourseGrades(tx, courseId);
    const before = await tx.select().from(gradeComponents).where(eq(gradeComponents.courseId, courseId));
    const keep = new Set(next.flatMap((c) => (c.id ? [c.id] : [])));
    const current = new Set(before.map((c) => c.id));
    if ([...keep].some((id) => !current.has(id))) return null;
    const gone = before.filter((c) => !keep.has(c.id)).map((c) => c.id);
    if (gone.length > 0) await tx.delete(gradeComponents).where(inArray(gradeComponents.id, gone));
    for (const [sort, c] of next.entries()) {
      const assignmentIds = c.assignment_ids ?? [];
      if (c.id) await tx.update(gradeComponents).set({ name: c.name.trim(), weight: c.weight, sort, assignmentIds }).where(and(eq(gradeComponents.id, c.id), eq(gradeComponents.courseId, courseId)));
      else await tx.insert(gradeComponents).values({ courseId, name: c.name.trim(), weight: c.weight, sort, assignmentIds });
    }
    const after = await tx.select().from(gradeComponents).where(eq(gradeComponents.courseId, courseId)).orderBy(asc(gradeComponents.sort), asc(gradeComponents.id));
    const manual = new Set(after.filter((c) => c.assignmentIds.length === 0).map((c) => String(c.id)));
    const fed = new Set(after.filter((c) => c.assignmentIds.length > 0).map((c) => String(c.id)));
    const grades = await tx.select().from(courseGrades).where(eq(courseGrades.courseId, courseId));
    for (const g of grades) {
      const scores = Object.fromEntries(Object.entries(g.scores).filter(([k]) => manual.has(k)));
      const overrides = Object.fromEntries(Object.entries(g.overrides).filter(([k]) => fed.has(k)));
      await tx.update(courseGrades).set({ scores, overrides }).where(and(eq(courseGrades.courseId, courseId), eq(courseGrades.studentId, g.studentId)));
    }
    await recomputeFinalsLocked(tx, courseId, recompute);
    await tx.insert(auditLog).values({
      actorId,
      action: 'grade.components',
      entity: 'course',
      entityId: String(courseId),
      before: before.map((c) => ({ id: c.id, name: c.name, weight: c.weight, assignment_ids: c.assignmentIds })),
      after: after.map((c) => ({ id: c.id, name: c.name, weight: c.weight, assignment_ids: c.assignmentIds })),
      createdAt: now,
    });
    return after;
  });
}

export type GradeEntry = (components: ComponentRow[], work: GradedWorkRow[]) => { ok: true; scores: Record<string, number>; overrides: Record<string, number>; finalGrade: number | null } | { ok: false; msg: string };

/**
 * One student's typed scores and overrides. The course's items are read under the same lock a scheme replace
 * holds, so an entry is checked against, and its final computed from, the items as they are at its commit.
 * Returns the reason when `build` refuses the entry against those items.
 */
export async function saveCourseGradeAudited(db: Db, courseId: number, studentId: number, build: GradeEntry, actorId: number, now: Date): Promise<{ ok: true } | { ok: false; msg: string }> {
  return db.transaction(async (tx: Tx) => {
    await lockCourseGrades(tx, courseId);
    const components = await tx.select().from(gradeComponents).where(eq(gradeComponents.courseId, courseId)).orderBy(asc(gradeComponents.sort), asc(gradeComponents.id));
    const entry = build(components, await gradedWorkOf(tx, courseId, studentId));
    if (!entry.ok) return entry;
    const [before] = await tx.select().from(courseGrades).where(and(eq(courseGrades.courseId, courseId), eq(courseGrades.studentId, studentId))).for('update');
    const v = { scores: entry.scores, overrides: entry.overrides, finalGrade: entry.finalGrade, updatedAt: now, updatedBy: actorId };
    await tx.insert(courseGrades).values({ courseId, studentId, ...v }).onConflictDoUpdate({ target: [courseGrades.courseId, courseGrades.studentId], set: v });
    await tx.insert(auditLog).values({
      actorId,
      action: 'grade.update',
      entity: 'course_grade',
      entityId: `${courseId}:${studentId}`,
      before: before ? { scores: before.scores, overrides: before.overrides, final_grade: before.finalGrade } : null,
      after: { scores: entry.scores, overrides: entry.overrides, final_grade: entry.finalGrade },
      createdAt: now,
    });
    return { ok: true as const };
  });
}

export async function setPublicationAudited(db: Db, courseId: number, publishAt: Date | null, actorId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(gradePublications).where(eq(gradePublications.courseId, courseId));
    if (publishAt === null) await tx.delete(gradePublications).where(eq(gradePublications.courseId, courseId));
    else
      await tx
        .insert(gradePublications)
        .values({ courseId, publishAt, createdBy: actorId, updatedAt: now })
        .onConflictDoUpdate({ target: gradePublications.courseId, set: { publishAt, createdBy: actorId, updatedAt: now } });
    await tx.insert(auditLog).values({
      actorId,
      action: 'grade.publish',
      entity: 'course',
      entityId: String(courseId),
      before: before ? { publish_at: before.publishAt.toISOString() } : null,
      after: { publish_at: publishAt ? publishAt.toISOString() : null },
      createdAt: now,
    });
  });
}

/** A student's grades in courses whose publication time has passed (never another student's, never unpublished). */
export async function listPublishedGradesOf(db: Db, studentId: number, now: Date) {
  return db
    .select({ course: { id: courses.id, code: courses.code, title: courses.title, period: courses.period, teacherName: courses.teacherName }, publishAt: gradePublications.publishAt, grade: courseGrades })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .innerJoin(gradePublications, eq(gradePublications.courseId, courses.id))
    .leftJoin(courseGrades, and(eq(courseGrades.courseId, courses.id), eq(courseGrades.studentId, studentId)))
    .where(and(eq(enrolments.studentId, studentId), sql`${gradePublications.publishAt} <= ${now.toISOString()}::timestamptz`))
    .orderBy(desc(gradePublications.publishAt), asc(courses.id));
}

// --- notices ---------------------------------------------------------------------------------------------

/** One in-app notice per enrolled student of the course, in one transaction; audited. */
export async function sendCourseNoticeAudited(db: Db, courseId: number, title: string, body: string, actorId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const students = await tx.select({ id: enrolments.studentId }).from(enrolments).where(eq(enrolments.courseId, courseId));
    if (students.length > 0) await tx.insert(studentNotices).values(students.map((s) => ({ studentId: s.id, title, body, createdAt: now })));
    await tx.insert(auditLog).values({ actorId, action: 'notice.send', entity: 'course', entityId: String(courseId), after: { title, sent: students.length }, createdAt: now });
    return students.length;
  });
}
