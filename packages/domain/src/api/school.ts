/**
 * The school portal (decision 059): a school account sees only the students whose profile
 * names its school — their application state, released decision, whether fees are paid (never amounts),
 * venue and enrolment, and their history by programme year — recommends a student, and exports its list.
 */
import { z } from 'zod';
import { envelopeSchema } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { SIGNUP_STATUSES, type SignupStatus } from '../student-status.ts';
import { boundedStringSchema, queryIdSchema, requestObjectSchema, timestampSchema } from './common.ts';

/** The steps of a student's journey as the school's history shows them, in order. */
export const SCHOOL_TIMELINE_LABELS = {
  activated: '注册账号',
  info_completed: '完善个人信息',
  step1_submitted: '提交申请第一步',
  apply_paid: '缴纳申请费',
  step2_submitted: '提交申请第二步',
  offer_released: '录取结果公布',
  tuition_paid: '缴纳学费',
} as const;

export const SCHOOL_MSG = {
  NOT_BOUND: '学校账号未绑定学校，请联系管理员',
  STUDENT_NOT_FOUND: '学生不存在',
  COMMENT_REQUIRED: '请填写推荐理由',
  COMMENT_TOO_LONG: '推荐理由不能超过200字',
  RECOMMEND_REQUIRED: '请选择是否推荐',
  RECOMMEND_NOT_APPLIED: '该学生尚未提交申请，暂不能推荐',
  RECOMMEND_DECIDED: '该学生的录取结果已公布，不能再推荐',
  RECOMMEND_SAVED: '推荐已提交',
  RECOMMEND_WITHDRAWN: '已撤回推荐',
} as const;

export const SCHOOL_RECOMMEND_COMMENT_MAX = 200;
export const SCHOOL_PAGE_SIZE_MAX = 100;
export const SCHOOL_PAGE_SIZE_DEFAULT = 20;

export const SIGNUP_STATUS_LABELS: Record<SignupStatus, string> = {
  activated: '已注册',
  signed_up: '已提交第一步',
  paid: '已缴申请费',
  applied: '已提交第二步',
};

/**
 * What a school may know of a decision: only a released one. A draft is the admins' work in progress and reads
 * as 'none' (结果未公布), exactly as the student sees it.
 */
export const SCHOOL_DECISIONS = ['none', 'offer', 'reject', 'waitlist'] as const;
export type SchoolDecision = (typeof SCHOOL_DECISIONS)[number];
export const SCHOOL_DECISION_LABELS: Record<SchoolDecision, string> = { none: '未公布', offer: '录取', reject: '未录取', waitlist: '候补' };

export function schoolDecisionOf(decision: { decision: 'offer' | 'reject' | 'waitlist'; releasedAt: unknown } | null): SchoolDecision {
  return decision && decision.releasedAt != null ? decision.decision : 'none';
}

/** Paid or not, per fee; a school never sees amounts or orders. */
export const PAID_LABELS = { true: '已缴', false: '未缴' } as const;

// Query ----------------------------------------------------------------------------------------------------------

const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);
const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsAbsent, schema.optional());
const paidFilterSchema = z.enum(['paid', 'unpaid'], { error: MSG.PARAM_INVALID });

/** Shared by the list and the export: the export writes every row the same filters match. */
export const schoolStudentFilterSchema = requestObjectSchema({
  /** Part of the name, or digits of the phone number. */
  q: optionalQuery(boundedStringSchema(50).trim()),
  signup_status: optionalQuery(z.enum(SIGNUP_STATUSES, { error: MSG.PARAM_INVALID })),
  /** EB1, EB2, RD, …: the application's batch. */
  batch: optionalQuery(boundedStringSchema(20).trim()),
  decision: optionalQuery(z.enum(SCHOOL_DECISIONS, { error: MSG.PARAM_INVALID })),
  tuition: optionalQuery(paidFilterSchema),
  /** 'true': only students who submitted step 1 (the /school-studentApply view). */
  applied: optionalQuery(z.enum(['true', 'false'], { error: MSG.PARAM_INVALID })),
});
export type SchoolStudentFilter = z.infer<typeof schoolStudentFilterSchema>;

const pageNumber = (max: number) =>
  optionalQuery(z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }).max(max, { error: MSG.PARAM_INVALID }));

// GET /api/school/student-apply ---------------------------------------------------------------------------------------
export const schoolStudentListQuerySchema = schoolStudentFilterSchema.extend({
  page: pageNumber(100_000),
  page_size: pageNumber(SCHOOL_PAGE_SIZE_MAX),
});
export type SchoolStudentListQuery = z.infer<typeof schoolStudentListQuerySchema>;

