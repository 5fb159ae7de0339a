import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { COURSEWORK_MSG, MSG, type Assignment, type AssignmentDetail, type Essay, type Participation, type StudentCourseAssignments, type StudentGrade, type Submission, type TeacherAssignmentRow, type TeacherGradeBook, type WritingCentre } from '@summit/domain';
import { auditLog } from '../../db/schema.ts';
import { studentNotices } from '../../db/schema-course-centre.ts';
import { gradeComponents } from '../../db/schema-coursework.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken } from '../../test/flows.ts';
import { PNG_BYTES, getCredential, postFile, readBack, uploadPdf } from '../storage/storage-test-kit.ts';
import { assignmentBody, enrolledStudent, makeTeacher, makeTeachersCourse } from './coursework-test-kit.ts';

let t: TestApp;
let admin: string;
let teacherA: { token: string; accountId: number };
let teacherB: { token: string; accountId: number };
let courseA: number;
let courseB: number;
let studentA: { token: string; accountId: number };
let studentB: { token: string; accountId: number };
const HOUR = 3_600_000;
const later = (ms: number) => new Date(t.clock.now().getTime() + ms);
const NO = { status: 4001, msg: MSG.NO_PERMISSION };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  teacherA = await makeTeacher(t, '王老师');
  teacherB = await makeTeacher(t, '赵老师');
  courseA = (await makeTeachersCourse(t.db, teacherA.accountId, '批判性思维')).id;
  courseB = (await makeTeachersCourse(t.db, teacherB.accountId, '经济学原理')).id;
  studentA = await enrolledStudent(t, [courseA], '张小明');
  studentB = await enrolledStudent(t, [courseB], '李小红');
});
afterAll(async () => {
  await t.close();
});

async function uploadPng(token: string, name = 'photo.png') {
  const cred = await getCredential(t.app, token, { file_name: name, type: 'image/png', file_size: PNG_BYTES.length });
  await postFile(t.app, cred.body.data!.fields, { name, type: 'image/png', bytes: PNG_BYTES });
  return cred.body.data!.file;
}

const create = (token: string, body: Record<string, unknown>) => call<Assignment>(t.app, 'POST', '/api/teacher/assignment', { token, body });
const submit = (token: string, id: number, body: Record<string, unknown>) => call<Submission>(t.app, 'POST', `/api/student/assignment/${id}/submit`, { token, body });

