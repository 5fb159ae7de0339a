/**
 * The admin's roster of one course (docs/product/screens-and-routes.md admin course-detail/{id}/{period}/{tab}, tab "students"; decision 056):
 * enrolled students, the waitlist, adding a paid student of the course's session and venue, removing one.
 */
import { z } from 'zod';
import { MSG } from '../messages.ts';
import { SESSION_KEYS } from '../programme-terms.ts';
import { idSchema, queryIdSchema, requestObjectSchema, DB_INT_MAX } from './common.ts';

const err = { error: MSG.PARAM_INVALID };

export const COURSE_ADMIN_MSG = {
  COURSE_NOT_FOUND: '课程不存在',
  NOT_ELIGIBLE: '只能添加本期本会场已缴费的学生',
  ADDED: '已添加学生',
  REMOVED: '已移除学生',
  NOTICE_ADDED_TITLE: '课程调整',
  NOTICE_REMOVED_TITLE: '课程调整',
  noticeAdded: (title: string) => `管理员已为你选上《${title}》，请在课表中查看上课时间。`,
  noticeRemoved: (title: string) => `管理员已将你移出《${title}》，如有疑问请联系教务老师。`,
} as const;

export const ENROLMENT_SOURCES = ['grab', 'allocation', 'waitlist', 'admin'] as const;
export type EnrolmentSource = (typeof ENROLMENT_SOURCES)[number];
/** How a student got the seat, as the admin's roster shows it. */
export const ENROLMENT_SOURCE_LABEL: Record<EnrolmentSource, string> = { grab: '抢课', allocation: '志愿分配', waitlist: '候补递补', admin: '管理员添加' };

export const courseRosterParamsSchema = z.object({ course_id: queryIdSchema, period: queryIdSchema });
export const courseRosterStudentParamsSchema = z.object({ course_id: queryIdSchema, period: queryIdSchema, student_id: queryIdSchema });

export const courseRosterAddRequestSchema = requestObjectSchema({ student_id: z.number(err).int(err).positive(err).max(DB_INT_MAX, err) });
export type CourseRosterAddRequest = z.infer<typeof courseRosterAddRequestSchema>;

export const courseRosterCandidatesQuerySchema = requestObjectSchema({ keyword: z.string(err).trim().min(1, { error: '请输入姓名或手机号' }).max(40, err) });
export type CourseRosterCandidatesQuery = z.infer<typeof courseRosterCandidatesQuerySchema>;

const rosterStudentBase = {
  student_id: idSchema,
  name: z.string(),
  /** Masked 138****0001. */
  phone: z.string(),
  school: z.string(),
  house: z.string().nullable(),
};

export const courseRosterSchema = z.object({
  course: z.object({
    id: idSchema,
    code: z.string(),
    title: z.string(),
    teacher_name: z.string(),
    period: z.number().int(),
    session_key: z.enum(SESSION_KEYS),
    venue: z.string().nullable(),
    capacity: z.number().int(),
    taken: z.number().int(),
  }),
  students: z.array(z.object({ ...rosterStudentBase, source: z.enum(ENROLMENT_SOURCES), enrolled_at: z.string() })),
  waitlist: z.array(z.object({ ...rosterStudentBase, position: z.number().int(), joined_at: z.string() })),
});
export type CourseRoster = z.infer<typeof courseRosterSchema>;

export const courseRosterCandidateSchema = z.object({ ...rosterStudentBase, enrolled: z.boolean() });
export type CourseRosterCandidate = z.infer<typeof courseRosterCandidateSchema>;
export const courseRosterCandidateListSchema = z.array(courseRosterCandidateSchema);
