/**
 * The admission funnel and the analytics profile (docs/product/users-and-roles.md, docs/product/data.md and docs/product/states.md; decision 066). The stage
 * list, its labels and the conversion maths live here so the API, the console and the export agree.
 */
import { z } from 'zod';
import { MSG } from '../messages.ts';
import type { Batch, SignupStatus } from '../student-status.ts';
import { DB_INT_MAX, boundedStringSchema, requestObjectSchema, timestampSchema } from './common.ts';
import { STUDENT_STAGES } from '../student-stage.ts';
import { daySpan, isCalendarDay } from './tracking.ts';

/** The funnel in order: each stage is reached when its own timestamp is set. */
/** The funnel's steps are the Students console's stages (one list, student-stage.ts). */
export const FUNNEL_STAGES = STUDENT_STAGES;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

export const FUNNEL_STAGE_LABELS: Readonly<Record<FunnelStage, string>> = {
  registered: '注册',
  info_completed: '完善信息',
  signed_up: '报名（第一步）',
  apply_paid: '缴申请费',
  applied: '提交申请（第二步）',
  offer: '获得录取',
  tuition_paid: '缴学费',
};

export const FUNNEL_GROUPS = ['day', 'batch', 'province', 'school'] as const;
export type FunnelGroup = (typeof FUNNEL_GROUPS)[number];
export const FUNNEL_GROUP_LABELS: Readonly<Record<FunnelGroup, string>> = { day: '按注册日', batch: '按批次', province: '按省份', school: '按学校' };

export const BATCH_KIND_LABELS: Readonly<Record<Batch, string>> = { early: '提前批', regular: '常规批' };

/** The longest registration range a funnel takes, in days: the per-day series stays bounded. */
export const FUNNEL_MAX_DAYS = 366;
/** The school grouping shows the schools with the most registrations first, at most this many. */
export const FUNNEL_GROUP_ROWS_MAX = 200;

/** The journey timestamps of one student, as the funnel reads them (null = stage not reached). */
export type FunnelStamps = Readonly<Record<FunnelStage, Date | string | null | undefined>>;

/** The stages one student has reached, in funnel order. */
export function stagesReached(stamps: FunnelStamps): FunnelStage[] {
  return FUNNEL_STAGES.filter((s) => stamps[s] != null);
}

/**
 * Conversion from one stage's count to the next as a ratio rounded to four places. Zero-safe: nothing to
 * convert from gives 0, not NaN or Infinity. A ratio above 1 is possible (a stage recorded without the one
 * before, e.g. an admin-entered offer) and is shown as it is rather than hidden.
 */
export function conversionRate(from: number, to: number): number {
  if (!(from > 0) || !Number.isFinite(from) || !Number.isFinite(to)) return 0;
  return Math.round((to / from) * 10_000) / 10_000;
}

export interface FunnelConversion {
  from: FunnelStage;
  to: FunnelStage;
  rate: number;
}

/** Conversions between each adjacent pair of stages, from counts in FUNNEL_STAGES order. */
export function funnelConversions(counts: readonly number[]): FunnelConversion[] {
  return FUNNEL_STAGES.slice(1).map((to, i) => ({ from: FUNNEL_STAGES[i] as FunnelStage, to, rate: conversionRate(counts[i] ?? 0, counts[i + 1] ?? 0) }));
}

/** 0.4567 → "45.7%"; the console shows conversions as text beside the chart. */
export function percentText(rate: number): string {
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

/** docs/product/states.md: the highest of activated < signed up (step 1) < paid (application fee) < applied (step 2). */
export function signupStatusOfStamps(s: { step1SubmittedAt?: unknown; applyPaidAt?: unknown; step2SubmittedAt?: unknown }): SignupStatus {
  if (s.step2SubmittedAt != null) return 'applied';
  if (s.applyPaidAt != null) return 'paid';
  if (s.step1SubmittedAt != null) return 'signed_up';
  return 'activated';
}

/** docs/product/data.md user_school: the school id prefixed "s_" (empty when the student named no listed school). */
export function analyticsSchoolId(schoolId: number | null | undefined): string {
  return schoolId == null ? '' : `s_${schoolId}`;
}

// Requests -------------------------------------------------------------------------------------------------------

export const ANALYTICS_MSG = { STUDENT_NOT_FOUND: '学生不存在', RANGE: '结束日期不能早于开始日期', RANGE_TOO_LONG: `日期范围最多 ${FUNNEL_MAX_DAYS} 天` } as const;

const blankAsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const dayParam = z.preprocess(blankAsAbsent, boundedStringSchema(10).refine(isCalendarDay, { error: MSG.PARAM_INVALID }).optional());
const idParam = z.preprocess(blankAsAbsent, z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }).max(DB_INT_MAX, { error: MSG.PARAM_INVALID }).optional());