describe('assignments', () => {
  it('a teacher creates, edits and deletes on their own course only; instructions are sanitised', async () => {
    const made = await create(teacherA.token, assignmentBody(courseA, later(HOUR)));
    expect(made.body).toMatchObject({ status: 200, msg: COURSEWORK_MSG.ASSIGNMENT_SAVED, data: { title: '读书报告', allowed_types: ['pdf'], max_size_mb: 5, max_score: 100 } });
    expect(made.body.data!.instructions).toBe('<p>阅读第一章并写<strong>读书报告</strong></p>');
    const id = made.body.data!.id;

    // IDOR: teacher B may not create on, read, edit or delete course A's work.
    expect((await create(teacherB.token, assignmentBody(courseA, later(HOUR)))).body).toMatchObject(NO);
    expect((await call(t.app, 'GET', `/api/teacher/assignment/${id}`, { token: teacherB.token })).body).toMatchObject(NO);
    expect((await call(t.app, 'PUT', `/api/teacher/assignment/${id}`, { token: teacherB.token, body: assignmentBody(courseA, later(HOUR)) })).body).toMatchObject(NO);
    expect((await call(t.app, 'PUT', `/api/teacher/assignment/${id}`, { token: teacherB.token, body: assignmentBody(courseB, later(HOUR)) })).body).toMatchObject(NO);
    expect((await call(t.app, 'DELETE', `/api/teacher/assignment/${id}`, { token: teacherB.token })).body).toMatchObject(NO);
    expect((await call(t.app, 'GET', `/api/teacher/assignment/course/${courseA}`, { token: teacherB.token })).body).toMatchObject(NO);
    expect((await call(t.app, 'GET', `/api/teacher/assignment/participation/${courseA}`, { token: teacherB.token })).body).toMatchObject(NO);
    // A missing assignment reads the same as another's.
    expect((await call(t.app, 'GET', '/api/teacher/assignment/999999', { token: teacherA.token })).body).toMatchObject(NO);
    // Students cannot use teacher routes at all.
    expect((await call(t.app, 'GET', `/api/teacher/assignment/${id}`, { token: studentA.token })).http).toBe(403);
    // A teacher cannot move an assignment to another course, even their own would-be course B.
    expect((await call(t.app, 'PUT', `/api/teacher/assignment/${id}`, { token: teacherA.token, body: assignmentBody(courseB, later(HOUR)) })).body).toMatchObject(NO);

    const edited = await call<Assignment>(t.app, 'PUT', `/api/teacher/assignment/${id}`, { token: teacherA.token, body: assignmentBody(courseA, later(2 * HOUR), { title: '读书报告（修订）', max_score: 10 }) });
    expect(edited.body).toMatchObject({ status: 200, data: { title: '读书报告（修订）', max_score: 10 } });
    const list = await call<TeacherAssignmentRow[]>(t.app, 'GET', `/api/teacher/assignment/course/${courseA}`, { token: teacherA.token });
    expect(list.body.data).toEqual([expect.objectContaining({ id, submitted: 0, enrolled: 1 })]);

    expect((await call(t.app, 'DELETE', `/api/teacher/assignment/${id}`, { token: teacherA.token })).body).toMatchObject({ status: 200, msg: COURSEWORK_MSG.ASSIGNMENT_DELETED });
    expect((await call(t.app, 'GET', `/api/teacher/assignment/${id}`, { token: teacherA.token })).body).toMatchObject(NO);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'assignment.delete'), eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(1);
  });

  it('refuses bad input with Chinese messages: past due, bad rubric, unknown file type, size', async () => {
    expect((await create(teacherA.token, assignmentBody(courseA, later(-HOUR)))).body).toMatchObject({ status: 4003, msg: COURSEWORK_MSG.DUE_IN_PAST });
    expect((await create(teacherA.token, assignmentBody(courseA, later(HOUR), { rubric: [{ name: '内容', points: 50 }] }))).body).toMatchObject({ status: 4003, msg: '评分标准各项分值之和须等于满分100' });
    expect((await create(teacherA.token, assignmentBody(courseA, later(HOUR), { allowed_types: ['exe'] }))).body.status).toBe(4003);
    expect((await create(teacherA.token, assignmentBody(courseA, later(HOUR), { max_size_mb: 21 }))).body).toMatchObject({ status: 4003, msg: '文件大小上限须在1至20MB之间' });
    expect((await create(teacherA.token, { course_id: 'x' })).body.status).toBe(4003);
  });
});

