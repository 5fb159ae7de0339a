/**
 * Who may act on a course's office hours and feedback: whoever `teaching/access.ts` lets in (its teacher, an
 * attached TF, staff and admins; decision 050). A course that does not exist answers exactly like a course that
 * is not yours (无权限访问！), so ids cannot be probed.
 */
import { eq } from 'drizzle-orm';
import { AppError } from '@summit/domain/errors';
import type { AppContext, AuthState } from '../../http/context.ts';
import { courses } from '../../db/schema-courses.ts';
import { assertCourseAccess as assertTeachingAccess } from '../teaching/access.ts';

export type CourseRow = typeof courses.$inferSelect;

export async function assertCourseAccess(ctx: Pick<AppContext, 'db'>, auth: AuthState, courseId: number): Promise<CourseRow> {
  await assertTeachingAccess(ctx.db, auth, courseId);
  const [course] = await ctx.db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw AppError.forbidden();
  return course;
}
