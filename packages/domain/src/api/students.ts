/**
 * The admin Students console (decision 062): list, search and filter on the server, a student's
 * page with the whole timeline, audited edits, and bulk tagging. The filter is the messages' segment filter
 * (segmentFilterSchema): one definition, sent as query parameters here and as JSON in a message or a saved segment.
 */
import { z } from 'zod';
import { MSG } from '../messages.ts';
import { APPLY_GRADES } from '../application.ts';
import { ACTIVE_TYPE_VALUES } from '../roles.ts';
import { SESSION_KEYS } from '../programme-terms.ts';
import { SIGNUP_STATUSES } from '../student-status.ts';
import { STUDENT_STAGES } from '../student-stage.ts';
import { nameSchema } from '../validation.ts';
import { ADMISSION_DECISIONS } from './admissions.ts';
import { DB_INT_MAX, boundedStringSchema, queryIdSchema, requestObjectSchema, timestampSchema } from './common.ts';
import { MESSAGE_BATCHES, SEGMENT_Q_MAX, SEGMENT_USER_IDS_MAX, SEGMENT_USER_IDS_TOO_MANY, STUDENT_TAG_MAX, segmentFilterSchema, type SegmentFilter } from './messages.ts';

const err = { error: MSG.PARAM_INVALID };

export const STUDENT_MSG = {
  NOT_FOUND: '学生不存在',
  SAVED: '已保存',
  NOTHING_TO_SAVE: '没有需要保存的修改',
  TAGS_SAVED: '标签已更新',
  TAGS_REQUIRED: '请填写要添加或移除的标签',
  TAG_TOO_LONG: `标签不能超过${STUDENT_TAG_MAX}个字`,
  TOO_MANY_TAGS: '每名学生最多30个标签',
  TOO_MANY_FOR_BULK: `一次最多处理${SEGMENT_USER_IDS_MAX}名学生，请缩小筛选范围`,
  NOTE_TOO_LONG: '备注不能超过500个字',
  BATCH_TOO_LONG: '批次不能超过20个字',
  GENDER_REQUIRED: '请选择性别',
  GRADE_REQUIRED: '请选择年级',
  SCHOOL_NOT_FOUND: '请选择或输入学校全名',
} as const;

export const STUDENT_TAGS_MAX = 30;
export const STUDENT_NOTE_MAX = 500;
export const STUDENT_PAGE_SIZE_MAX = 100;
export const STUDENT_PAGE_SIZE_DEFAULT = 20;

// Filter as query parameters ---------------------------------------------------------------------------------------

const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);
const fromQuery = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsAbsent, schema.optional());
const idsFromQuery = z
  .string(err)
  .max(SEGMENT_USER_IDS_MAX * 11, { error: SEGMENT_USER_IDS_TOO_MANY })
  .transform((s) => s.split(',').map((x) => x.trim()).filter((x) => x !== '').map(Number))
  .pipe(z.array(z.number(err).int(err).positive(err).max(DB_INT_MAX, err), err).max(SEGMENT_USER_IDS_MAX, { error: SEGMENT_USER_IDS_TOO_MANY }));

/**
 * segmentFilterSchema's fields as a query string (GET list and export): the same names, values as text,
 * `user_ids` comma-separated, `tuition_paid` true|false. A unit test keeps the two field lists equal.
 */
export const studentFilterQuerySchema = requestObjectSchema({
  q: fromQuery(boundedStringSchema(SEGMENT_Q_MAX).trim()),
  batch: fromQuery(z.enum(MESSAGE_BATCHES, err)),
  signup_status: fromQuery(z.enum(SIGNUP_STATUSES, err)),
  tuition_paid: fromQuery(z.enum(['true', 'false'], err).transform((v) => v === 'true')),
  session: fromQuery(z.enum(SESSION_KEYS, err)),
  venue_id: fromQuery(queryIdSchema),
  house_id: fromQuery(queryIdSchema),
  province_id: fromQuery(queryIdSchema),
  school_id: fromQuery(queryIdSchema),
  active_type: fromQuery(z.coerce.number(err).pipe(z.union(ACTIVE_TYPE_VALUES.map((v) => z.literal(v)), err))),
  stage: fromQuery(z.enum(STUDENT_STAGES, err)),
  tag: fromQuery(boundedStringSchema(STUDENT_TAG_MAX).trim().min(1, err)),
  user_ids: fromQuery(idsFromQuery),
});
export type StudentFilterQuery = z.infer<typeof studentFilterQuerySchema>;