describe('submissions', () => {
  it('an enrolled student submits text and files, resubmits until due, is late after; others are refused', async () => {
    const a = (await create(teacherA.token, assignmentBody(courseA, later(HOUR), { rubric: [{ name: '内容', points: 60 }, { name: '表达', points: 40 }] }))).body.data!;
    // Student of course B: not enrolled in A.
    expect((await call(t.app, 'GET', `/api/student/assignment/${a.id}`, { token: studentB.token })).body).toMatchObject(NO);
    expect((await call(t.app, 'GET', `/api/student/assignment/course/${courseA}`, { token: studentB.token })).body).toMatchObject(NO);
    expect((await submit(studentB.token, a.id, { text: '我的作业' })).body).toMatchObject(NO);

    expect((await submit(studentA.token, a.id, { text: '  ' })).body).toMatchObject({ status: 4003, msg: COURSEWORK_MSG.SUBMISSION_EMPTY });
    const png = await uploadPng(studentA.token);
    expect((await submit(studentA.token, a.id, { text: 'x', files: [png] })).body).toMatchObject({ status: 4003, msg: '该作业只接受以下类型的文件：pdf' });
    // Someone else's file address is never attachable.
    const foreign = await uploadPdf(t.app, studentB.token, 'b.pdf');
    expect((await submit(studentA.token, a.id, { text: 'x', files: [foreign] })).body).toMatchObject({ status: 4003, msg: COURSEWORK_MSG.FILE_INVALID });

    const pdf = await uploadPdf(t.app, studentA.token, '报告.pdf');
    const first = await submit(studentA.token, a.id, { text: '第一版', files: [pdf] });
    expect(first.body).toMatchObject({ status: 200, msg: COURSEWORK_MSG.SUBMITTED, data: { text: '第一版', late: false, versions: 1, files: [pdf] } });
    const second = await submit(studentA.token, a.id, { text: '第二版', files: [pdf] });
    expect(second.body).toMatchObject({ status: 200, data: { text: '第二版', versions: 2, late: false } });

    // The teacher of the course may now read the handed-in file; the other teacher may not.
    expect((await readBack(t.app, pdf.url, teacherA.token)).statusCode).toBe(200);
    expect((await readBack(t.app, pdf.url, teacherB.token)).statusCode).toBe(403);
    // A file only uploaded (not handed in) stays private.
    expect((await readBack(t.app, png.url, teacherA.token)).statusCode).toBe(403);

    t.clock.advance(2 * HOUR);
    expect((await submit(studentA.token, a.id, { text: '第三版' })).body).toMatchObject({ status: 4001, msg: COURSEWORK_MSG.ALREADY_LATE_SUBMITTED });

    // A student who had not handed in is accepted late.
    const late = await enrolledStudent(t, [courseA], '陈迟到');
    expect((await submit(late.token, a.id, { text: '迟交了' })).body).toMatchObject({ status: 200, msg: COURSEWORK_MSG.SUBMITTED_LATE, data: { late: true } });

    const detail = await call<AssignmentDetail>(t.app, 'GET', `/api/teacher/assignment/${a.id}`, { token: teacherA.token });
    expect(detail.body.data!.roster.map((r) => [r.student_name, r.submission?.late ?? null])).toEqual([
      ['张小明', false],
      ['陈迟到', true],
    ]);
    const adminView = await call<AssignmentDetail>(t.app, 'GET', `/api/admin/assignment/${a.id}`, { token: admin });
    expect(adminView.body.data!.roster).toHaveLength(2);
    expect((await call(t.app, 'GET', `/api/admin/assignment/${a.id}`, { token: teacherA.token })).http).toBe(403);

    const participation = await call<Participation>(t.app, 'GET', `/api/teacher/assignment/participation/${courseA}`, { token: teacherA.token });
    const cells = participation.body.data!.students.map((s) => s.cells.find((c) => c.assignment_id === a.id)?.state);
    expect(cells).toEqual(['submitted', 'late']);
  });

  it('a file over the assignment’s size limit is refused, one within it is accepted', async () => {
    const a = (await create(teacherA.token, assignmentBody(courseA, later(HOUR), { max_size_mb: 1 }))).body.data!;
    const uploadPdfOf = async (name: string, bytes: Buffer) => {
      const cred = await getCredential(t.app, studentA.token, { file_name: name, type: 'application/pdf', file_size: bytes.length });
      expect(cred.body.status).toBe(200);
      expect((await postFile(t.app, cred.body.data!.fields, { name, type: 'application/pdf', bytes })).http).toBeLessThan(300);
      return cred.body.data!.file;
    };
    const big = await uploadPdfOf('大文件.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024 + 1, 0x20)]));
    expect((await submit(studentA.token, a.id, { text: '附件', files: [big] })).body).toMatchObject({ status: 4003, msg: '文件过大，超过1MB' });
    const small = await uploadPdfOf('小文件.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024 - 9, 0x20)]));
    expect((await submit(studentA.token, a.id, { text: '附件', files: [small] })).body).toMatchObject({ status: 200, data: { files: [small] } });
  });

  it('the teacher grades by rubric with a comment (audited); the student sees it and can no longer resubmit', async () => {
    const a = (await create(teacherA.token, assignmentBody(courseA, later(HOUR), { rubric: [{ name: '内容', points: 60 }, { name: '表达', points: 40 }] }))).body.data!;
    const sub = (await submit(studentA.token, a.id, { text: '答案' })).body.data!;
    const grade = (token: string, body: Record<string, unknown>) => call<Submission>(t.app, 'PUT', `/api/teacher/submission/${sub.id}/grade`, { token, body });
    expect((await grade(teacherB.token, { rubric_points: [50, 30], comment: '好' })).body).toMatchObject(NO);
    expect((await grade(studentA.token, { rubric_points: [50, 30] })).http).toBe(403);
    expect((await grade(teacherA.token, { rubric_points: [61, 30] })).body).toMatchObject({ status: 4003, msg: '“内容”的得分须在0至60之间' });
    expect((await grade(teacherA.token, { rubric_points: [50] })).body).toMatchObject({ status: 4003, msg: COURSEWORK_MSG.RUBRIC_MISMATCH });
    const graded = await grade(teacherA.token, { rubric_points: [50, 30], comment: '论证清楚' });
    expect(graded.body).toMatchObject({ status: 200, data: { score: 80, rubric_points: [50, 30], comment: '论证清楚' } });
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'submission.grade'), eq(auditLog.entityId, String(sub.id))))).toHaveLength(1);

    const mine = await call<StudentCourseAssignments>(t.app, 'GET', `/api/student/assignment/course/${courseA}`, { token: studentA.token });
    expect(mine.body.data!.assignments.find((x) => x.id === a.id)?.submission).toMatchObject({ score: 80, comment: '论证清楚' });
    expect((await submit(studentA.token, a.id, { text: '改一下' })).body).toMatchObject({ status: 4001, msg: COURSEWORK_MSG.GRADED_LOCKED });
  });
});

