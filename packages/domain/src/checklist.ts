/**
 * The admitted student's checklist (decision 046): items admins define per programme
 * (professional track) and batch, each done when the record behind its `key` exists (a submitted form, a
 * sign-up row, a confirmation), waived by staff per student, late once its due date has passed.
 */
import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { MSG } from './messages.ts';
import { DB_INT_MAX, requestObjectSchema, timestampSchema } from './api/common.ts';
import { ONBOARDING_FORM_NAMES } from './onboarding-forms.ts';
import { uploadedFileSchema } from './api/storage.ts';

export const CHECKLIST_KINDS = ['form', 'signup', 'reading', 'upload', 'confirmation'] as const;
export type ChecklistKind = (typeof CHECKLIST_KINDS)[number];
export const CHECKLIST_KIND_LABELS: Record<ChecklistKind, string> = {
  form: '填写表单',
  signup: '报名',
  reading: '阅读',
  upload: '上传材料',
  confirmation: '确认',
};

export const CHECKLIST_STATES = ['todo', 'done', 'late', 'waived'] as const;
export type ChecklistState = (typeof CHECKLIST_STATES)[number];
export const CHECKLIST_STATE_LABELS: Record<ChecklistState, string> = { todo: '待完成', done: '已完成', late: '已逾期', waived: '已豁免' };

/**
 * Keys the completion registry knows. `form:*` are this module's forms; `signup:*` are the sign-ups of the
 * onboarding module (major confirmation, SSI, podcast, master class, pilot study, info session);
 * `confirm:<slug>` is done by the student's own 我已阅读/我已确认 on the checklist (readings, confirmations,
 * and uploads handed in outside the platform).
 */
export const CHECKLIST_FORM_KEYS = ONBOARDING_FORM_NAMES.map((n) => `form:${n}` as const);
export const CHECKLIST_SIGNUP_KINDS = ['major_confirmed', 'csi', 'podcast', 'master_class', 'pilot_study', 'info_session'] as const;
export type ChecklistSignupKind = (typeof CHECKLIST_SIGNUP_KINDS)[number];
export const CHECKLIST_SIGNUP_KEYS = CHECKLIST_SIGNUP_KINDS.map((k) => `signup:${k}` as const);
export const CONFIRM_KEY_PREFIX = 'confirm:';
/** `upload:<slug>`: done when the student hands in a file on the checklist (kept as a student_forms row named by the key). */
export const UPLOAD_KEY_PREFIX = 'upload:';

export const CHECKLIST_MSG = {
  KEY_INVALID: '完成条件格式错误（form:表单、signup:报名、upload:上传 或 confirm:自定义）',
  NOT_UPLOAD: '该事项无需上传文件',
  FILE_INVALID: '请上传文件',
  UPLOADED: '已上传',
  KEY_DUPLICATE: '该项目与批次下已有相同完成条件的事项',
  TITLE_REQUIRED: '请填写事项名称',
  PATH_INVALID: '链接须以 / 开头的站内路径',
  ITEM_MISSING: '事项不存在',
  NOT_SELF_CONFIRMED: '该事项由系统根据记录自动完成',
  CONFIRMED: '已确认',
  WAIVED: '已豁免',
  UNWAIVED: '已取消豁免',
  MESSAGE_SENT: '已发送站内通知',
  SAVED: '保存成功',
  DELETED: '已删除',
  REMINDER_TITLE: '入学清单提醒',
} as const;

/** A key the registry can answer for: a known form or sign-up, or a confirmation slug. */
export function isChecklistKey(key: string): boolean {
  if ((CHECKLIST_FORM_KEYS as readonly string[]).includes(key)) return true;
  if ((CHECKLIST_SIGNUP_KEYS as readonly string[]).includes(key)) return true;
  return /^(confirm|upload):[a-z0-9][a-z0-9-]{0,40}$/.test(key);
}

export function isSelfConfirmedKey(key: string): boolean {
  return key.startsWith(CONFIRM_KEY_PREFIX);
}

export function isUploadKey(key: string): boolean {
  return key.startsWith(UPLOAD_KEY_PREFIX);
}

/**
 * One item's state for one student. Waived wins (staff decided); then done; then late once the due date has
 * passed; otherwise to do. An optional item is never late: it has no deadline to miss, only a date to aim at.
 */