export const schoolRecommendationSchema = z.object({
  programme_year: z.number().int(),
  comment: z.string(),
  recommended_by_name: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type SchoolRecommendation = z.infer<typeof schoolRecommendationSchema>;

export const schoolStudentItemSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  /** Masked: 139****5678. */
  phone: z.string(),
  grade: z.string().nullable(),
  signup_status: z.enum(SIGNUP_STATUSES),
  /** 1 = step 1 submitted, 2 = step 2 submitted, 0 = not applied. */
  step: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  batch: z.string().nullable(),
  apply_paid: z.boolean(),
  decision: z.enum(SCHOOL_DECISIONS),
  session: z.string().nullable(),
  track: z.string().nullable(),
  tuition_paid: z.boolean(),
  venue: z.string().nullable(),
  step1_submitted_at: timestampSchema.nullable(),
  step2_submitted_at: timestampSchema.nullable(),
  recommended: z.boolean(),
  registered_at: timestampSchema,
});
export type SchoolStudentItem = z.infer<typeof schoolStudentItemSchema>;

export const schoolStudentListSchema = z.object({
  items: z.array(schoolStudentItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  school_name: z.string(),
  programme_year: z.number().int(),
});
export type SchoolStudentList = z.infer<typeof schoolStudentListSchema>;
export const schoolStudentListResponseSchema = envelopeSchema(schoolStudentListSchema);

// GET /api/school/student-admission/:userId ---------------------------------------------------------------------------
export const schoolStudentParamsSchema = z.object({ userId: queryIdSchema });

export const schoolStudentDetailSchema = schoolStudentItemSchema.extend({
  email: z.string().nullable(),
  house: z.string().nullable(),
  offer_released_at: timestampSchema.nullable(),
  recommendation: schoolRecommendationSchema.nullable(),
});
export type SchoolStudentDetail = z.infer<typeof schoolStudentDetailSchema>;
export const schoolStudentDetailResponseSchema = envelopeSchema(schoolStudentDetailSchema);

// GET /api/school/student-history/:userId -----------------------------------------------------------------------------
/** One programme year of a student's journey; today one entry (the data keeps one application per student). */
export const schoolHistoryYearSchema = z.object({
  programme_year: z.number().int(),
  signup_status: z.enum(SIGNUP_STATUSES),
  batch: z.string().nullable(),
  decision: z.enum(SCHOOL_DECISIONS),
  session: z.string().nullable(),
  track: z.string().nullable(),
  tuition_paid: z.boolean(),
  venue: z.string().nullable(),
  recommendation: schoolRecommendationSchema.nullable(),
  events: z.array(z.object({ label: z.string(), at: timestampSchema })),
});
export type SchoolHistoryYear = z.infer<typeof schoolHistoryYearSchema>;
export const schoolStudentHistorySchema = z.object({ user_id: z.number().int(), name: z.string(), years: z.array(schoolHistoryYearSchema) });
export type SchoolStudentHistory = z.infer<typeof schoolStudentHistorySchema>;
export const schoolStudentHistoryResponseSchema = envelopeSchema(schoolStudentHistorySchema);

// PUT /api/school/student-apply/:userId/recommend, POST /api/school/recommendation -----------------------------------
const commentSchema = z
  .string({ error: SCHOOL_MSG.COMMENT_REQUIRED })
  .trim()
  .min(1, { error: SCHOOL_MSG.COMMENT_REQUIRED })
  .max(SCHOOL_RECOMMEND_COMMENT_MAX, { error: SCHOOL_MSG.COMMENT_TOO_LONG });

/** recommended true needs a comment; false withdraws this year's recommendation. */
export const schoolRecommendRequestSchema = requestObjectSchema({
  recommended: z.boolean({ error: SCHOOL_MSG.RECOMMEND_REQUIRED }),
  comment: z.preprocess((v) => (v === null ? undefined : v), z.string({ error: SCHOOL_MSG.COMMENT_REQUIRED }).optional()),
}).superRefine((v, ctx) => {
  if (!v.recommended) return;
  const parsed = commentSchema.safeParse(v.comment ?? '');
  if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['comment'], message: parsed.error.issues[0]?.message ?? SCHOOL_MSG.COMMENT_REQUIRED });
});
export type SchoolRecommendRequest = z.infer<typeof schoolRecommendRequestSchema>;

export const schoolRecommendationCreateSchema = requestObjectSchema({
  user_id: z.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).positive({ error: MSG.PARAM_INVALID }).max(2_147_483_647, { error: MSG.PARAM_INVALID }),
  comment: commentSchema,
});
export type SchoolRecommendationCreate = z.infer<typeof schoolRecommendationCreateSchema>;

export const schoolRecommendResultSchema = z.object({ user_id: z.number().int(), recommendation: schoolRecommendationSchema.nullable() });
export type SchoolRecommendResult = z.infer<typeof schoolRecommendResultSchema>;
export const schoolRecommendResponseSchema = envelopeSchema(schoolRecommendResultSchema);

/** The admin's read-only view of a school's recommendation, in the application detail. */
export const adminSchoolRecommendationSchema = schoolRecommendationSchema.extend({ school_name: z.string().nullable() });
export type AdminSchoolRecommendation = z.infer<typeof adminSchoolRecommendationSchema>;