describe('writing centre', () => {
  it('a student drafts, edits and submits an essay to an enrolled course; only that teacher reviews it', async () => {
    expect((await call(t.app, 'POST', '/api/student/writing', { token: studentA.token, body: { course_id: courseB, title: '文章' } })).body).toMatchObject(NO);
    const pdf = await uploadPdf(t.app, studentA.token, 'essay.pdf');
    const draft = await call<Essay>(t.app, 'POST', '/api/student/writing', { token: studentA.token, body: { course_id: courseA, title: '我的暑假', body: '初稿', files: [pdf] } });
    expect(draft.body).toMatchObject({ status: 200, msg: COURSEWORK_MSG.ESSAY_SAVED, data: { status: 'draft' } });
    const id = draft.body.data!.id;
    // A draft is not the teacher's to see, and not another student's to change.
    expect((await call<Essay[]>(t.app, 'GET', `/api/teacher/writing/course/${courseA}`, { token: teacherA.token })).body.data).toEqual([]);
    expect((await call(t.app, 'PUT', `/api/student/writing/${id}`, { token: studentB.token, body: { course_id: courseB, title: 'x', body: 'y' } })).body).toMatchObject(NO);
    expect((await call(t.app, 'PUT', `/api/teacher/writing/${id}/review`, { token: teacherA.token, body: { rubric_points: [1, 1, 1, 1] } })).body).toMatchObject(NO);

    // A draft's file is still the student's alone.
    expect((await readBack(t.app, pdf.url, teacherA.token)).statusCode).toBe(403);
    const sent = await call<Essay>(t.app, 'PUT', `/api/student/writing/${id}`, { token: studentA.token, body: { course_id: courseA, title: '我的暑假', body: '定稿', files: [pdf], submit: true } });
    expect(sent.body).toMatchObject({ status: 200, msg: COURSEWORK_MSG.ESSAY_SUBMITTED, data: { status: 'submitted', body: '定稿' } });
    expect((await call(t.app, 'PUT', `/api/student/writing/${id}`, { token: studentA.token, body: { course_id: courseA, title: '再改', body: 'x' } })).body).toMatchObject({ status: 4001, msg: COURSEWORK_MSG.ESSAY_LOCKED });
    expect((await readBack(t.app, pdf.url, teacherA.token)).statusCode).toBe(200);

    expect((await call(t.app, 'GET', `/api/teacher/writing/course/${courseA}`, { token: teacherB.token })).body).toMatchObject(NO);
    expect((await call(t.app, 'PUT', `/api/teacher/writing/${id}/review`, { token: teacherB.token, body: { rubric_points: [20, 20, 20, 15] } })).body).toMatchObject(NO);
    const reviewed = await call<Essay>(t.app, 'PUT', `/api/teacher/writing/${id}/review`, { token: teacherA.token, body: { rubric_points: [25, 20, 20, 15], comment: '结构清晰' } });
    expect(reviewed.body).toMatchObject({ status: 200, data: { status: 'reviewed', score: 80, comment: '结构清晰' } });

    const centre = await call<WritingCentre>(t.app, 'GET', '/api/student/writing', { token: studentA.token });
    expect(centre.body.data!.essays.find((e) => e.id === id)).toMatchObject({ status: 'reviewed', score: 80 });
    expect(centre.body.data!.courses.map((c) => c.id)).toEqual([courseA]);
    expect((await call<WritingCentre>(t.app, 'GET', '/api/student/writing', { token: studentB.token })).body.data!.essays).toEqual([]);
  });
});

