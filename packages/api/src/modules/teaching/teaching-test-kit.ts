/** Fixtures of the teaching tests (and the check-in bench): staff of each teacher type, courses with meetings, seats. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { courseMeetings, courses } from '../../db/schema-courses.ts';
import { enrolments } from '../../db/schema-course-centre.ts';
import { hashPassword } from '../../lib/password.ts';
import { TEST_PASSWORD, call, newPhone } from '../../test/flows.ts';

let serial = 0;

export interface Staff {
  id: number;
  token: string;
}

/** A teacher account of the given type (1 teacher, 2 TF, 3 CSL, 4 staff, 9 admin), logged in. */
export async function staffOfType(t: { app: FastifyInstance; db: Db }, teacherType: 1 | 2 | 3 | 4 | 9, name = `老师${teacherType}`): Promise<Staff> {
  const phone = newPhone();
  const [row] = await t.db
    .insert(accounts)
    .values({ role: 'teacher', phone, name, passwordHash: await hashPassword(TEST_PASSWORD, 8192), isAdmin: teacherType === 9, teacherType })
    .returning({ id: accounts.id });
  const res = await call<{ token: string }>(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: TEST_PASSWORD } });
  if (!res.body.data?.token) throw new Error(`login failed: ${res.body.msg}`);
  return { id: row!.id, token: res.body.data.token };
}

/** A course taught by `teacherId` with meetings starting at the given instants (90 minutes each). */
export async function courseWithMeetings(db: Db, teacherId: number | null, starts: Date[], title = `课程${(serial += 1)}`) {
  serial += 1;
  const [c] = await db
    .insert(courses)
    .values({ code: `T${serial}`, title, category: 'seminar', sessionKey: 'first', period: 1, capacity: 1000, teacherId, teacherName: '测试老师' })
    .returning();
  const meetings = [];
  for (const start of starts) {
    const [m] = await db
      .insert(courseMeetings)
      .values({ courseId: c!.id, startsAt: start, endsAt: new Date(start.getTime() + 90 * 60_000), location: '线上' })
      .returning();
    meetings.push(m!);
  }
  return { course: c!, meetings };
}

/** Gives the student a seat (as an admin placement would; the seat counter moves with it). */
export async function enrol(db: Db, studentId: number, courseId: number): Promise<void> {
  await db.insert(enrolments).values({ studentId, courseId, source: 'admin' });
}
