/** Fixtures of the course-work tests: teachers who own courses, enrolled students, an assignment body. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { courses } from '../../db/schema-courses.ts';
import { enrolments } from '../../db/schema-course-centre.ts';
import { call, createStaffToken } from '../../test/flows.ts';
import { payingStudent } from '../payments/payment-test-kit.ts';

type T = { app: FastifyInstance; db: Db };
let serial = 0;

/** A plain teacher (type 1) and their account id. */
export async function makeTeacher(t: T, name = '王老师') {
  const token = await createStaffToken(t, 'teacher');
  const info = await call<{ user_id?: number }>(t.app, 'GET', '/api/teacher/info', { token });
  const accountId = info.body.data?.user_id;
  if (!accountId) throw new Error('no teacher info');
  await t.db.update(accounts).set({ name }).where(eq(accounts.id, accountId));
  return { token, accountId };
}

export async function makeTeachersCourse(db: Db, teacherId: number | null, title = `课程${(serial += 1)}`) {
  const [c] = await db.insert(courses).values({ code: `CW${(serial += 1)}`, title, teacherId, teacherName: '王老师', category: 'seminar', sessionKey: 'first', capacity: 30 }).returning();
  return c!;
}

export async function enrolledStudent(t: T, courseIds: number[], name = '张小明') {
  const s = await payingStudent(t, { offer: 1, name });
  for (const courseId of courseIds) await t.db.insert(enrolments).values({ studentId: s.accountId, courseId, source: 'admin' });
  return s;
}

export function assignmentBody(courseId: number, dueAt: Date, extra: Record<string, unknown> = {}) {
  return { course_id: courseId, title: '读书报告', instructions: '<p>阅读第一章并写<strong>读书报告</strong></p><script>alert(1)</script>', due_at: dueAt.toISOString(), allowed_types: ['pdf'], max_size_mb: 5, ...extra };
}