/** The query's filter as a segment filter (what a message or a saved segment stores). */
export function segmentFilterOfQuery(q: StudentFilterQuery): SegmentFilter {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(segmentFilterSchema.shape)) {
    const v = (q as Record<string, unknown>)[key];
    if (v !== undefined && v !== null && v !== '') out[key] = v;
  }
  return out as SegmentFilter;
}

/** A segment filter as query parameters (the web's list, export and "open this segment in Students"). */
export function queryOfSegmentFilter(f: SegmentFilter): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return out;
}

export const STUDENT_SORTS = ['registered_at', 'name', 'school', 'stage', 'paid_at', 'user_id'] as const;
export type StudentSort = (typeof STUDENT_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;

const pageNumber = (max: number) => fromQuery(z.coerce.number(err).int(err).min(1, err).max(max, err));

// GET /api/admin/students ------------------------------------------------------------------------------------------
export const studentListQuerySchema = studentFilterQuerySchema.extend({
  sort: fromQuery(z.enum(STUDENT_SORTS, err)),
  order: fromQuery(z.enum(SORT_ORDERS, err)),
  page: pageNumber(1_000_000),
  page_size: pageNumber(STUDENT_PAGE_SIZE_MAX),
});
export type StudentListQuery = z.infer<typeof studentListQuerySchema>;

const decisionSchema = z.enum(ADMISSION_DECISIONS).nullable();

export const adminStudentItemSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  /** Masked: 138****0001 (decision 062). */
  phone: z.string(),
  school: z.string().nullable(),
  province: z.string().nullable(),
  grade: z.string().nullable(),
  batch: z.string().nullable(),
  stage: z.enum(STUDENT_STAGES),
  signup_status: z.enum(SIGNUP_STATUSES),
  decision: decisionSchema,
  decision_released: z.boolean(),
  session: z.string().nullable(),
  venue: z.string().nullable(),
  house: z.string().nullable(),
  active_type: z.number().int(),
  tags: z.array(z.string()),
  tuition_paid: z.boolean(),
  tuition_paid_at: timestampSchema.nullable(),
  registered_at: timestampSchema,
});
export type AdminStudentItem = z.infer<typeof adminStudentItemSchema>;

