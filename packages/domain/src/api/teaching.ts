/**
 * The teacher's area and class attendance (decisions 050/051): course access by teacher type, the
 * course detail (roster, meetings, attendance), QR check-in sessions with rotating signed tokens, the teacher's
 * overrides with their audit, the student's attendance and calendar (with an .ics feed).
 */
import { z } from 'zod';
import { SESSION_KEYS } from '../programme-terms.ts';
import { MSG } from '../messages.ts';
import { DB_INT_MAX, boundedStringSchema, queryIdSchema, requestObjectSchema, timestampSchema } from './common.ts';

/** Teacher types by name (their labels: roles.ts TEACHER_TYPES). */
export const TEACHER_TYPE = { TEACHER: 1, TF: 2, CSL: 3, STAFF: 4, ADMIN: 9 } as const;

/** How an account reaches a course: its teacher, an attached TF, or staff/admin (who reach every course). */
export const COURSE_ACCESS_LEVELS = ['teacher', 'assistant', 'admin'] as const;
export type CourseAccessLevel = (typeof COURSE_ACCESS_LEVELS)[number];

/** The rotating QR code: a token is made for each period and accepted during it and the next (two periods). */
export const CHECKIN_PERIOD_MS = 15_000;
export const CHECKIN_PERIODS_VALID = 2;
export const CHECKIN_DEFAULT_LATE_MINUTES = 10;

export const ATTENDANCE_STATUSES = ['present', 'late', 'excused', 'absent'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = { present: '出勤', late: '迟到', excused: '请假', absent: '缺勤' };

export const TEACHING_MSG = {
  COURSE_NOT_FOUND: '课程不存在',
  MEETING_NOT_FOUND: '课次不存在',
  SIGN_NOT_FOUND: '签到不存在',
  STUDENT_NOT_IN_COURSE: '该学生未选这门课',
  SIGN_OPENED: '签到已开启',
  SIGN_CLOSED: '签到已结束',
  SIGN_NOT_OPEN: '签到未开启或已结束',
  /** A scan after the sign-in ended (the teacher's 结束签到 or its set end). */
  SIGN_ENDED: '本次签到已结束，不能再签到；如未签到，请联系任课老师',
  TOKEN_INVALID: '二维码无效，请重新扫描老师屏幕上的二维码',
  TOKEN_EXPIRED: '二维码已过期，请重新扫描老师屏幕上的二维码',
  NOT_ENROLLED: '你未选这门课，不能签到',
  CHECKED_IN: '签到成功',
  CHECKED_IN_LATE: '签到成功（迟到）',
  ALREADY: '你已签到，无需重复签到',
  OVERRIDDEN: '已修改出勤状态',
  LATE_MINUTES: '迟到分钟数须为 0–240 的整数',
  DURATION_MINUTES: '签到时长须为 1–600 分钟',
  NOTE: '备注最多 200 字',
  STATUS: '请选择出勤状态',
  ASSISTANT_NOT_TF: '只能添加助教（TF）账号',
  ASSISTANT_ADDED: '已添加助教',
  ASSISTANT_REMOVED: '已移除助教',
  FEED_RESET: '已重置订阅链接，旧链接已失效',
  FEED_INVALID: '订阅链接无效或已失效',
  CSL_ONLY: '只能为学院导师（CSL）账号设置负责学院',
  HOUSE_NOT_FOUND: '学院不存在',
  CSL_HOUSE_SET: '已设置负责学院',
} as const;

const int4 = (msg: string = MSG.PARAM_INVALID) => z.number({ error: msg }).int({ error: msg }).positive({ error: msg }).max(DB_INT_MAX, { error: msg });

// Params --------------------------------------------------------------------------------------------------

export const teachingIdParamsSchema = z.object({ id: queryIdSchema });
export const courseDetailParamsSchema = z.object({ course_id: queryIdSchema, period: z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }).max(20, { error: MSG.PARAM_INVALID }) });
export const signStudentParamsSchema = z.object({ id: queryIdSchema, student_id: queryIdSchema });
export const courseAssistantParamsSchema = z.object({ id: queryIdSchema, account_id: queryIdSchema });
export const calendarFeedParamsSchema = z.object({ token: z.string().regex(/^[0-9]{1,10}\.[0-9]{1,6}\.[A-Za-z0-9_-]{43}\.ics$/, { error: TEACHING_MSG.FEED_INVALID }) });

// Requests ------------------------------------------------------------------------------------------------