describe('grades', () => {
  it('components sum to 100; the final is computed; the PUT is audited; students see only their own, once published', async () => {
    const put = (token: string, body: Record<string, unknown>, path = 'components') => call<TeacherGradeBook>(t.app, 'PUT', `/api/teacher/grade/${courseA}/${path}`, { token, body });
    expect((await put(teacherA.token, { components: [{ name: '作业', weight: 40 }, { name: '期末', weight: 50 }] })).body).toMatchObject({ status: 4003, msg: COURSEWORK_MSG.WEIGHTS_SUM });
    expect((await put(teacherB.token, { components: [{ name: '作业', weight: 40 }, { name: '期末', weight: 60 }] })).body).toMatchObject(NO);
    const book = await put(teacherA.token, { components: [{ name: '作业', weight: 40 }, { name: '期末', weight: 60 }] });
    expect(book.body.data!.components.map((c) => [c.name, c.weight])).toEqual([
      ['作业', 40],
      ['期末', 60],
    ]);
    const [hw, exam] = book.body.data!.components;
    const scores = { [String(hw!.id)]: 85.5, [String(exam!.id)]: 77 };

    expect((await put(teacherB.token, { scores }, `student/${studentA.accountId}`)).body).toMatchObject(NO);
    expect((await put(teacherA.token, { scores }, `student/${studentB.accountId}`)).body).toMatchObject({ status: 4001, msg: COURSEWORK_MSG.NOT_ENROLLED });
    expect((await put(teacherA.token, { scores: { [String(hw!.id)]: 101 } }, `student/${studentA.accountId}`)).body).toMatchObject({ status: 4003, msg: '分数须在0至100之间' });
    expect((await put(teacherA.token, { scores: { '999999': 5 } }, `student/${studentA.accountId}`)).body).toMatchObject({ status: 4003, msg: COURSEWORK_MSG.COMPONENT_UNKNOWN });
    const saved = await put(teacherA.token, { scores }, `student/${studentA.accountId}`);
    expect(saved.body.data!.students.find((s) => s.student_id === studentA.accountId)).toMatchObject({ final_grade: 80.4, letter: 'B' });
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'grade.update'), eq(auditLog.entityId, `${courseA}:${studentA.accountId}`)))).toHaveLength(1);

    // Not published yet: the student sees nothing, not even by asking for the course.
    expect((await call<StudentGrade[]>(t.app, 'GET', '/api/student/grades', { token: studentA.token })).body.data).toEqual([]);
    expect((await call(t.app, 'GET', `/api/student/grades/${courseA}`, { token: studentA.token })).body).toMatchObject({ status: 4001, msg: COURSEWORK_MSG.GRADE_NOT_PUBLISHED });

    expect((await put(teacherB.token, { publish_at: later(HOUR).toISOString() }, 'publish')).body).toMatchObject(NO);
    const scheduled = await put(teacherA.token, { publish_at: later(HOUR).toISOString() }, 'publish');
    expect(scheduled.body.data).toMatchObject({ published: false });
    expect((await call<StudentGrade[]>(t.app, 'GET', '/api/student/grades', { token: studentA.token })).body.data).toEqual([]);

    t.clock.advance(HOUR + 1000);
    const mine = await call<StudentGrade[]>(t.app, 'GET', '/api/student/grades', { token: studentA.token });
    expect(mine.body.data).toEqual([expect.objectContaining({ final_grade: 80.4, letter: 'B', course: expect.objectContaining({ id: courseA }) })]);
    const detail = await call<StudentGrade>(t.app, 'GET', `/api/student/grades/${courseA}`, { token: studentA.token });
    expect(detail.body.data!.components.map((c) => [c.name, c.weight, c.score])).toEqual([
      ['作业', 40, 85.5],
      ['期末', 60, 77],
    ]);
    // Another student (of course B) never sees course A's grades; a classmate sees only their own (none yet).
    expect((await call(t.app, 'GET', `/api/student/grades/${courseA}`, { token: studentB.token })).body).toMatchObject({ status: 4001, msg: COURSEWORK_MSG.GRADE_NOT_PUBLISHED });
    const classmate = await enrolledStudent(t, [courseA], '同学');
    const theirs = await call<StudentGrade>(t.app, 'GET', `/api/student/grades/${courseA}`, { token: classmate.token });
    expect(theirs.body.data).toMatchObject({ final_grade: null, letter: null });
    expect(theirs.body.data!.components.every((c) => c.score === null)).toBe(true);

    // Withdrawing hides it again; changing weights recomputes the final.
    await put(teacherA.token, { publish_at: null }, 'publish');
    expect((await call<StudentGrade[]>(t.app, 'GET', '/api/student/grades', { token: studentA.token })).body.data).toEqual([]);
    const reweighted = await put(teacherA.token, { components: [{ id: hw!.id, name: '作业', weight: 50 }, { id: exam!.id, name: '期末', weight: 50 }] });
    expect(reweighted.body.data!.students.find((s) => s.student_id === studentA.accountId)?.final_grade).toBe(81.3);
  });

  it('eight identical replaces at once leave exactly one set of components, weighing 100', async () => {
    const course = (await makeTeachersCourse(t.db, teacherA.accountId, '并发成绩项')).id;
    const body = { components: [{ name: '作业', weight: 30 }, { name: '课堂', weight: 20 }, { name: '期末', weight: 50 }] };
    const results = await Promise.all(Array.from({ length: 8 }, () => call<TeacherGradeBook>(t.app, 'PUT', `/api/teacher/grade/${course}/components`, { token: teacherA.token, body })));
    // A PUT replaces the whole set: every press may answer 200, but each one replaced the last one's set.
    expect(results.map((r) => r.body.status)).toEqual(Array(8).fill(200));
    const stored = await t.db.select().from(gradeComponents).where(eq(gradeComponents.courseId, course));
    expect(stored.map((c) => [c.name, c.weight]).sort()).toEqual([['作业', 30], ['期末', 50], ['课堂', 20]]);
    expect(stored.reduce((sum, c) => sum + c.weight, 0)).toBe(100);
    const book = await call<TeacherGradeBook>(t.app, 'GET', `/api/teacher/grade/${course}`, { token: teacherA.token });
    expect(book.body.data!.components.map((c) => c.name)).toEqual(['作业', '课堂', '期末']);
  });

  it('a replace that keeps a component another replace just removed is told to reload (409), never a 5xx; the course keeps one set', async () => {
    const course = (await makeTeachersCourse(t.db, teacherA.accountId, '并发改权重')).id;
    const put = (body: Record<string, unknown>) => call<TeacherGradeBook>(t.app, 'PUT', `/api/teacher/grade/${course}/components`, { token: teacherA.token, body });
    const first = await put({ components: [{ name: '作业', weight: 40 }, { name: '期末', weight: 60 }] });
    const [hw, exam] = first.body.data!.components;
    const fresh = { components: [{ name: '论文', weight: 100 }] };
    const kept = { components: [{ id: hw!.id, name: '作业', weight: 50 }, { id: exam!.id, name: '期末', weight: 50 }] };
    const bodies = Array.from({ length: 8 }, (_, i) => (i % 2 ? fresh : kept));
    const results = await Promise.all(bodies.map((b) => put(b)));
    expect(results.every((r) => r.http < 500)).toBe(true);
    for (const r of results.filter((x) => x.body.status !== 200)) expect(r).toMatchObject({ http: 409, body: { status: 4004, msg: COURSEWORK_MSG.COMPONENT_UNKNOWN } });
    expect(results.filter((r) => r.body.status === 200).length).toBeGreaterThanOrEqual(1);
    const stored = await t.db.select().from(gradeComponents).where(eq(gradeComponents.courseId, course));
    const set = stored.map((c) => [c.name, c.weight]).sort();
    expect([[['论文', 100]], [['作业', 50], ['期末', 50]]]).toContainEqual(set);
    expect(stored.reduce((sum, c) => sum + c.weight, 0)).toBe(100);
  });
});

