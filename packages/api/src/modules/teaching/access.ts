/**
 * Who may see and run a course (decision 050). Every teaching endpoint (and teachb's and teachc's)
 * asks here, by course id, before reading anything of the course:
 *   - teacher type 9 or is_admin, and staff (type 4, operations): every course → 'admin'
 *   - the course's teacher (courses.teacher_id) → 'teacher'
 *   - a TF attached to the course (course_assistants) → 'assistant'
 *   - anyone else, students, schools, SLs, disabled accounts, a course that does not exist → null
 * A CSL (type 3) reaches no course by type; they see their house's students (csl_houses, canSeeStudent).
 */
import { AppError, TEACHER_TYPE, type CourseAccessLevel } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import type { AuthState } from '../../http/auth-state.ts';
import { courseLinkOf, cslHouseOf, findCourseRow, findStaff, houseOfStudent, type CourseRecord } from './teaching.repo.ts';

export type CourseAccessAccount = Pick<AuthState, 'accountId' | 'role'> & Partial<Pick<AuthState, 'isAdmin'>>;

/** Staff and admins reach every course. */
export function isAllCourseType(staff: { isAdmin: boolean; teacherType: number | null }): boolean {
  return staff.isAdmin || staff.teacherType === TEACHER_TYPE.ADMIN || staff.teacherType === TEACHER_TYPE.STAFF;
}

export async function courseAccess(db: Db, account: CourseAccessAccount, courseId: number): Promise<CourseAccessLevel | null> {
  if (account.role !== 'teacher') return null;
  const staff = await findStaff(db, account.accountId);
  if (!staff || staff.role !== 'teacher' || staff.disabled) return null;
  const link = await courseLinkOf(db, courseId, account.accountId);
  if (!link) return null;
  if (isAllCourseType(staff)) return 'admin';
  if (link.teacherId === account.accountId) return 'teacher';
  if (link.assistant) return 'assistant';
  return null;
}

/** As courseAccess, but a caller without access gets 无权限访问！ (403) and learns nothing of the course. */
export async function assertCourseAccess(db: Db, account: CourseAccessAccount, courseId: number): Promise<CourseAccessLevel> {
  const level = await courseAccess(db, account, courseId);
  if (!level) throw AppError.forbidden();
  return level;
}

/** Whether a teacher account may see a student's records outside a course: staff/admin, or the CSL of their house. */
export async function canSeeStudent(db: Db, account: CourseAccessAccount, studentId: number): Promise<boolean> {
  if (account.role !== 'teacher') return false;
  const staff = await findStaff(db, account.accountId);
  if (!staff || staff.role !== 'teacher' || staff.disabled) return false;
  if (isAllCourseType(staff)) return true;
  if (staff.teacherType !== TEACHER_TYPE.CSL) return false;
  const house = await cslHouseOf(db, account.accountId);
  return house !== null && house === (await houseOfStudent(db, studentId));
}

export type AccessibleCourse = CourseRecord;

/** As assertCourseAccess, answering the course's row (for modules that go on to read or change it). */
export async function loadAccessibleCourse(db: Db, account: CourseAccessAccount, courseId: number): Promise<AccessibleCourse> {
  await assertCourseAccess(db, account, courseId);
  const course = await findCourseRow(db, courseId);
  if (!course) throw AppError.forbidden();
  return course;
}