/** POST /api/teacher/sign: open a sign-in for a meeting. */
export const signOpenRequestSchema = requestObjectSchema({
  meeting_id: int4(TEACHING_MSG.MEETING_NOT_FOUND),
  /** Minutes after the meeting's start after which a check-in counts as late. */
  late_minutes: z.number({ error: TEACHING_MSG.LATE_MINUTES }).int({ error: TEACHING_MSG.LATE_MINUTES }).min(0, { error: TEACHING_MSG.LATE_MINUTES }).max(240, { error: TEACHING_MSG.LATE_MINUTES }).default(CHECKIN_DEFAULT_LATE_MINUTES),
  /** How long the sign-in stays open from now; default: until the meeting ends (at least 15 minutes). */
  duration_minutes: z.number({ error: TEACHING_MSG.DURATION_MINUTES }).int({ error: TEACHING_MSG.DURATION_MINUTES }).min(1, { error: TEACHING_MSG.DURATION_MINUTES }).max(600, { error: TEACHING_MSG.DURATION_MINUTES }).optional(),
});
export type SignOpenRequest = z.infer<typeof signOpenRequestSchema>;

/** PUT /api/teacher/sign/{id}/students/{student_id}: the teacher's override. */
export const attendanceOverrideRequestSchema = requestObjectSchema({
  status: z.enum(ATTENDANCE_STATUSES, { error: TEACHING_MSG.STATUS }),
  note: boundedStringSchema(200).default(''),
});
export type AttendanceOverrideRequest = z.infer<typeof attendanceOverrideRequestSchema>;

/** POST /api/student/sign: the token the QR code carried. */
export const checkinRequestSchema = requestObjectSchema({ t: z.string({ error: TEACHING_MSG.TOKEN_INVALID }).min(1, { error: TEACHING_MSG.TOKEN_INVALID }).max(200, { error: TEACHING_MSG.TOKEN_INVALID }) });
export type CheckinRequest = z.infer<typeof checkinRequestSchema>;

/** POST /api/admin/courses/{id}/assistants. */
export const courseAssistantRequestSchema = requestObjectSchema({ account_id: int4() });

/** GET /api/teacher/sign?course_id=: filter of the sign-in list. */
export const signListQuerySchema = requestObjectSchema({ course_id: queryIdSchema.optional() });

/** GET /api/teacher/house?house_id=: a CSL reads their own house; staff and admins name the house. */
export const houseStudentsQuerySchema = requestObjectSchema({ house_id: queryIdSchema.optional() });

/** PUT /api/admin/csl-house/{account_id}: the house a CSL looks after (null: none). */
export const cslHouseParamsSchema = z.object({ account_id: queryIdSchema });
export const cslHouseRequestSchema = requestObjectSchema({ house_id: int4(TEACHING_MSG.HOUSE_NOT_FOUND).nullable() });
export type CslHouseRequest = z.infer<typeof cslHouseRequestSchema>;

// Responses -----------------------------------------------------------------------------------------------

export const teachingMeetingSchema = z.object({ id: z.number().int(), starts_at: timestampSchema, ends_at: timestampSchema, location: z.string(), sign_id: z.number().int().nullable() });
export type TeachingMeeting = z.infer<typeof teachingMeetingSchema>;

export const rosterStudentSchema = z.object({
  student_id: z.number().int(),
  name: z.string(),
  /** Masked (138****0001): the teacher identifies, never copies. */
  phone: z.string(),
  house: z.string().nullable(),
  present: z.number().int(),
  late: z.number().int(),
  excused: z.number().int(),
  absent: z.number().int(),
});
export type RosterStudent = z.infer<typeof rosterStudentSchema>;

export const teacherCourseDetailSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  category: z.string(),
  session_key: z.enum(SESSION_KEYS),
  period: z.number().int(),
  teacher_name: z.string(),
  description: z.string(),
  syllabus: z.string(),
  access: z.enum(COURSE_ACCESS_LEVELS),
  assistants: z.array(z.object({ id: z.number().int(), name: z.string() })),
  meetings: z.array(teachingMeetingSchema),
  roster: z.array(rosterStudentSchema),
  /** Closed sign-ins so far: the denominator of each student's attendance. */
  signs_closed: z.number().int(),
});
export type TeacherCourseDetail = z.infer<typeof teacherCourseDetailSchema>;

export const signSummarySchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string(),
  meeting_id: z.number().int(),
  meeting_starts_at: timestampSchema,
  meeting_ends_at: timestampSchema,
  location: z.string(),
  opens_at: timestampSchema,
  closes_at: timestampSchema,
  late_after: timestampSchema,
  open: z.boolean(),
  enrolled: z.number().int(),
  checked_in: z.number().int(),
});
export type SignSummary = z.infer<typeof signSummarySchema>;

export const signRowSchema = z.object({
  student_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  /** null: no record yet (absent once the sign-in closes). */
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
  source: z.enum(['qr', 'teacher']).nullable(),
  checked_at: timestampSchema.nullable(),
});
export type SignRow = z.infer<typeof signRowSchema>;

export const signChangeSchema = z.object({
  student_id: z.number().int(),
  student_name: z.string(),
  actor_name: z.string(),
  before: z.enum(ATTENDANCE_STATUSES).nullable(),
  after: z.enum(ATTENDANCE_STATUSES),
  note: z.string(),
  at: timestampSchema,
});
export type SignChange = z.infer<typeof signChangeSchema>;