describe('notices', () => {
  it('a teacher sends a notice to their course only; its students get an in-app message', async () => {
    expect((await call(t.app, 'POST', '/api/teacher/notice', { token: teacherB.token, body: { course_id: courseA, title: '调课', body: '周三停课' } })).body).toMatchObject(NO);
    expect((await call(t.app, 'POST', '/api/teacher/notice', { token: teacherA.token, body: { course_id: courseA, title: '', body: 'x' } })).body.status).toBe(4003);
    const sent = await call<{ sent: number }>(t.app, 'POST', '/api/teacher/notice', { token: teacherA.token, body: { course_id: courseA, title: '调课', body: '周三停课' } });
    expect(sent.body).toMatchObject({ status: 200, msg: COURSEWORK_MSG.NOTICE_SENT });
    expect(sent.body.data!.sent).toBeGreaterThanOrEqual(1);
    const a = await t.db.select().from(studentNotices).where(and(eq(studentNotices.studentId, studentA.accountId), eq(studentNotices.title, '调课')));
    const b = await t.db.select().from(studentNotices).where(and(eq(studentNotices.studentId, studentB.accountId), eq(studentNotices.title, '调课')));
    expect([a.length, b.length]).toEqual([1, 0]);
    expect(a[0]!.body).toBe('周三停课');
  });
});