export function checklistStateOf(input: { done: boolean; waived: boolean; required: boolean; dueAt: Date | null; now: Date }): ChecklistState {
  if (input.waived) return 'waived';
  if (input.done) return 'done';
  if (input.required && input.dueAt !== null && input.now.getTime() > input.dueAt.getTime()) return 'late';
  return 'todo';
}

/** Whether an item applies to a student: null track/batch means every one. */
export function checklistItemApplies(item: { track: string | null; batch: string | null }, student: { track: string | null; batch: string | null }): boolean {
  if (item.track !== null && item.track !== student.track) return false;
  if (item.batch !== null && item.batch !== student.batch) return false;
  return true;
}

/** Reminders go out this long before a due date (and once per item and student). */
export const CHECKLIST_REMINDER_LEAD_MS = 48 * 3_600_000;

/** The student is "behind" when a required item is late. */
export function isBehind(states: readonly ChecklistState[]): boolean {
  return states.includes('late');
}

// API -------------------------------------------------------------------------------------------------------

export const checklistEntrySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(CHECKLIST_KINDS),
  required: z.boolean(),
  due_at: timestampSchema.nullable(),
  target_path: z.string(),
  state: z.enum(CHECKLIST_STATES),
  /** Whether the student ticks it themselves (confirm:*); the others follow the records. */
  self_confirm: z.boolean(),
  /** Whether the student hands in a file here (upload:*), and the file handed in, if any. */
  self_upload: z.boolean(),
  file: uploadedFileSchema.nullable(),
});
export type ChecklistEntry = z.infer<typeof checklistEntrySchema>;

/** How many of the student's latest in-app notices the checklist shows (reminders and staff messages land there). */
export const CHECKLIST_NOTICE_LIMIT = 10;

export const checklistNoticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  created_at: timestampSchema,
});
export type ChecklistNotice = z.infer<typeof checklistNoticeSchema>;

export const studentChecklistSchema = z.object({
  items: z.array(checklistEntrySchema),
  done: z.number().int(),
  total: z.number().int(),
  sms_reminders: z.boolean(),
  /** The student's latest in-app notices, newest first: where a reminder or a staff message is read. */
  notices: z.array(checklistNoticeSchema),
});
export type StudentChecklist = z.infer<typeof studentChecklistSchema>;
export const studentChecklistResponseSchema = envelopeSchema(studentChecklistSchema);

export const checklistItemIdParamsSchema = z.object({
  id: z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).positive({ error: MSG.PARAM_INVALID }).max(DB_INT_MAX, { error: MSG.PARAM_INVALID }),
});

export const checklistUploadRequestSchema = requestObjectSchema({
  file: z.object(
    {
      name: z.string({ error: CHECKLIST_MSG.FILE_INVALID }).trim().min(1, { error: CHECKLIST_MSG.FILE_INVALID }).max(200, { error: MSG.PARAM_INVALID }),
      url: z.string({ error: CHECKLIST_MSG.FILE_INVALID }).max(600, { error: MSG.PARAM_INVALID }),
    },
    { error: CHECKLIST_MSG.FILE_INVALID },
  ),
});

export const checklistPreferenceRequestSchema = requestObjectSchema({ sms_reminders: z.boolean({ error: MSG.PARAM_INVALID }) });

const nullableShortText = z
  .string({ error: MSG.PARAM_INVALID })
  .trim()
  .max(40, { error: MSG.PARAM_INVALID })
  .nullable()
  .transform((v) => (v === null || v === '' ? null : v));