/** The roll call; `course_period` with `course_id` gives its way back to the course (返回课程), open or ended. */
export const signDetailSchema = signSummarySchema.extend({ course_period: z.number().int(), rows: z.array(signRowSchema), changes: z.array(signChangeSchema), server_now: timestampSchema });
export type SignDetail = z.infer<typeof signDetailSchema>;

/** GET /api/teacher/sign/{id}/qrcode: the current token; fetch again at `refresh_at`. */
/** The QR page's data; the course fields give the page its way back to the course (decision 089). */
export const signQrSchema = z.object({ course_id: z.number().int(), course_title: z.string(), course_period: z.number().int(), url: z.string(), token: z.string(), period_ms: z.number().int(), refresh_at: timestampSchema, closes_at: timestampSchema, checked_in: z.number().int(), enrolled: z.number().int() });
export type SignQr = z.infer<typeof signQrSchema>;

export const checkinResultSchema = z.object({ status: z.enum(ATTENDANCE_STATUSES), already: z.boolean(), course_title: z.string(), meeting_starts_at: timestampSchema, checked_at: timestampSchema });
export type CheckinResult = z.infer<typeof checkinResultSchema>;

/** The student's attendance: one row per sign-in of their courses. */
export const myAttendanceRowSchema = z.object({
  sign_id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string(),
  meeting_starts_at: timestampSchema,
  open: z.boolean(),
  /** null while the sign-in is open and nothing is recorded; absent once closed. */
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
});
export type MyAttendanceRow = z.infer<typeof myAttendanceRowSchema>;
export const myAttendanceSchema = z.array(myAttendanceRowSchema);

export const calendarMeetingSchema = z.object({ meeting_id: z.number().int(), course_id: z.number().int(), course_title: z.string(), period: z.number().int(), starts_at: timestampSchema, ends_at: timestampSchema, location: z.string() });
export type CalendarMeeting = z.infer<typeof calendarMeetingSchema>;
/** GET /api/student/calendar: meetings and the subscription address (a capability: revocable by reset). */
export const studentCalendarSchema = z.object({ meetings: z.array(calendarMeetingSchema), feed_url: z.string() });
export type StudentCalendar = z.infer<typeof studentCalendarSchema>;

export const courseAssistantSchema = z.object({ id: z.number().int(), name: z.string(), phone: z.string() });
export type CourseAssistant = z.infer<typeof courseAssistantSchema>;

/** The sign-in's current period number (the QR rotation step). */
export function checkinPeriodOf(nowMs: number): number {
  return Math.floor(nowMs / CHECKIN_PERIOD_MS);
}

/** Present until `late_after`, late from then on. */
export function checkinStatusAt(nowMs: number, lateAfterMs: number): 'present' | 'late' {
  return nowMs < lateAfterMs ? 'present' : 'late';
}

/** GET /api/teacher/course: the courses the account teaches or assists on (every course for staff/admins). */
export const teacherCourseBriefSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  category: z.string(),
  session_key: z.enum(SESSION_KEYS),
  period: z.number().int(),
  teacher_name: z.string(),
  taken: z.number().int(),
  capacity: z.number().int(),
  access: z.enum(COURSE_ACCESS_LEVELS),
});
export type TeacherCourseBrief = z.infer<typeof teacherCourseBriefSchema>;
export const teacherCourseBriefListSchema = z.object({ teacher_type: z.number().int(), courses: z.array(teacherCourseBriefSchema) });
export type TeacherCourseBriefList = z.infer<typeof teacherCourseBriefListSchema>;

export const teachingHouseSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type TeachingHouse = z.infer<typeof teachingHouseSchema>;

/** One student of a house as the CSL sees them: courses and attendance over the closed sign-ins of those courses. */
export const houseStudentSchema = z.object({
  student_id: z.number().int(),
  name: z.string(),
  /** Masked (138****0001). */
  phone: z.string(),
  courses: z.array(z.object({ id: z.number().int(), title: z.string() })),
  present: z.number().int(),
  late: z.number().int(),
  excused: z.number().int(),
  absent: z.number().int(),
});
export type HouseStudent = z.infer<typeof houseStudentSchema>;

/**
 * GET /api/teacher/house: the house shown (a CSL's own; the one staff and admins asked for; null when none),
 * the houses staff and admins may pick from (empty for a CSL), and the house's students.
 */
export const teacherHouseSchema = z.object({ house: teachingHouseSchema.nullable(), houses: z.array(teachingHouseSchema), students: z.array(houseStudentSchema) });
export type TeacherHouse = z.infer<typeof teacherHouseSchema>;

/** GET /api/admin/csl-house: every CSL account and the house each looks after. */
export const cslHouseRowSchema = z.object({ account_id: z.number().int(), name: z.string(), phone: z.string(), house: teachingHouseSchema.nullable() });
export type CslHouseRow = z.infer<typeof cslHouseRowSchema>;
