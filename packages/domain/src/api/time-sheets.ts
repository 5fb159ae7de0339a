/**
 * Time-sheets (工时, decision 065): hours worked by volunteers and trainees (active_type 4, 8,
 * 12; docs/product/data.md), recorded and approved by staff, totalled per person. Hours are half-hour steps; the database
 * keeps minutes so totals are exact integers.
 */
import { z } from 'zod';
import { MSG } from '../messages.ts';
import { DB_INT_MAX, idSchema, requestObjectSchema, timestampSchema } from './common.ts';

/** docs/product/data.md: 4 volunteer, 8 trainee, 12 volunteer trainee — the accounts that keep a time-sheet. */
export const TIME_SHEET_ACTIVE_TYPES = [4, 8, 12] as const;
export const ACTIVE_TYPE_LABELS: Record<number, string> = { 1: '学生', 3: 'SSI', 4: '志愿者', 8: '实习生', 12: '志愿者实习生' };
export const isTimeSheetActiveType = (t: number) => (TIME_SHEET_ACTIVE_TYPES as readonly number[]).includes(t);

export const TIME_SHEET_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TimeSheetStatus = (typeof TIME_SHEET_STATUSES)[number];
export const TIME_SHEET_STATUS_LABELS: Record<TimeSheetStatus, string> = { pending: '待审核', approved: '已通过', rejected: '未通过' };

export const TIME_SHEET_HOURS_MAX = 24;
export const TIME_SHEET_ACTIVITY_MAX = 100;
export const TIME_SHEET_NOTE_MAX = 200;

export const TIME_SHEET_MSG = {
  NOT_VOLUNTEER: '该学生不是志愿者或实习生，不能记录工时',
  STUDENT_NOT_FOUND: '学生不存在',
  ENTRY_NOT_FOUND: '工时记录不存在',
  HOURS: '工时须为 0.5 到 24 之间、以 0.5 为单位的数字',
  DATE: '请填写正确的日期（如 2026-07-01）',
  FUTURE_DATE: '工时日期不能晚于今天',
  ACTIVITY: '请填写工作内容（不超过 100 字）',
  NOTE: '备注不超过 200 字',
  IDS: '请选择要审核的工时记录',
  NOT_PENDING: '只能审核待审核的工时记录',
  ADDED: '已添加工时',
  EDITED: '已修改工时，需重新审核',
  APPROVED: '已通过',
  REJECTED: '已驳回',
} as const;

/** Hours → minutes; the schema has already checked the half-hour step. */
export const minutesOfHours = (hours: number) => Math.round(hours * 60);
export const hoursOfMinutes = (minutes: number) => minutes / 60;

const hoursSchema = z
  .number({ error: TIME_SHEET_MSG.HOURS })
  .min(0.5, { error: TIME_SHEET_MSG.HOURS })
  .max(TIME_SHEET_HOURS_MAX, { error: TIME_SHEET_MSG.HOURS })
  .refine((h) => Number.isInteger(h * 2), { error: TIME_SHEET_MSG.HOURS });

const dateSchema = z
  .string({ error: TIME_SHEET_MSG.DATE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: TIME_SHEET_MSG.DATE })
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '2000-01-01' && s <= '2099-12-31';
  }, { error: TIME_SHEET_MSG.DATE });

const activitySchema = z.string({ error: TIME_SHEET_MSG.ACTIVITY }).trim().min(1, { error: TIME_SHEET_MSG.ACTIVITY }).max(TIME_SHEET_ACTIVITY_MAX, { error: TIME_SHEET_MSG.ACTIVITY });
const entryIdSchema = z.number({ error: TIME_SHEET_MSG.ENTRY_NOT_FOUND }).int({ error: TIME_SHEET_MSG.ENTRY_NOT_FOUND }).positive({ error: TIME_SHEET_MSG.ENTRY_NOT_FOUND }).max(DB_INT_MAX, { error: TIME_SHEET_MSG.ENTRY_NOT_FOUND });
const noteSchema = z.string({ error: TIME_SHEET_MSG.NOTE }).trim().max(TIME_SHEET_NOTE_MAX, { error: TIME_SHEET_MSG.NOTE });

/**
 * PUT /api/admin/students/{id}/time-sheets — one action per request:
 * - add: a new entry, pending;
 * - edit: change an entry's date, hours or activity; it goes back to pending (what was approved is no longer what it says);
 * - approve / reject: decide pending entries (all or nothing), reject with an optional note.
 */
export const TIME_SHEET_ACTIONS = ['add', 'edit', 'approve', 'reject'] as const;
export type TimeSheetAction = (typeof TIME_SHEET_ACTIONS)[number];