export const checklistItemRequestSchema = requestObjectSchema({
  key: z.string({ error: CHECKLIST_MSG.KEY_INVALID }).trim().max(60, { error: CHECKLIST_MSG.KEY_INVALID }).refine(isChecklistKey, { error: CHECKLIST_MSG.KEY_INVALID }),
  title: z.string({ error: CHECKLIST_MSG.TITLE_REQUIRED }).trim().min(1, { error: CHECKLIST_MSG.TITLE_REQUIRED }).max(60, { error: MSG.PARAM_INVALID }),
  description: z.string({ error: MSG.PARAM_INVALID }).trim().max(500, { error: MSG.PARAM_INVALID }).default(''),
  kind: z.enum(CHECKLIST_KINDS, { error: MSG.SELECT_REQUIRED }),
  required: z.boolean({ error: MSG.PARAM_INVALID }),
  due_at: timestampSchema.nullable().default(null),
  target_path: z
    .string({ error: CHECKLIST_MSG.PATH_INVALID })
    .trim()
    .max(200, { error: CHECKLIST_MSG.PATH_INVALID })
    .refine((v) => v === '' || /^\/(?!\/)[\w\-./?=&%]*$/.test(v), { error: CHECKLIST_MSG.PATH_INVALID })
    .default(''),
  /** Professional track (programme) the item is for; null = every track. */
  track: nullableShortText.default(null),
  /** Batch (EB1, EB2, RD) the item is for; null = every batch. */
  batch: z.enum(['EB1', 'EB2', 'RD'], { error: MSG.SELECT_REQUIRED }).nullable().default(null),
  sort: z.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(0, { error: MSG.PARAM_INVALID }).max(10_000, { error: MSG.PARAM_INVALID }).default(0),
});
export type ChecklistItemInput = z.output<typeof checklistItemRequestSchema>;

export const checklistItemSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(CHECKLIST_KINDS),
  required: z.boolean(),
  due_at: timestampSchema.nullable(),
  target_path: z.string(),
  track: z.string().nullable(),
  batch: z.string().nullable(),
  sort: z.number().int(),
  /** Whether the registry can answer for this key on this deployment (a sign-up module not wired: false). */
  tracked: z.boolean(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;
export const checklistItemListSchema = z.object({ items: z.array(checklistItemSchema) });

export const checklistProgressQuerySchema = requestObjectSchema({
  behind: z.enum(['0', '1'], { error: MSG.PARAM_INVALID }).optional(),
  item_id: z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).positive({ error: MSG.PARAM_INVALID }).max(DB_INT_MAX, { error: MSG.PARAM_INVALID }).optional(),
  q: z.string({ error: MSG.PARAM_INVALID }).trim().max(50, { error: MSG.PARAM_INVALID }).optional(),
});
export type ChecklistProgressQuery = z.output<typeof checklistProgressQuerySchema>;

export const checklistStudentRowSchema = z.object({
  student_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  track: z.string().nullable(),
  batch: z.string().nullable(),
  /** item id → state; items that do not apply to the student are absent. */
  states: z.record(z.string(), z.enum(CHECKLIST_STATES)),
  done: z.number().int(),
  total: z.number().int(),
  behind: z.boolean(),
});
export type ChecklistStudentRow = z.infer<typeof checklistStudentRowSchema>;

export const checklistItemSummarySchema = z.object({
  item_id: z.number().int(),
  title: z.string(),
  todo: z.number().int(),
  done: z.number().int(),
  late: z.number().int(),
  waived: z.number().int(),
});

export const checklistProgressSchema = z.object({
  items: z.array(checklistItemSchema),
  by_item: z.array(checklistItemSummarySchema),
  students: z.array(checklistStudentRowSchema),
});
export type ChecklistProgress = z.infer<typeof checklistProgressSchema>;

export const checklistWaiveRequestSchema = requestObjectSchema({
  student_id: z.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).positive({ error: MSG.PARAM_INVALID }).max(DB_INT_MAX, { error: MSG.PARAM_INVALID }),
  item_id: z.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).positive({ error: MSG.PARAM_INVALID }).max(DB_INT_MAX, { error: MSG.PARAM_INVALID }),
  waived: z.boolean({ error: MSG.PARAM_INVALID }),
});

export const checklistMessageRequestSchema = requestObjectSchema({
  student_ids: z
    .array(z.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).positive({ error: MSG.PARAM_INVALID }).max(DB_INT_MAX, { error: MSG.PARAM_INVALID }), { error: MSG.PARAM_INVALID })
    .min(1, { error: '请选择学生' })
    .max(5_000, { error: MSG.PARAM_INVALID }),
  title: z.string({ error: MSG.TEXT_REQUIRED }).trim().min(1, { error: MSG.TEXT_REQUIRED }).max(60, { error: MSG.PARAM_INVALID }),
  body: z.string({ error: MSG.NOT_FILLED }).trim().min(1, { error: MSG.NOT_FILLED }).max(1_000, { error: MSG.PARAM_INVALID }),
});

export const checklistMessageResultSchema = z.object({ sent: z.number().int() });
