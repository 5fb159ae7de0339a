/**
 * The admin's roster of one course (decision 056): list, search eligible students, add (a seat by the course
 * centre's takeSeat with source "admin"), remove (dropSeat, which promotes the waitlist). Both audited with the
 * admin as actor (the seat functions write the audit row in their transaction); the student gets a notice.
 */
import {
  AppError,
  COURSE_ADMIN_MSG,
  COURSE_CENTRE_MSG,
  SESSION_NAMES,
  maskPhone,
  seatRuleViolation,
  type CourseRoster,
  type CourseRosterCandidate,
  type HeldCourse,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { dropSeat, findCourse, takeSeat, type CourseRow } from '../course-centre/course-centre.queries.ts';
import { insertNotice, isEligible, listEnrolled, listWaiting, searchEligible, venueNameOf, type RosterPerson } from './course-admin.repo.ts';

const toHeld = (c: CourseRow): HeldCourse => ({ id: c.id, title: c.title, category: c.category, meetings: c.meetings.map((m) => ({ start: m.startsAt.getTime(), end: m.endsAt.getTime() })) });

/** The course the path names: its id and its period must both match, else 课程不存在. */
async function requireCourse(ctx: AppContext, courseId: number, period: number): Promise<CourseRow> {
  const course = await findCourse(ctx.db, courseId);
  if (!course || course.period !== period) throw AppError.message(COURSE_ADMIN_MSG.COURSE_NOT_FOUND);
  return course;
}

const adminId = (auth: AuthState): number => auth.accountId;

const personOut = (p: RosterPerson) => ({ student_id: p.studentId, name: p.name, phone: maskPhone(p.phone), school: p.school, house: p.house });

export async function getRoster(ctx: AppContext, courseId: number, period: number): Promise<CourseRoster> {
  const course = await requireCourse(ctx, courseId, period);
  const [venue, enrolled, waiting] = await Promise.all([venueNameOf(ctx.db, course.venueId), listEnrolled(ctx.db, course.id), listWaiting(ctx.db, course.id)]);
  return {
    course: {
      id: course.id,
      code: course.code,
      title: course.title,
      teacher_name: course.teacherName,
      period: course.period,
      session_key: course.sessionKey,
      venue,
      capacity: course.capacity,
      taken: course.taken,
    },
    students: enrolled.map((e) => ({ ...personOut(e), source: e.source, enrolled_at: e.enrolledAt.toISOString() })),
    waitlist: waiting.map((w, i) => ({ ...personOut(w), position: i + 1, joined_at: w.joinedAt.toISOString() })),
  };
}

export async function searchCandidates(ctx: AppContext, courseId: number, period: number, keyword: string): Promise<CourseRosterCandidate[]> {
  const course = await requireCourse(ctx, courseId, period);
  const rows = await searchEligible(ctx.db, course, SESSION_NAMES[course.sessionKey], keyword);
  return rows.map((r) => ({ ...personOut(r), enrolled: r.enrolled }));
}

export async function addStudent(ctx: AppContext, auth: AuthState, courseId: number, period: number, studentId: number): Promise<CourseRoster> {
  const actorId = adminId(auth);
  const course = await requireCourse(ctx, courseId, period);
  if (!(await isEligible(ctx.db, course, SESSION_NAMES[course.sessionKey], studentId))) throw AppError.message(COURSE_ADMIN_MSG.NOT_ELIGIBLE);
  const candidate = toHeld(course);
  const now = ctx.now();
  await takeSeat(ctx.db, { studentId, courseId: course.id, roundId: null, source: 'admin', actorId, now, check: (held) => seatRuleViolation(candidate, held) });
  await insertNotice(ctx.db, studentId, COURSE_ADMIN_MSG.NOTICE_ADDED_TITLE, COURSE_ADMIN_MSG.noticeAdded(course.title), now);
  return getRoster(ctx, course.id, course.period);
}

export async function removeStudent(ctx: AppContext, auth: AuthState, courseId: number, period: number, studentId: number): Promise<CourseRoster> {
  const actorId = adminId(auth);
  const course = await requireCourse(ctx, courseId, period);
  const candidate = toHeld(course);
  const now = ctx.now();
  await dropSeat(ctx.db, {
    studentId,
    courseId: course.id,
    actorId,
    now,
    canTake: (held) => seatRuleViolation(candidate, held) === null,
    notice: (title) => ({ title: COURSE_CENTRE_MSG.PROMOTED_TITLE, body: `你已从候补名单补选《${title}》，请在课表中查看上课时间。` }),
  });
  await insertNotice(ctx.db, studentId, COURSE_ADMIN_MSG.NOTICE_REMOVED_TITLE, COURSE_ADMIN_MSG.noticeRemoved(course.title), now);
  return getRoster(ctx, course.id, course.period);
}
