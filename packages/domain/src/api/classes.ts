/**
 * The student's classes after selection (decisions 054, 055): class pages, office hours,
 * course feedback and recommendation letters. Request and response schemas of /api/student/class/*,
 * /api/student/recommend-letters, /api/teacher/hour, /api/teacher/feedback, /api/teacher/recommend-letters and
 * the public letter file and verification.
 */
import { z } from 'zod';
import { MSG } from '../messages.ts';
import { COURSE_CATEGORIES } from '../course-terms.ts';
import { SESSION_KEYS } from '../programme-terms.ts';
import { emailSchema } from '../validation.ts';
import { DB_INT_MAX, boundedStringSchema, idSchema, queryIdSchema, requestObjectSchema } from './common.ts';

/** Decision 054 (office hours, feedback) and 055 (letters). */
export const CLASSES_LIMITS = {
  /** A booking may be cancelled until this many hours before the slot starts. */
  cancelBeforeHours: 2,
  /** A slot lasts at most this long and holds at most this many students. */
  slotMaxMinutes: 240,
  slotMaxCapacity: 20,
  /** A teacher sees feedback averages only once this many students answered (anonymity). */
  feedbackMinForAverages: 3,
  letterRecipientsMax: 5,
  /** Recipients' links open the PDF for this many days after the letter is sent. */
  letterLinkDays: 30,
  letterBodyMax: 40_000,
} as const;

export const CLASSES_MSG = {
  COURSE_NOT_FOUND: '课程不存在',
  NOT_ENROLLED: '你未选修该课程',
  SLOT_NOT_FOUND: '该答疑时段不存在',
  /** A second slot of one course at the same start (a double submit, decision 092). */
  SLOT_DUPLICATE: '该课程在这个时间已有答疑时段',
  SLOT_FULL: '该答疑时段已约满',
  SLOT_STARTED: '该答疑时段已开始或已结束',
  ONE_PER_COURSE: '每门课程同时只能预约一个答疑时段',
  NOT_BOOKED: '你未预约该答疑时段',
  CANCEL_TOO_LATE: `答疑开始前${CLASSES_LIMITS.cancelBeforeHours}小时内不可取消预约`,
  BOOKED: '预约成功',
  CANCELLED: '已取消预约',
  SLOT_IN_PAST: '答疑开始时间须晚于当前时间',
  SLOT_ORDER: '结束时间须晚于开始时间',
  SLOT_TOO_LONG: `单个答疑时段不能超过${CLASSES_LIMITS.slotMaxMinutes / 60}小时`,
  SLOT_CREATED: '答疑时段已发布',
  SLOT_DELETED: '答疑时段已删除',
  SLOT_DELETED_NOTICE: '答疑时段已取消',
  FEEDBACK_NOT_YET: '课程结束后方可评价',
  FEEDBACK_DONE: '你已评价过该课程',
  FEEDBACK_OK: '感谢你的反馈',
  LETTER_NOT_COMPLETED: '仅可向已完成课程的任课教师申请推荐信',
  LETTER_NO_TEACHER: '该课程暂无可申请推荐信的任课教师',
  LETTER_EXISTS: '你已申请过本课程的推荐信',
  LETTER_REQUESTED: '推荐信申请已提交',
  LETTER_NOT_FOUND: '推荐信不存在',
  LETTER_LOCKED: '推荐信已提交，不可修改',
  LETTER_EMPTY: '推荐信内容不能为空',
  LETTER_SAVED: '草稿已保存',
  LETTER_SUBMITTED: '推荐信已提交，并已发送至申请人指定的邮箱',
  LETTER_SEND_FAILED: '部分邮件发送失败，请稍后点击“重新发送”',
  LETTER_LINK_INVALID: '链接无效或已过期',
  LETTER_NOT_SUBMITTED: '推荐信尚未提交',
  LETTER_NOTHING_TO_RESEND: '所有邮件均已发送',
  LETTER_RESENT: '邮件已重新发送',
  RECIPIENT_NAME: '请填写收件人姓名',
  RECIPIENT_EMAIL: '邮箱格式错误！',
  RECIPIENTS: `请填写1-${CLASSES_LIMITS.letterRecipientsMax}位收件人`,
  RATING: '请为每一项打分（1-5分）',
} as const;

