/**
 * Course work (decisions 052/053). Every teacher action goes through assertCourseAccess (the
 * course's teacher or an admin), every student action through the enrolment; a row of another course or student
 * answers 无权限访问！ exactly like a row that does not exist.
 */
import {
  AppError,
  ASSIGNMENT_DEFAULT_TYPES,
  ASSIGNMENT_MAX_SIZE_MB,
  COURSEWORK_MSG,
  WRITING_MAX_SCORE,
  WRITING_RUBRIC,
  checkComponentWeights,
  checkRubricTotal,
  DEFAULT_GRADE_ITEMS,
  checkItemAssignments,
  finalGradeOf,
  itemValuesOf,
  splitGradeEntry,
  type GradeItem,
  fileExtensionOf,
  fileKeyOf,
  formatMessage,
  isGradePublished,
  letterOf,
  scoreOfGrading,
  submissionVerdict,
  type Assignment,
  type AssignmentDetail,
  type AssignmentSaveRequest,
  type CourseRef,
  type Essay,
  type EssaySaveRequest,
  type GradeComponentsRequest,
  type GradingRequest,
  type Participation,
  type StudentAssignment,
  type StudentCourseAssignments,
  type StudentGrade,
  type StudentGradeRequest,
  type Submission,
  type SubmissionRequest,
  type TeacherAssignmentRow,
  type TeacherGradeBook,
  type UploadedFile,
  type WritingCentre,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { sanitizeRichText } from '../../lib/content-sanitiser.ts';
import { isAttachableUpload, registerTeacherReadGrant } from '../storage/storage.service.ts';
import { findUploadByKey } from '../storage/storage.queries.ts';
import { loadAccessibleCourse as assertCourseAccess, type AccessibleCourse as CourseRow } from '../teaching/access.ts';
import * as repo from './coursework.repo.ts';

// A teacher may read the files handed in to a course they teach (decision 052); storage asks through this grant.
registerTeacherReadGrant((ctx, teacherId, keyDirectory) => repo.isFileHandedInToTeacher(ctx.db, teacherId, keyDirectory));

const MB = 1024 * 1024;

const courseRefOf = (c: Pick<CourseRow, 'id' | 'code' | 'title' | 'period' | 'teacherName'>): CourseRef => ({ id: c.id, code: c.code, title: c.title, period: c.period, teacher_name: c.teacherName });

function assignmentOf(a: repo.AssignmentRow): Assignment {
  return {
    id: a.id,
    course_id: a.courseId,
    title: a.title,
    instructions: a.instructions,
    due_at: a.dueAt.toISOString(),
    allowed_types: a.allowedTypes,
    max_size_mb: a.maxSizeMb,
    max_score: a.maxScore,
    rubric: a.rubric,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

function submissionOf(s: repo.SubmissionRow, studentName: string): Submission {
  return {
    id: s.id,
    assignment_id: s.assignmentId,
    student_id: s.studentId,
    student_name: studentName,
    text: s.text,
    files: s.files,
    submitted_at: s.submittedAt.toISOString(),
    late: s.late,
    versions: s.versions,
    score: s.score,
    rubric_points: s.rubricPoints,
    comment: s.comment,
    graded_at: s.gradedAt ? s.gradedAt.toISOString() : null,
  };
}

function essayOf(e: repo.EssayRow, course: CourseRef, studentName: string): Essay {
  return {
    id: e.id,
    course,
    student_id: e.studentId,
    student_name: studentName,
    title: e.title,
    body: e.body,
    files: e.files,
    status: e.status,
    submitted_at: e.submittedAt ? e.submittedAt.toISOString() : null,
    score: e.score,
    rubric_points: e.rubricPoints,
    comment: e.comment,
    reviewed_at: e.reviewedAt ? e.reviewedAt.toISOString() : null,
    updated_at: e.updatedAt.toISOString(),
  };
}

/** A course a student is enrolled in; another course answers like one that does not exist. */
async function assertEnrolled(ctx: AppContext, auth: AuthState, courseId: number): Promise<CourseRow> {
  const course = await repo.findCourseById(ctx.db, courseId);
  if (!course || !(await repo.isEnrolled(ctx.db, auth.accountId, courseId))) throw AppError.forbidden();
  return course;
}

async function assignmentForTeacher(ctx: AppContext, auth: AuthState, id: number) {
  const a = await repo.findAssignment(ctx.db, id);
  if (!a) throw AppError.forbidden();
  const course = await assertCourseAccess(ctx.db, auth, a.courseId);
  return { a, course };
}

/**
 * Files handed in must be the student's own stored uploads, of a type the assignment accepts (judged by the
 * stored name, not the name the form sends) and within its size. Returns the files with their stored names.
 */
async function checkHandedInFiles(ctx: AppContext, auth: AuthState, files: UploadedFile[], allowed: readonly string[], maxSizeMb: number): Promise<UploadedFile[]> {
  const out: UploadedFile[] = [];
  const seen = new Set<string>();
  for (const f of files) {
    if (seen.has(f.url)) continue;
    seen.add(f.url);
    if (!(await isAttachableUpload(ctx, auth.role, auth.accountId, f.url))) throw AppError.param('files', COURSEWORK_MSG.FILE_INVALID);
    const row = await findUploadByKey(ctx.db, fileKeyOf(f.url)!);
    if (!row) throw AppError.param('files', COURSEWORK_MSG.FILE_INVALID);
    if (!allowed.includes(fileExtensionOf(row.fileName))) throw AppError.param('files', formatMessage(COURSEWORK_MSG.FILE_TYPE_NOT_ALLOWED, allowed.join('、')));
    if ((row.sizeBytes ?? 0) > maxSizeMb * MB) throw AppError.param('files', formatMessage(COURSEWORK_MSG.FILE_TOO_LARGE, `${maxSizeMb}MB`));
    out.push({ name: f.name, url: f.url });
  }
  return out;
}

// --- teacher: assignments --------------------------------------------------------------------------------

function assignmentValues(body: AssignmentSaveRequest): repo.AssignmentValues {
  const rubricError = checkRubricTotal(body.rubric, body.max_score);
  if (rubricError) throw AppError.param('rubric', rubricError);
  return {
    title: body.title,
    instructions: sanitizeRichText(body.instructions),
    dueAt: new Date(body.due_at),
    allowedTypes: [...new Set(body.allowed_types)],
    maxSizeMb: body.max_size_mb,
    maxScore: body.max_score,
    rubric: body.rubric.map((c) => ({ name: c.name, points: c.points })),
  };
}

export async function listTeacherAssignments(ctx: AppContext, auth: AuthState, courseId: number): Promise<TeacherAssignmentRow[]> {
  await assertCourseAccess(ctx.db, auth, courseId);
  const [rows, roster] = await Promise.all([repo.listAssignments(ctx.db, courseId), repo.listRoster(ctx.db, courseId)]);
  const subs = await repo.listSubmissions(ctx.db, rows.map((a) => a.id));
  return rows.map((a) => {
    const mine = subs.filter((s) => s.assignmentId === a.id);
    return { ...assignmentOf(a), submitted: mine.length, graded: mine.filter((s) => s.gradedAt).length, enrolled: roster.length };
  });
}

export async function createAssignment(ctx: AppContext, auth: AuthState, body: AssignmentSaveRequest): Promise<Assignment> {
  await assertCourseAccess(ctx.db, auth, body.course_id);
  const values = assignmentValues(body);
  if (values.dueAt.getTime() <= ctx.now().getTime()) throw AppError.param('due_at', COURSEWORK_MSG.DUE_IN_PAST);
  return assignmentOf(await repo.insertAssignment(ctx.db, body.course_id, values, auth.accountId, ctx.now()));
}

export async function updateAssignment(ctx: AppContext, auth: AuthState, id: number, body: AssignmentSaveRequest): Promise<Assignment> {
  const { a } = await assignmentForTeacher(ctx, auth, id);
  // An assignment never moves to another course (that would hand its submissions to another teacher).
  if (body.course_id !== a.courseId) throw AppError.forbidden();
  const row = await repo.updateAssignment(ctx.db, id, assignmentValues(body), auth.accountId, ctx.now());
  // A changed full score changes what its graded work is worth in the grade items (decision 089).
  if (row.maxScore !== a.maxScore) await repo.recomputeFinals(ctx.db, a.courseId, recomputeFinal);
  return assignmentOf(row);
}

export async function deleteAssignment(ctx: AppContext, auth: AuthState, id: number): Promise<void> {
  const { a } = await assignmentForTeacher(ctx, auth, id);
  await repo.deleteAssignmentAudited(ctx.db, a, auth.accountId, ctx.now());
  await repo.recomputeFinals(ctx.db, a.courseId, recomputeFinal);
}

export async function getAssignmentDetail(ctx: AppContext, auth: AuthState, id: number): Promise<AssignmentDetail> {
  const { a, course } = await assignmentForTeacher(ctx, auth, id);
  const [roster, subs] = await Promise.all([repo.listRoster(ctx.db, course.id), repo.listSubmissions(ctx.db, [a.id])]);
  const names = new Map(roster.map((r) => [r.studentId, r.name]));
  const rows = roster.map((r) => {
    const s = subs.find((x) => x.studentId === r.studentId);
    return { student_id: r.studentId, student_name: r.name, submission: s ? submissionOf(s, r.name) : null };
  });
  // A student who handed in and then left the course still shows: the work exists and may need a grade.
  for (const s of subs) if (!names.has(s.studentId)) rows.push({ student_id: s.studentId, student_name: await repo.nameOf(ctx.db, s.studentId), submission: submissionOf(s, await repo.nameOf(ctx.db, s.studentId)) });
  return { assignment: assignmentOf(a), course: courseRefOf(course), roster: rows };
}

export async function getParticipation(ctx: AppContext, auth: AuthState, courseId: number): Promise<Participation> {
  const course = await assertCourseAccess(ctx.db, auth, courseId);
  const [rows, roster] = await Promise.all([repo.listAssignments(ctx.db, courseId), repo.listRoster(ctx.db, courseId)]);
  const subs = await repo.listSubmissions(ctx.db, rows.map((a) => a.id));
  return {
    course: courseRefOf(course),
    assignments: rows.map((a) => ({ id: a.id, title: a.title, due_at: a.dueAt.toISOString(), max_score: a.maxScore })),
    students: roster.map((r) => ({
      student_id: r.studentId,
      student_name: r.name,
      cells: rows.map((a) => {
        const s = subs.find((x) => x.assignmentId === a.id && x.studentId === r.studentId);
        const state = !s ? 'missing' : s.gradedAt ? 'graded' : s.late ? 'late' : 'submitted';
        return { assignment_id: a.id, state, score: s?.score ?? null } as const;
      }),
    })),
  };
}

export async function gradeSubmission(ctx: AppContext, auth: AuthState, submissionId: number, body: GradingRequest): Promise<Submission> {
  const s = await repo.findSubmissionById(ctx.db, submissionId);
  if (!s) throw AppError.forbidden();
  const { a } = await assignmentForTeacher(ctx, auth, s.assignmentId);
  const result = scoreOfGrading(a.rubric, a.maxScore, body);
  if (!result.ok) throw AppError.param(body.rubric_points ? 'rubric_points' : 'score', result.msg);
  const row = await repo.gradeSubmissionAudited(ctx.db, s, { score: result.score, rubricPoints: result.rubricPoints, comment: body.comment }, auth.accountId, ctx.now());
  // The score feeds the grade items that name this assignment: the student's stored final follows it (decision 089).
  await repo.recomputeFinals(ctx.db, a.courseId, recomputeFinal, row.studentId);
  return submissionOf(row, await repo.nameOf(ctx.db, row.studentId));
}

// --- student: assignments --------------------------------------------------------------------------------

export async function getStudentCourseAssignments(ctx: AppContext, auth: AuthState, courseId: number): Promise<StudentCourseAssignments> {
  const course = await assertEnrolled(ctx, auth, courseId);
  const rows = await repo.listAssignments(ctx.db, courseId);
  const subs = (await repo.listSubmissions(ctx.db, rows.map((a) => a.id))).filter((s) => s.studentId === auth.accountId);
  const name = await repo.nameOf(ctx.db, auth.accountId);
  const now = ctx.now().toISOString();
  return {
    course: courseRefOf(course),
    assignments: rows.map((a) => {
      const s = subs.find((x) => x.assignmentId === a.id);
      return { ...assignmentOf(a), submission: s ? submissionOf(s, name) : null, server_now: now };
    }),
  };
}

export async function getStudentAssignment(ctx: AppContext, auth: AuthState, id: number): Promise<StudentAssignment> {
  const a = await repo.findAssignment(ctx.db, id);
  if (!a) throw AppError.forbidden();
  await assertEnrolled(ctx, auth, a.courseId);
  const s = await repo.findSubmission(ctx.db, a.id, auth.accountId);
  return { ...assignmentOf(a), submission: s ? submissionOf(s, await repo.nameOf(ctx.db, auth.accountId)) : null, server_now: ctx.now().toISOString() };
}

export async function submitAssignment(ctx: AppContext, auth: AuthState, id: number, body: SubmissionRequest): Promise<Submission> {
  const a = await repo.findAssignment(ctx.db, id);
  if (!a) throw AppError.forbidden();
  await assertEnrolled(ctx, auth, a.courseId);
  const text = body.text.trim();
  if (text === '' && body.files.length === 0) throw AppError.param('text', COURSEWORK_MSG.SUBMISSION_EMPTY);
  const existing = await repo.findSubmission(ctx.db, a.id, auth.accountId);
  const now = ctx.now();
  const verdict = submissionVerdict(now, a.dueAt, existing ? { graded: existing.gradedAt !== null } : null);
  if (!verdict.ok) throw AppError.message(verdict.msg);
  const files = await checkHandedInFiles(ctx, auth, body.files, a.allowedTypes, a.maxSizeMb);
  const row = await repo.upsertSubmission(ctx.db, { assignmentId: a.id, studentId: auth.accountId, text, files, late: verdict.late, now });
  // Lost a race with a grading (or a late duplicate): say why, as the check above would have.
  if (!row) throw AppError.message(verdict.late ? COURSEWORK_MSG.ALREADY_LATE_SUBMITTED : COURSEWORK_MSG.GRADED_LOCKED);
  return submissionOf(row, await repo.nameOf(ctx.db, auth.accountId));
}

export async function listMyCourses(ctx: AppContext, auth: AuthState): Promise<CourseRef[]> {
  return (await repo.listEnrolledCourses(ctx.db, auth.accountId)).map(courseRefOf);
}

// --- writing centre --------------------------------------------------------------------------------------

export async function getWritingCentre(ctx: AppContext, auth: AuthState): Promise<WritingCentre> {
  const [courseRows, essayRows, name] = await Promise.all([repo.listEnrolledCourses(ctx.db, auth.accountId), repo.listEssaysOfStudent(ctx.db, auth.accountId), repo.nameOf(ctx.db, auth.accountId)]);
  const refs = new Map(courseRows.map((c) => [c.id, courseRefOf(c)]));
  const essays: Essay[] = [];
  for (const e of essayRows) {
    const ref = refs.get(e.courseId) ?? courseRefOf((await repo.findCourseById(ctx.db, e.courseId))!);
    essays.push(essayOf(e, ref, name));
  }
  return { courses: [...refs.values()], essays };
}

async function essayValues(ctx: AppContext, auth: AuthState, body: EssaySaveRequest) {
  const course = await assertEnrolled(ctx, auth, body.course_id);
  if (body.submit && body.body.trim() === '' && body.files.length === 0) throw AppError.param('body', COURSEWORK_MSG.SUBMISSION_EMPTY);
  const files = await checkHandedInFiles(ctx, auth, body.files, ASSIGNMENT_DEFAULT_TYPES, ASSIGNMENT_MAX_SIZE_MB);
  const now = ctx.now();
  return { course, values: { courseId: course.id, title: body.title, body: body.body, files, status: body.submit ? ('submitted' as const) : ('draft' as const), submittedAt: body.submit ? now : null } };
}

export async function createEssay(ctx: AppContext, auth: AuthState, body: EssaySaveRequest): Promise<Essay> {
  const { course, values } = await essayValues(ctx, auth, body);
  const row = await repo.insertEssay(ctx.db, { ...values, studentId: auth.accountId }, ctx.now());
  return essayOf(row, courseRefOf(course), await repo.nameOf(ctx.db, auth.accountId));
}

export async function updateEssay(ctx: AppContext, auth: AuthState, id: number, body: EssaySaveRequest): Promise<Essay> {
  const existing = await repo.findEssay(ctx.db, id);
  if (!existing || existing.studentId !== auth.accountId) throw AppError.forbidden();
  if (existing.status !== 'draft') throw AppError.message(COURSEWORK_MSG.ESSAY_LOCKED);
  const { course, values } = await essayValues(ctx, auth, body);
  const row = await repo.updateDraftEssay(ctx.db, id, values, ctx.now());
  if (!row) throw AppError.message(COURSEWORK_MSG.ESSAY_LOCKED);
  return essayOf(row, courseRefOf(course), await repo.nameOf(ctx.db, auth.accountId));
}

export async function listCourseEssays(ctx: AppContext, auth: AuthState, courseId: number): Promise<Essay[]> {
  const course = await assertCourseAccess(ctx.db, auth, courseId);
  const rows = await repo.listEssaysOfCourse(ctx.db, courseId);
  const ref = courseRefOf(course);
  return Promise.all(rows.map(async (e) => essayOf(e, ref, await repo.nameOf(ctx.db, e.studentId))));
}

export async function reviewEssay(ctx: AppContext, auth: AuthState, id: number, body: GradingRequest): Promise<Essay> {
  const e = await repo.findEssay(ctx.db, id);
  if (!e || e.status === 'draft') throw AppError.forbidden();
  const course = await assertCourseAccess(ctx.db, auth, e.courseId);
  const result = scoreOfGrading(WRITING_RUBRIC, WRITING_MAX_SCORE, body);
  if (!result.ok) throw AppError.param(body.rubric_points ? 'rubric_points' : 'score', result.msg);
  const row = await repo.reviewEssayAudited(ctx.db, e, { score: result.score, rubricPoints: result.rubricPoints, comment: body.comment }, auth.accountId, ctx.now());
  return essayOf(row, courseRefOf(course), await repo.nameOf(ctx.db, row.studentId));
}

// --- grades ----------------------------------------------------------------------------------------------

const itemsOf = (rows: repo.ComponentRow[]): GradeItem[] => rows.map((c) => ({ id: c.id, name: c.name, weight: c.weight, assignment_ids: c.assignmentIds }));
const workOf = (rows: repo.GradedWorkRow[]) => rows.map((w) => ({ assignmentId: w.assignmentId, maxScore: w.maxScore, score: w.score }));

/** The one computation every stored final goes through (decision 089): the items' values, then 053's weighted sum. */
const recomputeFinal: repo.RecomputeFinal = (components, grade, work) => {
  const items = itemsOf(components);
  return finalGradeOf(items, itemValuesOf(items, grade.scores, grade.overrides, workOf(work)));
};

export async function getGradeBook(ctx: AppContext, auth: AuthState, courseId: number): Promise<TeacherGradeBook> {
  const course = await assertCourseAccess(ctx.db, auth, courseId);
  // What the page shows is saved: a course without a scheme gets the default one stored, not merely displayed.
  if ((await repo.listComponents(ctx.db, courseId)).length === 0) await repo.ensureDefaultComponents(ctx.db, courseId, DEFAULT_GRADE_ITEMS, auth.accountId, ctx.now());
  const [components, roster, grades, publication, assignmentRows, work] = await Promise.all([
    repo.listComponents(ctx.db, courseId),
    repo.listRoster(ctx.db, courseId),
    repo.listCourseGrades(ctx.db, courseId),
    repo.findPublication(ctx.db, courseId),
    repo.listAssignments(ctx.db, courseId),
    repo.listGradedWork(ctx.db, courseId),
  ]);
  const items = itemsOf(components);
  return {
    course: courseRefOf(course),
    components: items.map((c) => ({ ...c, assignment_ids: [...c.assignment_ids] })),
    assignments: assignmentRows.map((a) => ({ id: a.id, title: a.title, max_score: a.maxScore })),
    publish_at: publication ? publication.publishAt.toISOString() : null,
    published: isGradePublished(publication?.publishAt ?? null, ctx.now()),
    students: roster.map((r) => {
      const g = grades.find((x) => x.studentId === r.studentId);
      const scores = g?.scores ?? {};
      const overrides = g?.overrides ?? {};
      const values = itemValuesOf(items, scores, overrides, workOf(work.filter((w) => w.studentId === r.studentId)));
      const final = finalGradeOf(items, values);
      return { student_id: r.studentId, student_name: r.name, scores, overrides, values, final_grade: final, letter: final === null ? null : letterOf(final) };
    }),
  };
}

export async function saveGradeComponents(ctx: AppContext, auth: AuthState, courseId: number, body: GradeComponentsRequest): Promise<TeacherGradeBook> {
  await assertCourseAccess(ctx.db, auth, courseId);
  const problem = checkComponentWeights(body.components) ?? checkItemAssignments(body.components, (await repo.listAssignments(ctx.db, courseId)).map((a) => a.id));
  if (problem) throw AppError.param('components', problem);
  const saved = await repo.replaceComponentsAudited(ctx.db, courseId, body.components, recomputeFinal, auth.accountId, ctx.now());
  // A kept id is not the course's (checked under the course's lock): another save committed first and removed it,
  // so the page is out of date — 4004 (HTTP 409), the message asks to reload and the client does.
  if (!saved) throw AppError.reload(COURSEWORK_MSG.COMPONENT_UNKNOWN);
  return getGradeBook(ctx, auth, courseId);
}

export async function saveStudentGrade(ctx: AppContext, auth: AuthState, courseId: number, studentId: number, body: StudentGradeRequest): Promise<TeacherGradeBook> {
  await assertCourseAccess(ctx.db, auth, courseId);
  if (!(await repo.isEnrolled(ctx.db, studentId, courseId))) throw AppError.message(COURSEWORK_MSG.NOT_ENROLLED);
  // The items are read under the course's grade lock, as a scheme replace holds it (decisions 081, 089).
  const saved = await repo.saveCourseGradeAudited(
    ctx.db,
    courseId,
    studentId,
    (components, work) => {
      const items = itemsOf(components);
      if (items.length === 0) return { ok: false, msg: COURSEWORK_MSG.COMPONENTS_REQUIRED };
      const entry = splitGradeEntry(items, body);
      if (!entry.ok) return entry;
      return { ...entry, finalGrade: finalGradeOf(items, itemValuesOf(items, entry.scores, entry.overrides, workOf(work))) };
    },
    auth.accountId,
    ctx.now(),
  );
  if (!saved.ok) throw saved.msg === COURSEWORK_MSG.COMPONENTS_REQUIRED ? AppError.message(saved.msg) : AppError.param('scores', saved.msg);
  return getGradeBook(ctx, auth, courseId);
}

export async function setGradePublication(ctx: AppContext, auth: AuthState, courseId: number, publishAt: string | null): Promise<TeacherGradeBook> {
  await assertCourseAccess(ctx.db, auth, courseId);
  if (publishAt !== null && (await repo.listComponents(ctx.db, courseId)).length === 0) throw AppError.message(COURSEWORK_MSG.COMPONENTS_REQUIRED);
  await repo.setPublicationAudited(ctx.db, courseId, publishAt === null ? null : new Date(publishAt), auth.accountId, ctx.now());
  return getGradeBook(ctx, auth, courseId);
}

async function studentGradeOf(ctx: AppContext, studentId: number, row: Awaited<ReturnType<typeof repo.listPublishedGradesOf>>[number]): Promise<StudentGrade> {
  const items = itemsOf(await repo.listComponents(ctx.db, row.course.id));
  const values = itemValuesOf(items, row.grade?.scores ?? {}, row.grade?.overrides ?? {}, workOf(await repo.listGradedWork(ctx.db, row.course.id, studentId)));
  const final = finalGradeOf(items, values);
  return {
    course: courseRefOf(row.course),
    published_at: row.publishAt.toISOString(),
    components: items.map((c) => ({ id: c.id, name: c.name, weight: c.weight, score: values[String(c.id)]?.value ?? null })),
    final_grade: final,
    letter: final === null ? null : letterOf(final),
  };
}

export async function listMyGrades(ctx: AppContext, auth: AuthState): Promise<StudentGrade[]> {
  const rows = await repo.listPublishedGradesOf(ctx.db, auth.accountId, ctx.now());
  return Promise.all(rows.map((r) => studentGradeOf(ctx, auth.accountId, r)));
}

/** One course's published grade of the caller; unpublished, not enrolled or unknown all read the same. */
export async function getMyGrade(ctx: AppContext, auth: AuthState, courseId: number): Promise<StudentGrade> {
  const rows = await repo.listPublishedGradesOf(ctx.db, auth.accountId, ctx.now());
  const row = rows.find((r) => r.course.id === courseId);
  if (!row) throw AppError.message(COURSEWORK_MSG.GRADE_NOT_PUBLISHED);
  return studentGradeOf(ctx, auth.accountId, row);
}

// --- notices ---------------------------------------------------------------------------------------------

export async function sendCourseNotice(ctx: AppContext, auth: AuthState, body: { course_id: number; title: string; body: string }): Promise<{ sent: number }> {
  await assertCourseAccess(ctx.db, auth, body.course_id);
  return { sent: await repo.sendCourseNoticeAudited(ctx.db, body.course_id, body.title, body.body, auth.accountId, ctx.now()) };
}
