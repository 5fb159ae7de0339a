/**
 * Who may act on a course's work: whoever `teaching/access.ts` lets in (its teacher, an attached TF, staff and
 * admins; decision 050). A course that does not exist answers exactly like one that is not yours.
 */
import { eq } from 'drizzle-orm';
import { AppError } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { courses } from '../../db/schema-courses.ts';
import { assertCourseAccess as assertTeachingAccess, type CourseAccessAccount } from '../teaching/access.ts';

export type CourseRow = typeof courses.$inferSelect;

export async function assertCourseAccess(db: Db, account: CourseAccessAccount, courseId: number): Promise<CourseRow> {
  await assertTeachingAccess(db, account, courseId);
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!course) throw AppError.forbidden();
  return course;
}