export const LETTER_STATUSES = ['requested', 'draft', 'submitted'] as const;
export type LetterStatus = (typeof LETTER_STATUSES)[number];
export const LETTER_STATUS_LABELS: Record<LetterStatus, string> = { requested: '待撰写', draft: '撰写中', submitted: '已提交' };

export const CLASS_COURSE_PHASES = ['upcoming', 'ongoing', 'finished'] as const;
export type ClassCoursePhase = (typeof CLASS_COURSE_PHASES)[number];
export const CLASS_COURSE_PHASE_LABELS: Record<ClassCoursePhase, string> = { upcoming: '未开始', ongoing: '进行中', finished: '已结课' };

export const FEEDBACK_DIMENSIONS = ['content', 'teaching', 'workload'] as const;
export type FeedbackDimension = (typeof FEEDBACK_DIMENSIONS)[number];
export const FEEDBACK_DIMENSION_LABELS: Record<FeedbackDimension, string> = { content: '课程内容', teaching: '教学效果', workload: '课业量适中' };

const bodyIdSchema = z.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).positive({ error: MSG.PARAM_INVALID }).max(DB_INT_MAX, { error: MSG.PARAM_INVALID });
const instantSchema = z.iso.datetime({ offset: true, error: MSG.PARAM_INVALID });
const ratingSchema = z.number({ error: CLASSES_MSG.RATING }).int({ error: CLASSES_MSG.RATING }).min(1, { error: CLASSES_MSG.RATING }).max(5, { error: CLASSES_MSG.RATING });

// Requests ----------------------------------------------------------------------------------------------------

export const classIdParamsSchema = z.object({ id: queryIdSchema });
export const classCourseParamsSchema = z.object({ course_id: queryIdSchema, period: queryIdSchema });
export const classCourseIdParamsSchema = z.object({ course_id: queryIdSchema });
export const smallClassParamsSchema = z.object({ name: boundedStringSchema(40) });
/** A recipient's capability: 43 url-safe characters (256 bits); anything else is simply not found. */
export const letterTokenParamsSchema = z.object({ token: boundedStringSchema(64) });

export const officeHourQuerySchema = requestObjectSchema({ course_id: queryIdSchema });
export const officeHourCreateRequestSchema = requestObjectSchema({
  course_id: bodyIdSchema,
  starts_at: instantSchema,
  ends_at: instantSchema,
  location: boundedStringSchema(100).trim().min(1, { error: '请填写地点或会议链接' }),
  capacity: z.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }).max(CLASSES_LIMITS.slotMaxCapacity, { error: `每个时段最多${CLASSES_LIMITS.slotMaxCapacity}人` }),
  note: boundedStringSchema(200).default(''),
});
export type OfficeHourCreateRequest = z.infer<typeof officeHourCreateRequestSchema>;
export const officeHourBookRequestSchema = requestObjectSchema({ slot_id: bodyIdSchema });

