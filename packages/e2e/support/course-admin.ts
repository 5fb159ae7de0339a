// Courses and enrolments made through the admin's APIs (/api/admin/courses, /api/admin/course-detail/…/students),
// so browser tests need no database access and run on the embedded DB.
import { callApi, type Envelope } from './api.ts';
import { DEMO, DEMO_PASSWORD } from './demo-accounts.ts';
import { loginViaApi } from './journey.ts';

async function ok<T>(what: string, answer: Promise<Envelope<T>>): Promise<T> {
  const res = await answer;
  if (res.status !== 200) throw new Error(`${what}: ${String(res.status)} ${res.msg}`);
  return res.data as T;
}

export const adminToken = (baseURL: string) => loginViaApi(baseURL, DEMO.admin, DEMO_PASSWORD);

/** A published 第一期 course open to every venue, taught by the teacher with that phone (default 王老师). */
export async function adminCourse(
  baseURL: string,
  admin: string,
  c: { code: string; title: string; capacity?: number; teacherPhone?: string; meetings?: Array<{ starts_at: string; ends_at: string }> },
): Promise<{ id: number; period: number }> {
  const teachers = await ok('teachers', callApi<Array<{ id: number; phone: string; name: string }>>(baseURL, 'GET', '/api/admin/teachers', { token: admin }));
  const teacher = teachers.find((t) => t.phone === (c.teacherPhone ?? DEMO.teacher));
  if (!teacher) throw new Error('teacher not found');
  const body = {
    code: c.code,
    title: c.title,
    teacher_id: teacher.id,
    teacher_name: teacher.name,
    category: 'seminar',
    session_key: 'first',
    capacity: c.capacity ?? 20,
    meetings: (c.meetings ?? []).map((m) => ({ ...m, location: '线上' })),
  };
  const made = await ok('course', callApi<{ id: number; period: number }>(baseURL, 'POST', '/api/admin/courses', { token: admin, body }));
  return { id: made.id, period: made.period };
}

/** The admin adds the student to the course (the roster's 添加). */
export async function adminEnrol(baseURL: string, admin: string, course: { id: number; period: number }, studentId: number): Promise<void> {
  await ok('enrol', callApi(baseURL, 'POST', `/api/admin/course-detail/${course.id}/${course.period}/students`, { token: admin, body: { student_id: studentId } }));
}
