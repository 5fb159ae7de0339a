/**
 * Who may act on a course as its teacher. Helper "teacha" builds the shared `modules/teaching/access.ts` with the
 * same signature (TF attachments, CSL houses, staff); at merge this file is replaced by a re-export of it.
 * Here: the course's teacher of record, or an admin. A course that does not exist answers exactly like a course
 * that is not yours (无权限访问！), so ids cannot be probed.
 */
import { eq } from 'drizzle-orm';
import { AppError } from '@summit/domain/errors';
import type { AppContext, AuthState } from '../../http/context.ts';
import { courses } from '../../db/schema-courses.ts';

export type CourseRow = typeof courses.$inferSelect;

export async function assertCourseAccess(ctx: Pick<AppContext, 'db'>, auth: AuthState, courseId: number): Promise<CourseRow> {
  const [course] = await ctx.db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw AppError.forbidden();
  if (auth.role !== 'teacher') throw AppError.forbidden();
  if (auth.isAdmin || course.teacherId === auth.accountId) return course;
  throw AppError.forbidden();
}
