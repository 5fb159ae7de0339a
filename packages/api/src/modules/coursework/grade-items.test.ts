/** Grade items fed by assignments, overrides, the stored default scheme and publishing (decision 089). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { COURSEWORK_MSG, DEFAULT_GRADE_ITEMS, GRADE_ITEM_MSG, MSG, type Assignment, type StudentGrade, type Submission, type TeacherGradeBook } from '@summit/domain';
import { auditLog } from '../../db/schema.ts';
import { courseGrades, gradeComponents } from '../../db/schema-coursework.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { assignmentBody, enrolledStudent, makeTeacher, makeTeachersCourse } from './coursework-test-kit.ts';

let t: TestApp;
let teacher: { token: string; accountId: number };
let other: { token: string; accountId: number };
const HOUR = 3_600_000;
const later = (ms: number) => new Date(t.clock.now().getTime() + ms);

beforeAll(async () => {
  t = await createTestApp();
  teacher = await makeTeacher(t, '钱老师');
  other = await makeTeacher(t, '孙老师');
});
afterAll(async () => {
  await t.close();
});

const bookOf = (courseId: number, token = teacher.token) => call<TeacherGradeBook>(t.app, 'GET', `/api/teacher/grade/${courseId}`, { token });
const put = (courseId: number, path: string, body: Record<string, unknown>, token = teacher.token) => call<TeacherGradeBook>(t.app, 'PUT', `/api/teacher/grade/${courseId}/${path}`, { token, body });

async function gradedWork(courseId: number, student: { token: string; accountId: number }, maxScore: number, score: number) {
  const a = (await call<Assignment>(t.app, 'POST', '/api/teacher/assignment', { token: teacher.token, body: assignmentBody(courseId, later(HOUR), { title: `作业${maxScore}-${score}`, max_score: maxScore }) })).body.data!;
  const sub = (await call<Submission>(t.app, 'POST', `/api/student/assignment/${a.id}/submit`, { token: student.token, body: { text: '我的答案' } })).body.data!;
  const graded = await call<Submission>(t.app, 'PUT', `/api/teacher/submission/${sub.id}/grade`, { token: teacher.token, body: { score, comment: '' } });
  expect(graded.body.status).toBe(200);
  return a;
}

describe('grade items', () => {
  it('a course without a scheme stores the default one on its first opening, once however many open it at once', async () => {
    const course = (await makeTeachersCourse(t.db, teacher.accountId, '默认成绩项')).id;
    const books = await Promise.all(Array.from({ length: 8 }, () => bookOf(course)));
    expect(books.every((b) => b.body.status === 200)).toBe(true);
    const stored = await t.db.select().from(gradeComponents).where(eq(gradeComponents.courseId, course));
    expect(stored.map((c) => ({ name: c.name, weight: c.weight })).sort((a, b) => a.weight - b.weight)).toEqual([...DEFAULT_GRADE_ITEMS]);
    // What every answer shows is what is stored (the same ids), and the storing is audited once.
    for (const b of books) expect(b.body.data!.components.map((c) => c.id).sort()).toEqual(stored.map((c) => c.id).sort());
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'grade.components'), eq(auditLog.entityId, String(course))))).toHaveLength(1);
    // Another teacher opening it stores nothing and is refused.
    const stranger = (await makeTeachersCourse(t.db, teacher.accountId, '别人打不开')).id;
    expect((await bookOf(stranger, other.token)).body).toMatchObject({ status: 4001, msg: MSG.NO_PERMISSION });
    expect(await t.db.select().from(gradeComponents).where(eq(gradeComponents.courseId, stranger))).toHaveLength(0);
  });

  it('an item fed by assignments takes the graded scores (points over points), the final follows grading; an override replaces it and can be cleared', async () => {
    const course = (await makeTeachersCourse(t.db, teacher.accountId, '作业计分')).id;
    const student = await enrolledStudent(t, [course], '周同学');
    const classmate = await enrolledStudent(t, [course], '吴同学');
    const a1 = await gradedWork(course, student, 10, 8); // 8/10
    const a2 = await gradedWork(course, student, 20, 13); // 13/20 → (8+13)/30 = 70.0
    const scheme = await put(course, 'components', { components: [{ name: '作业', weight: 60, assignment_ids: [a1.id, a2.id] }, { name: '期末', weight: 40 }] });
    expect(scheme.body.status).toBe(200);
    const [hw, exam] = scheme.body.data!.components;
    expect(hw).toMatchObject({ name: '作业', assignment_ids: [a1.id, a2.id] });
    expect(scheme.body.data!.assignments.map((a) => a.id)).toEqual(expect.arrayContaining([a1.id, a2.id]));
    const rowOf = (b: TeacherGradeBook, id: number) => b.students.find((s) => s.student_id === id)!;
    expect(rowOf(scheme.body.data!, student.accountId).values[String(hw!.id)]).toEqual({ value: 70, source: 'assignments', computed: 70, graded: 2, total: 2 });
    // Nothing graded for the classmate: the item has no value yet, and so no final (never a low grade by omission).
    expect(rowOf(scheme.body.data!, classmate.accountId)).toMatchObject({ final_grade: null, values: { [String(hw!.id)]: { value: null, graded: 0, total: 2 } } });

    // A typed score goes to the hand-entered item only; an override only to a fed one.
    expect((await put(course, `student/${student.accountId}`, { scores: { [String(hw!.id)]: 90 } })).body).toMatchObject({ status: 4003, msg: GRADE_ITEM_MSG.FED_ITEM_NO_SCORE.replace('{0}', '作业') });
    expect((await put(course, `student/${student.accountId}`, { scores: {}, overrides: { [String(exam!.id)]: 90 } })).body).toMatchObject({ status: 4003, msg: GRADE_ITEM_MSG.MANUAL_ITEM_NO_OVERRIDE.replace('{0}', '期末') });
    const typed = await put(course, `student/${student.accountId}`, { scores: { [String(exam!.id)]: 85 } });
    expect(rowOf(typed.body.data!, student.accountId)).toMatchObject({ final_grade: 76, letter: 'C' }); // 70×0.6 + 85×0.4
    const [stored] = await t.db.select().from(courseGrades).where(and(eq(courseGrades.courseId, course), eq(courseGrades.studentId, student.accountId)));
    expect(stored!.finalGrade).toBe(76);

    // Grading a third assignment of the group moves the final, in the book and in the stored row other pages read.
    const a3 = await gradedWork(course, student, 10, 10);
    await put(course, 'components', { components: [{ id: hw!.id, name: '作业', weight: 60, assignment_ids: [a1.id, a2.id, a3.id] }, { id: exam!.id, name: '期末', weight: 40 }] });
    const more = (await bookOf(course)).body.data!;
    expect(rowOf(more, student.accountId).values[String(hw!.id)]).toMatchObject({ value: 77.5, graded: 3 }); // 31/40
    expect(rowOf(more, student.accountId).final_grade).toBe(80.5);
    const a4 = (await call<Assignment>(t.app, 'POST', '/api/teacher/assignment', { token: teacher.token, body: assignmentBody(course, later(HOUR), { title: '第四次', max_score: 10 }) })).body.data!;
    await put(course, 'components', { components: [{ id: hw!.id, name: '作业', weight: 60, assignment_ids: [a1.id, a2.id, a3.id, a4.id] }, { id: exam!.id, name: '期末', weight: 40 }] });
    const sub4 = (await call<Submission>(t.app, 'POST', `/api/student/assignment/${a4.id}/submit`, { token: student.token, body: { text: '第四次' } })).body.data!;
    // Handed in, not graded: it does not count yet.
    expect(rowOf((await bookOf(course)).body.data!, student.accountId).values[String(hw!.id)]).toMatchObject({ value: 77.5, graded: 3, total: 4 });
    await call(t.app, 'PUT', `/api/teacher/submission/${sub4.id}/grade`, { token: teacher.token, body: { score: 0, comment: '' } });
    const [afterGrading] = await t.db.select().from(courseGrades).where(and(eq(courseGrades.courseId, course), eq(courseGrades.studentId, student.accountId)));
    expect(afterGrading!.finalGrade).toBe(71.2); // 31/50 = 62.0 → 62×0.6 + 85×0.4

    // The teacher overrides the computed item; the computed value stays visible beside it; null clears it.
    const overridden = await put(course, `student/${student.accountId}`, { scores: { [String(exam!.id)]: 85 }, overrides: { [String(hw!.id)]: 95 } });
    expect(rowOf(overridden.body.data!, student.accountId)).toMatchObject({ final_grade: 91, values: { [String(hw!.id)]: { value: 95, source: 'override', computed: 62 } } });
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'grade.update'), eq(auditLog.entityId, `${course}:${student.accountId}`))).orderBy(auditLog.id);
    expect(audit.at(-1)!.after).toMatchObject({ overrides: { [String(hw!.id)]: 95 }, final_grade: 91 });
    const cleared = await put(course, `student/${student.accountId}`, { scores: { [String(exam!.id)]: 85 }, overrides: { [String(hw!.id)]: null } });
    expect(rowOf(cleared.body.data!, student.accountId)).toMatchObject({ final_grade: 71.2, overrides: {} });

    // Published: the student reads the item's value as it counts, and the final.
    const published = await put(course, 'publish', { publish_at: t.clock.now().toISOString() });
    expect(published.body).toMatchObject({ status: 200, msg: GRADE_ITEM_MSG.PUBLISHED, data: { published: true } });
    const mine = await call<StudentGrade>(t.app, 'GET', `/api/student/grades/${course}`, { token: student.token });
    expect(mine.body.data).toMatchObject({ final_grade: 71.2, components: [{ name: '作业', score: 62 }, { name: '期末', score: 85 }] });
    // A classmate never sees another's values.
    expect((await call<StudentGrade>(t.app, 'GET', `/api/student/grades/${course}`, { token: classmate.token })).body.data).toMatchObject({ final_grade: null });

    // Deleting an assignment takes it out of the item and the finals follow.
    expect((await call(t.app, 'DELETE', `/api/teacher/assignment/${a4.id}`, { token: teacher.token })).body.status).toBe(200);
    const [item] = await t.db.select().from(gradeComponents).where(eq(gradeComponents.id, hw!.id));
    expect(item!.assignmentIds).toEqual([a1.id, a2.id, a3.id]);
    const [afterDelete] = await t.db.select().from(courseGrades).where(and(eq(courseGrades.courseId, course), eq(courseGrades.studentId, student.accountId)));
    expect(afterDelete!.finalGrade).toBe(80.5);
  });

  it('an item may be fed only by the course’s own assignments, each in one item; turning an item typed clears its override', async () => {
    const course = (await makeTeachersCourse(t.db, teacher.accountId, '作业归属')).id;
    const elsewhere = (await makeTeachersCourse(t.db, teacher.accountId, '另一门课')).id;
    const student = await enrolledStudent(t, [course, elsewhere], '郑同学');
    const mine = await gradedWork(course, student, 100, 90);
    const foreign = await gradedWork(elsewhere, student, 100, 50);
    expect((await put(course, 'components', { components: [{ name: '作业', weight: 100, assignment_ids: [foreign.id] }] })).body).toMatchObject({ status: 4003, msg: GRADE_ITEM_MSG.ASSIGNMENT_NOT_IN_COURSE });
    expect((await put(course, 'components', { components: [{ name: '作业', weight: 50, assignment_ids: [mine.id] }, { name: '复习', weight: 50, assignment_ids: [mine.id] }] })).body).toMatchObject({ status: 4003, msg: GRADE_ITEM_MSG.ASSIGNMENT_IN_TWO_ITEMS });
    const fed = await put(course, 'components', { components: [{ name: '作业', weight: 100, assignment_ids: [mine.id] }] });
    const [hw] = fed.body.data!.components;
    expect(fed.body.data!.students[0]).toMatchObject({ final_grade: 90 });
    await put(course, `student/${student.accountId}`, { scores: {}, overrides: { [String(hw!.id)]: 60 } });
    const typed = await put(course, 'components', { components: [{ id: hw!.id, name: '作业', weight: 100, assignment_ids: [] }] });
    expect(typed.body.data!.students[0]).toMatchObject({ overrides: {}, final_grade: null, values: { [String(hw!.id)]: { source: 'manual', value: null } } });
  });

  it('grade entries racing scheme replaces are each checked against the items at their commit: no 5xx, and the stored final is what the stored items compute', async () => {
    const course = (await makeTeachersCourse(t.db, teacher.accountId, '并发录入')).id;
    const student = await enrolledStudent(t, [course], '冯同学');
    const a = await gradedWork(course, student, 100, 80);
    const first = await put(course, 'components', { components: [{ name: '作业', weight: 50, assignment_ids: [a.id] }, { name: '期末', weight: 50 }] });
    const [hw, exam] = first.body.data!.components;
    const typedAll = { components: [{ id: hw!.id, name: '作业', weight: 50, assignment_ids: [] }, { id: exam!.id, name: '期末', weight: 50 }] };
    const fedAgain = { components: [{ id: hw!.id, name: '作业', weight: 50, assignment_ids: [a.id] }, { id: exam!.id, name: '期末', weight: 50 }] };
    const entry = { scores: { [String(exam!.id)]: 70 }, overrides: { [String(hw!.id)]: 100 } };
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 3 === 0 ? put(course, 'components', i % 2 ? typedAll : fedAgain) : put(course, `student/${student.accountId}`, entry))),
    );
    expect(results.every((r) => r.http < 500)).toBe(true);
    for (const r of results.filter((x) => x.body.status !== 200)) expect(r.body).toMatchObject({ status: 4003, msg: GRADE_ITEM_MSG.MANUAL_ITEM_NO_OVERRIDE.replace('{0}', '作业') });
    const book = (await bookOf(course)).body.data!;
    const [stored] = await t.db.select().from(courseGrades).where(and(eq(courseGrades.courseId, course), eq(courseGrades.studentId, student.accountId)));
    expect(stored!.finalGrade).toBe(book.students[0]!.final_grade);
  });

  it('publishing now says 成绩已发布; a set time says when; withdrawing says so; another teacher cannot', async () => {
    const course = (await makeTeachersCourse(t.db, teacher.accountId, '发布成绩')).id;
    await bookOf(course);
    expect((await put(course, 'publish', { publish_at: later(HOUR).toISOString() })).body).toMatchObject({ status: 200, msg: COURSEWORK_MSG.PUBLISH_SAVED, data: { published: false } });
    expect((await put(course, 'publish', { publish_at: t.clock.now().toISOString() })).body).toMatchObject({ status: 200, msg: GRADE_ITEM_MSG.PUBLISHED, data: { published: true } });
    expect((await put(course, 'publish', { publish_at: null })).body).toMatchObject({ status: 200, msg: GRADE_ITEM_MSG.PUBLISH_WITHDRAWN, data: { published: false, publish_at: null } });
    expect((await put(course, 'publish', { publish_at: t.clock.now().toISOString() }, other.token)).body).toMatchObject({ status: 4001, msg: MSG.NO_PERMISSION });
  });
});
