/**
 * Who may act on a course as its teacher: the account named in courses.teacher_id, or an admin. Same signature as
 * teaching/access.ts (helper "teacha", issue 12 item 1) so the integrator can swap this local copy for it.
 * A course that does not exist answers exactly like one that is not yours: its existence is not revealed.
 */
import { eq } from 'drizzle-orm';
import { AppError } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import type { AuthState } from '../../http/context.ts';
import { courses } from '../../db/schema-courses.ts';

export type CourseRow = typeof courses.$inferSelect;

export async function assertCourseAccess(db: Db, account: Pick<AuthState, 'accountId' | 'isAdmin' | 'role'>, courseId: number): Promise<CourseRow> {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!course || account.role !== 'teacher') throw AppError.forbidden();
  if (account.isAdmin || course.teacherId === account.accountId) return course;
  throw AppError.forbidden();
}