export const feedbackRequestSchema = requestObjectSchema({
  course_id: bodyIdSchema,
  rating_content: ratingSchema,
  rating_teaching: ratingSchema,
  rating_workload: ratingSchema,
  comment: boundedStringSchema(1000).default(''),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export const letterRecipientSchema = requestObjectSchema({
  name: boundedStringSchema(50).trim().min(1, { error: CLASSES_MSG.RECIPIENT_NAME }),
  email: emailSchema,
});
export type LetterRecipient = z.infer<typeof letterRecipientSchema>;
export const letterCreateRequestSchema = requestObjectSchema({
  course_id: bodyIdSchema,
  recipients: z.array(letterRecipientSchema, { error: CLASSES_MSG.RECIPIENTS }).min(1, { error: CLASSES_MSG.RECIPIENTS }).max(CLASSES_LIMITS.letterRecipientsMax, { error: CLASSES_MSG.RECIPIENTS }),
  note: boundedStringSchema(500).default(''),
});
export type LetterCreateRequest = z.infer<typeof letterCreateRequestSchema>;
export const letterWriteRequestSchema = requestObjectSchema({
  body_html: boundedStringSchema(CLASSES_LIMITS.letterBodyMax),
  submit: z.boolean({ error: MSG.PARAM_INVALID }).default(false),
});
export type LetterWriteRequest = z.infer<typeof letterWriteRequestSchema>;

// Responses ---------------------------------------------------------------------------------------------------

const classMeetingSchema = z.object({ starts_at: z.string(), ends_at: z.string(), location: z.string() });

export const officeHourSlotSchema = z.object({
  id: idSchema,
  course_id: idSchema,
  starts_at: z.string(),
  ends_at: z.string(),
  location: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  note: z.string(),
  booked_by_me: z.boolean(),
  /** Whether the student may still cancel their booking (more than cancelBeforeHours ahead). */
  can_cancel: z.boolean(),
});
export type OfficeHourSlot = z.infer<typeof officeHourSlotSchema>;

export const classCourseSchema = z.object({
  id: idSchema,
  code: z.string(),
  title: z.string(),
  category: z.enum(COURSE_CATEGORIES),
  session_key: z.enum(SESSION_KEYS),
  period: z.number().int(),
  teacher_name: z.string(),
  description: z.string(),
  syllabus: z.string(),
  meetings: z.array(classMeetingSchema),
  phase: z.enum(CLASS_COURSE_PHASES),
  feedback_given: z.boolean(),
  can_feedback: z.boolean(),
  can_request_letter: z.boolean(),
});
export type ClassCourse = z.infer<typeof classCourseSchema>;

export const letterStudentViewSchema = z.object({
  id: idSchema,
  course_id: idSchema,
  course_title: z.string(),
  teacher_name: z.string(),
  recipients: z.array(z.object({ name: z.string(), email: z.string() })),
  status: z.enum(LETTER_STATUSES),
  created_at: z.string(),
  submitted_at: z.string().nullable(),
});
export type LetterStudentView = z.infer<typeof letterStudentViewSchema>;

export const classCourseDetailSchema = classCourseSchema.extend({
  office_hours: z.array(officeHourSlotSchema),
  letter: letterStudentViewSchema.nullable(),
});
export type ClassCourseDetail = z.infer<typeof classCourseDetailSchema>;

export const teacherSlotSchema = officeHourSlotSchema.omit({ booked_by_me: true, can_cancel: true }).extend({
  students: z.array(z.object({ student_id: idSchema, name: z.string() })),
});
export type TeacherSlot = z.infer<typeof teacherSlotSchema>;

export const feedbackSummarySchema = z.object({
  course_id: idSchema,
  enrolled: z.number().int(),
  responses: z.number().int(),
  /** null until feedbackMinForAverages students answered. */
  averages: z.record(z.enum(FEEDBACK_DIMENSIONS), z.number()).nullable(),
});
export type FeedbackSummary = z.infer<typeof feedbackSummarySchema>;

export const letterTeacherViewSchema = z.object({
  id: idSchema,
  course_id: idSchema,
  course_title: z.string(),
  student_name: z.string(),
  recipients: z.array(z.object({ name: z.string(), email: z.string() })),
  note: z.string(),
  status: z.enum(LETTER_STATUSES),
  body_html: z.string(),
  created_at: z.string(),
  submitted_at: z.string().nullable(),
  verify_code: z.string().nullable(),
  /** Recipients whose e-mail has not gone out (a failed send); the teacher can resend. */
  unsent_recipients: z.number().int(),
});
export type LetterTeacherView = z.infer<typeof letterTeacherViewSchema>;

export const letterVerificationSchema = z.object({
  genuine: z.literal(true),
  student_name: z.string(),
  teacher_name: z.string(),
  course_title: z.string(),
  submitted_at: z.string(),
});
export type LetterVerification = z.infer<typeof letterVerificationSchema>;

/** The whole class timetable of a student: what /student/manage and its list pages read. */
export const classOverviewSchema = z.object({
  courses: z.array(classCourseSchema),
  letters: z.array(letterStudentViewSchema),
});
export type ClassOverview = z.infer<typeof classOverviewSchema>;