/** The filter every analytics read and export takes: registration days (Beijing, both included), batch, province, school. */
export const funnelFilterShape = {
  from: dayParam,
  to: dayParam,
  batch: z.preprocess(blankAsAbsent, z.enum(['early', 'regular'], { error: MSG.PARAM_INVALID }).optional()),
  /** The school's province (state id, e.g. 110000 北京市). */
  province: idParam,
  school: idParam,
};

type DayRange = { from?: string | undefined; to?: string | undefined };
const ordered = (q: DayRange) => !q.from || !q.to || q.from <= q.to;
const bounded = (q: DayRange) => !q.from || !q.to || q.from > q.to || daySpan(q.from, q.to) <= FUNNEL_MAX_DAYS;

/** GET /api/admin/analytics/funnel. */
export const funnelQuerySchema = requestObjectSchema({
  ...funnelFilterShape,
  group: z.preprocess(blankAsAbsent, z.enum(FUNNEL_GROUPS, { error: MSG.PARAM_INVALID }).default('batch')),
})
  .refine(ordered, { path: ['to'], error: ANALYTICS_MSG.RANGE })
  .refine(bounded, { path: ['to'], error: ANALYTICS_MSG.RANGE_TOO_LONG });
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;

/** GET /api/admin/analytics/profiles/export: the funnel's filter without the grouping. */
export const analyticsExportQuerySchema = requestObjectSchema(funnelFilterShape)
  .refine(ordered, { path: ['to'], error: ANALYTICS_MSG.RANGE })
  .refine(bounded, { path: ['to'], error: ANALYTICS_MSG.RANGE_TOO_LONG });
export type AnalyticsExportQuery = z.infer<typeof analyticsExportQuerySchema>;

// Responses ------------------------------------------------------------------------------------------------------

const stageSchema = z.enum(FUNNEL_STAGES);
const countsSchema = z.array(z.number().int());
const conversionSchema = z.object({ from: stageSchema, to: stageSchema, rate: z.number() });

export const funnelGroupRowSchema = z.object({
  /** The day (YYYY-MM-DD), batch (early/regular), state id or school id; '' for students without one. */
  key: z.string(),
  label: z.string(),
  /** Per stage, in FUNNEL_STAGES order. */
  counts: countsSchema,
  conversions: z.array(conversionSchema),
});
export type FunnelGroupRow = z.infer<typeof funnelGroupRowSchema>;

export const funnelDaySchema = z.object({ date: z.string(), counts: countsSchema });
export type FunnelDay = z.infer<typeof funnelDaySchema>;

export const funnelReportSchema = z.object({
  stages: z.array(z.object({ key: stageSchema, label: z.string() })),
  /** The whole filtered cohort, per stage. */
  counts: countsSchema,
  conversions: z.array(conversionSchema),
  group: z.enum(FUNNEL_GROUPS),
  groups: z.array(funnelGroupRowSchema),
  /** Per day (Beijing), how many reached each stage that day by the stage's own timestamp; oldest first. */
  series: z.array(funnelDaySchema),
});
export type FunnelReport = z.infer<typeof funnelReportSchema>;

/** docs/product/data.md analytics profile, one student. */
export const analyticsProfileSchema = z.object({
  user_unique_id: z.string(),
  user_phone: z.string(),
  user_email: z.string().nullable(),
  /** 1 male, 2 female, null unknown (from the application). */
  gender: z.number().int().nullable(),
  user_country: z.string(),
  user_state: z.string(),
  city: z.string(),
  user_school: z.string(),
  user_school_name: z.string(),
  user_batch: z.enum(['early', 'regular']),
  user_signup_status: z.enum(['activated', 'signed_up', 'paid', 'applied']),
  /** docs/product/data.md: 0/1/3 student, 4/8/12 volunteer, others student. */
  user_type: z.enum(['student', 'volunteer']),
  activated_at: timestampSchema,
  info_completed_at: timestampSchema.nullable(),
  basic_info_completed_at: timestampSchema.nullable(),
  paid_at: timestampSchema.nullable(),
  application_finished_at: timestampSchema.nullable(),
});
export type AnalyticsProfile = z.infer<typeof analyticsProfileSchema>;