const idsSchema = z.array(entryIdSchema, { error: TIME_SHEET_MSG.IDS }).min(1, { error: TIME_SHEET_MSG.IDS }).max(200, { error: TIME_SHEET_MSG.IDS });

// One object (not a zod union) so OpenAPI shows one body; which fields an action needs is checked below.
export const timeSheetUpdateRequestSchema = requestObjectSchema({
  action: z.enum(TIME_SHEET_ACTIONS, { error: MSG.PARAM_INVALID }),
  id: entryIdSchema.optional(),
  work_date: dateSchema.optional(),
  hours: hoursSchema.optional(),
  activity: activitySchema.optional(),
  ids: idsSchema.optional(),
  note: noteSchema.optional(),
}).superRefine((v, ctx) => {
  const need = (field: 'id' | 'work_date' | 'hours' | 'activity' | 'ids', message: string) => {
    if (v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
  };
  if (v.action === 'add' || v.action === 'edit') {
    if (v.action === 'edit') need('id', TIME_SHEET_MSG.ENTRY_NOT_FOUND);
    need('work_date', TIME_SHEET_MSG.DATE);
    need('hours', TIME_SHEET_MSG.HOURS);
    need('activity', TIME_SHEET_MSG.ACTIVITY);
  } else need('ids', TIME_SHEET_MSG.IDS);
});
export type TimeSheetUpdateRequest = z.infer<typeof timeSheetUpdateRequestSchema>;

const blankAsAbsent = (v: unknown) => (v === '' ? undefined : v);
const queryInt = (max: number) =>
  z.preprocess(blankAsAbsent, z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }).max(max, { error: MSG.PARAM_INVALID }).optional());

/** GET /api/admin/time-sheets (and its export): every volunteer and trainee with their totals. */
export const timeSheetListQuerySchema = requestObjectSchema({
  /** Part of the name or phone. */
  keyword: z.preprocess(blankAsAbsent, z.string({ error: MSG.PARAM_INVALID }).trim().max(40, { error: MSG.PARAM_INVALID }).optional()),
  active_type: z.preprocess(blankAsAbsent, z.coerce.number({ error: MSG.PARAM_INVALID }).refine(isTimeSheetActiveType, { error: MSG.PARAM_INVALID }).optional()),
  /** Only people with entries waiting for a decision. */
  pending: z.preprocess(blankAsAbsent, z.enum(['1'], { error: MSG.PARAM_INVALID }).optional()),
  page: queryInt(100_000),
  page_size: queryInt(100),
});
export type TimeSheetListQuery = z.infer<typeof timeSheetListQuerySchema>;

const totalsSchema = z.object({ approved_hours: z.number(), pending_hours: z.number(), rejected_hours: z.number() });

export const timeSheetPersonSchema = z.object({
  student_id: idSchema,
  name: z.string(),
  /** Masked 138****0001. */
  phone: z.string(),
  active_type: z.number().int(),
  school: z.string(),
  entries: z.number().int(),
  last_work_date: z.string().nullable(),
  ...totalsSchema.shape,
});
export type TimeSheetPerson = z.infer<typeof timeSheetPersonSchema>;

export const timeSheetPageSchema = z.object({ items: z.array(timeSheetPersonSchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
export type TimeSheetPage = z.infer<typeof timeSheetPageSchema>;

const personRef = z.object({ id: z.number().int(), name: z.string() });

export const timeSheetEntrySchema = z.object({
  id: idSchema,
  work_date: z.string(),
  hours: z.number(),
  activity: z.string(),
  status: z.enum(TIME_SHEET_STATUSES),
  note: z.string(),
  recorded_by: personRef,
  recorded_at: timestampSchema,
  decided_by: personRef.nullable(),
  decided_at: timestampSchema.nullable(),
});
export type TimeSheetEntry = z.infer<typeof timeSheetEntrySchema>;

/** GET/PUT /api/admin/students/{id}/time-sheets and GET /api/student/time-sheets (the volunteer's own, read-only). */
export const timeSheetSchema = z.object({
  student: z.object({ id: idSchema, name: z.string(), phone: z.string(), active_type: z.number().int() }),
  totals: totalsSchema,
  entries: z.array(timeSheetEntrySchema),
});
export type TimeSheet = z.infer<typeof timeSheetSchema>;

export const timeSheetParamsSchema = z.object({
  userId: z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).positive({ error: MSG.PARAM_INVALID }).max(DB_INT_MAX, { error: MSG.PARAM_INVALID }),
});