export const adminStudentListSchema = z.object({
  items: z.array(adminStudentItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminStudentList = z.infer<typeof adminStudentListSchema>;

// GET /api/admin/students/:userId ----------------------------------------------------------------------------------

export const TIMELINE_KINDS = [
  'registered',
  'info_completed',
  'step1',
  'apply_paid',
  'step2',
  'order_paid',
  'order_refunded',
  'decision',
  'decision_released',
  'tuition_paid',
  'venue',
  'house',
  'enrolment',
  'attendance',
  'grade',
  'message',
  'message_read',
  'edit',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export const TIMELINE_KIND_LABELS: Record<TimelineKind, string> = {
  registered: '注册账号',
  info_completed: '完善个人信息',
  step1: '提交申请第一步',
  apply_paid: '缴纳申请费',
  step2: '提交申请第二步',
  order_paid: '支付成功',
  order_refunded: '退款',
  decision: '录取决定',
  decision_released: '录取结果公布',
  tuition_paid: '缴纳学费',
  venue: '分配会场',
  house: '分配学院',
  enrolment: '选课',
  attendance: '签到',
  grade: '成绩',
  message: '收到消息',
  message_read: '阅读消息',
  edit: '资料修改',
};

/** The editable fields by their audit keys, as the timeline names them. */
export const STUDENT_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: '姓名',
  gender: '性别',
  grade: '年级',
  school: '学校',
  school_id: '学校',
  batch: '批次',
  active_type: '身份类型',
  tags: '标签',
  admin_note: '备注',
};

export const studentTimelineEntrySchema = z.object({
  at: timestampSchema,
  kind: z.enum(TIMELINE_KINDS),
  /** What happened, in Chinese, e.g. 支付成功 申请费 ¥300.00. */
  text: z.string(),
});
export type StudentTimelineEntry = z.infer<typeof studentTimelineEntrySchema>;

export const adminStudentDetailSchema = adminStudentItemSchema.extend({
  gender: z.number().int().nullable(),
  school_id: z.number().int().nullable(),
  email: z.string().nullable(),
  admin_note: z.string(),
  guardian_consent_at: timestampSchema.nullable(),
  /** Oldest first. */
  timeline: z.array(studentTimelineEntrySchema),
});
export type AdminStudentDetail = z.infer<typeof adminStudentDetailSchema>;

export const adminStudentParamsSchema = z.object({ userId: queryIdSchema });

// PUT /api/admin/students/:userId ----------------------------------------------------------------------------------

const tagSchema = z.string(err).trim().min(1, { error: STUDENT_MSG.TAGS_REQUIRED }).max(STUDENT_TAG_MAX, { error: STUDENT_MSG.TAG_TOO_LONG });
const tagListSchema = z.array(tagSchema, err).max(STUDENT_TAGS_MAX, { error: STUDENT_MSG.TOO_MANY_TAGS });

/**
 * The fields staff legitimately fix (decision 062). Absent fields stay as they are; every change is one
 * audit row with before and after.
 */
export const studentUpdateRequestSchema = requestObjectSchema({
  name: nameSchema.optional(),
  gender: z.union([z.literal(1), z.literal(2)], { error: STUDENT_MSG.GENDER_REQUIRED }).optional(),
  grade: z.enum(APPLY_GRADES.map((g) => g.value) as [string, ...string[]], { error: STUDENT_MSG.GRADE_REQUIRED }).optional(),
  /** A school from the school list (its name and area are copied onto the profile). */
  school_id: z.number({ error: STUDENT_MSG.SCHOOL_NOT_FOUND }).int({ error: STUDENT_MSG.SCHOOL_NOT_FOUND }).positive({ error: STUDENT_MSG.SCHOOL_NOT_FOUND }).max(DB_INT_MAX, { error: STUDENT_MSG.SCHOOL_NOT_FOUND }).optional(),
  /** EB1, EB2, RD, … */
  batch: z.string(err).trim().max(20, { error: STUDENT_MSG.BATCH_TOO_LONG }).optional(),
  active_type: z.union(ACTIVE_TYPE_VALUES.map((v) => z.literal(v)), err).optional(),
  tags: tagListSchema.optional(),
  admin_note: z.string(err).trim().max(STUDENT_NOTE_MAX, { error: STUDENT_MSG.NOTE_TOO_LONG }).optional(),
});
export type StudentUpdateRequest = z.infer<typeof studentUpdateRequestSchema>;

// POST /api/admin/students/tags ------------------------------------------------------------------------------------

/** Tags added to or removed from every student the filter (or the selection, filter.user_ids) matches. */
export const studentTagsRequestSchema = requestObjectSchema({
  filter: segmentFilterSchema,
  add: z.array(tagSchema, err).max(STUDENT_TAGS_MAX, { error: STUDENT_MSG.TOO_MANY_TAGS }).default([]),
  remove: z.array(tagSchema, err).max(STUDENT_TAGS_MAX, { error: STUDENT_MSG.TOO_MANY_TAGS }).default([]),
});
export type StudentTagsRequest = z.input<typeof studentTagsRequestSchema>;
export const studentTagsResultSchema = z.object({ matched: z.number().int(), changed: z.number().int() });
export type StudentTagsResult = z.infer<typeof studentTagsResultSchema>;

/** Adds then removes, keeping the existing order and dropping duplicates. */
export function applyTagChange(tags: readonly string[], add: readonly string[], remove: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of [...tags, ...add]) if (!out.includes(t) && !remove.includes(t)) out.push(t);
  return out;
}
