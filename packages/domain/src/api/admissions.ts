/**
 * Admin side of admissions (decisions 011, 012): the applications list and detail, decisions (draft →
 * released → withdrawn back to draft), bulk release, financial-aid grants. Schemas per endpoint plus the
 * pure rules that say which transition is allowed; the api enforces them, the web greys buttons with them.
 * docs/decisions/011-admission-decisions.md.
 */
import { z } from 'zod';
import { PROFESSIONAL_TRACKS } from '../application.ts';
import { SESSION_WINDOWS } from '../constants.ts';
import { envelopeSchema } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { PAYMENT_ORDER_STATUSES, PAYMENT_PURPOSES } from '../payments.ts';
import { boundedStringSchema, queryIdSchema, requestObjectSchema, timestampSchema } from './common.ts';
import { adminSchoolRecommendationSchema } from './school.ts';

// Enums -----------------------------------------------------------------------------------------------------

export const ADMISSION_DECISIONS = ['offer', 'reject', 'waitlist'] as const;
export type AdmissionDecisionKind = (typeof ADMISSION_DECISIONS)[number];
export const ADMISSION_DECISION_LABELS: Record<AdmissionDecisionKind, string> = { offer: '录取', reject: '拒绝', waitlist: '候补' };

/**
 * Where an application stands, for the admin list. Only students with step 1 submitted have one.
 * step1: step 1 submitted, fee unpaid; paid: fee paid, step 2 not submitted; submitted: step 2 submitted,
 * no decision; decided: a draft decision; released: decision released; tuition_paid: tuition paid.
 */
export const ADMISSION_STAGES = ['step1', 'paid', 'submitted', 'decided', 'released', 'tuition_paid'] as const;
export type AdmissionStage = (typeof ADMISSION_STAGES)[number];
export const ADMISSION_STAGE_LABELS: Record<AdmissionStage, string> = {
  step1: '已提交第一步',
  paid: '已缴申请费',
  submitted: '待决定',
  decided: '草稿待发布',
  released: '已发布',
  tuition_paid: '已缴学费',
};

/** Offer places are the three sessions of docs/product/constants.md. */
export const OFFER_PLACE_NAMES = SESSION_WINDOWS.map((s) => s.name) as [string, ...string[]];
/** Offer tracks are the professional tracks of the application form. */
export const OFFER_TRACKS = PROFESSIONAL_TRACKS.map((t) => t.value) as [string, ...string[]];

export const FINANCIAL_AID_STATUSES = ['pending', 'granted', 'declined'] as const;
export type FinancialAidStatus = (typeof FINANCIAL_AID_STATUSES)[number];
export const FINANCIAL_AID_STATUS_LABELS: Record<FinancialAidStatus, string> = { pending: '待审核', granted: '已批准', declined: '已拒绝' };

/** Why a bulk release left an id out. */
export const RELEASE_SKIP_REASONS = ['not_found', 'no_decision', 'already_released'] as const;
export type ReleaseSkipReason = (typeof RELEASE_SKIP_REASONS)[number];
export const RELEASE_SKIP_LABELS: Record<ReleaseSkipReason, string> = {
  not_found: '申请不存在',
  no_decision: '没有待发布的草稿',
  already_released: '已发布',
};

export const RELEASE_BATCH_MAX = 500;
export const ADMIN_PAGE_SIZE_MAX = 100;

// Pure rules ------------------------------------------------------------------------------------------------

export interface JourneyStamps {
  step1SubmittedAt: unknown;
  applyPaidAt: unknown;
  step2SubmittedAt: unknown;
  tuitionPaidAt: unknown;
}

/** The stage of an application (null = step 1 not submitted: not an application yet). */
export function admissionStageOf(p: JourneyStamps, decision: { released: boolean } | null): AdmissionStage | null {
  if (p.step1SubmittedAt == null) return null;
  if (p.tuitionPaidAt != null) return 'tuition_paid';
  if (decision) return decision.released ? 'released' : 'decided';
  if (p.step2SubmittedAt != null) return 'submitted';
  return p.applyPaidAt != null ? 'paid' : 'step1';
}

export interface DecisionSubject {
  step2Submitted: boolean;
  tuitionPaid: boolean;
  decision: { released: boolean } | null;
}

export type RuleResult = { ok: true } | { ok: false; msg: string };
const allow: RuleResult = { ok: true };
const refuse = (msg: string): RuleResult => ({ ok: false, msg });

/** Saving (creating or editing) a draft: only after step 2, never over a released decision. */
export function canSaveDecision(s: DecisionSubject): RuleResult {
  if (!s.step2Submitted) return refuse(MSG.ADMISSION_NOT_SUBMITTED);
  if (s.decision?.released) return refuse(MSG.ADMISSION_RELEASED_LOCKED);
  return allow;
}

export function canDeleteDraft(s: DecisionSubject): RuleResult {
  if (!s.decision) return refuse(MSG.ADMISSION_NO_DECISION);
  if (s.decision.released) return refuse(MSG.ADMISSION_RELEASED_LOCKED);
  return allow;
}

export function releaseSkipReason(s: DecisionSubject | null): ReleaseSkipReason | null {
  if (!s) return 'not_found';
  if (!s.decision) return 'no_decision';
  if (s.decision.released) return 'already_released';
  return null;
}

/** Un-releasing puts the decision back to draft; once tuition is paid the offer is a contract. */
export function canWithdraw(s: DecisionSubject): RuleResult {
  if (!s.decision?.released) return refuse(MSG.ADMISSION_NOT_RELEASED);
  if (s.tuitionPaid) return refuse(MSG.ADMISSION_TUITION_PAID);
  return allow;
}

/** Granting aid changes the tuition order: only before tuition is paid, within 1 fen … the fee. */
export function canDecideAid(s: { tuitionPaid: boolean; status: 'granted' | 'declined'; grantedFen: number; tuitionFen: number }): RuleResult {
  if (s.tuitionPaid) return refuse(MSG.AID_TUITION_PAID);
  if (s.status === 'granted' && (s.grantedFen < 1 || s.grantedFen > s.tuitionFen)) return refuse(MSG.AID_AMOUNT_INVALID);
  return allow;
}

/** Letter numbers: SUMMIT-<Beijing year of first release>-<account id, 6+ digits>; one per student. */
export function offerLetterNo(accountId: number, releasedAt: Date): string {
  const beijingYear = new Date(releasedAt.getTime() + 8 * 3_600_000).getUTCFullYear();
  return `SUMMIT-${beijingYear}-${String(accountId).padStart(6, '0')}`;
}

// Shared pieces ---------------------------------------------------------------------------------------------

const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);
const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsAbsent, schema.optional());

export const adminDecisionKindSchema = z.enum(ADMISSION_DECISIONS, { error: MSG.ADMISSION_DECISION_REQUIRED });
export const admissionStageSchema = z.enum(ADMISSION_STAGES, { error: MSG.PARAM_INVALID });
export const financialAidStatusSchema = z.enum(FINANCIAL_AID_STATUSES);

/** Account and region ids are PostgreSQL integers: a bigger number is a bad parameter, not a database error. */
export const INT4_MAX = 2_147_483_647;
const int4IdSchema = queryIdSchema.max(INT4_MAX, { error: MSG.PARAM_INVALID });

export const adminUserParamsSchema = z.object({ userId: int4IdSchema });
export type AdminUserParams = z.infer<typeof adminUserParamsSchema>;

const pageQuery = {
  page: optionalQuery(z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }).max(100_000, { error: MSG.PARAM_INVALID })),
  page_size: optionalQuery(
    z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }).max(ADMIN_PAGE_SIZE_MAX, { error: MSG.PARAM_INVALID }),
  ),
};

function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
}

// GET /api/admin/applications -------------------------------------------------------------------------------
export const adminApplicationListQuerySchema = requestObjectSchema({
  batch: optionalQuery(boundedStringSchema(20).trim()),
  stage: optionalQuery(admissionStageSchema),
  /** A school id (digits) or part of the school name. */
  school: optionalQuery(boundedStringSchema(100).trim()),
  /** A state (province) id, e.g. 110000. */
  province: optionalQuery(int4IdSchema),
  /** Part of the name, phone or school name. */
  q: optionalQuery(boundedStringSchema(100).trim()),
  ...pageQuery,
});
export type AdminApplicationListQuery = z.infer<typeof adminApplicationListQuerySchema>;

export const decisionBriefSchema = z.object({ decision: adminDecisionKindSchema, released: z.boolean() });

export const adminApplicationItemSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  school_name: z.string().nullable(),
  province: z.string().nullable(),
  batch: z.string().nullable(),
  stage: admissionStageSchema,
  step1_submitted_at: timestampSchema.nullable(),
  step2_submitted_at: timestampSchema.nullable(),
  apply_paid_at: timestampSchema.nullable(),
  decision: decisionBriefSchema.nullable(),
  tuition_paid_at: timestampSchema.nullable(),
});
export type AdminApplicationItem = z.infer<typeof adminApplicationItemSchema>;
export const adminApplicationListSchema = pageOf(adminApplicationItemSchema);
export type AdminApplicationList = z.infer<typeof adminApplicationListSchema>;
export const adminApplicationListResponseSchema = envelopeSchema(adminApplicationListSchema);

// GET /api/admin/applications/:userId ------------------------------------------------------------------------
export const admissionDecisionSchema = z.object({
  decision: adminDecisionKindSchema,
  place_name: z.string().nullable(),
  professional_track: z.string().nullable(),
  note: z.string().nullable(),
  decided_by: z.number().int().nullable(),
  decided_at: timestampSchema,
  released_at: timestampSchema.nullable(),
  released_by: z.number().int().nullable(),
  letter_no: z.string().nullable(),
});
export type AdmissionDecision = z.infer<typeof admissionDecisionSchema>;

export const adminFinancialAidSchema = z.object({
  status: financialAidStatusSchema,
  granted_fen: z.number().int(),
  value: z.record(z.string(), z.unknown()),
  decided_by: z.number().int().nullable(),
  decided_at: timestampSchema.nullable(),
  created_at: timestampSchema,
});

export const adminPaymentItemSchema = z.object({
  order_no: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  amount_fen: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_ORDER_STATUSES),
  provider: z.string(),
  channel: z.string(),
  payer: z.string(),
  created_at: timestampSchema,
  paid_at: timestampSchema.nullable(),
});

export const adminAuditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: timestampSchema,
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminApplicationDetailSchema = z.object({
  user_id: z.number().int(),
  stage: admissionStageSchema,
  profile: z.object({
    name: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    school_name: z.string().nullable(),
    /** Country / province / city / district names joined with " / ". */
    area: z.string().nullable(),
  }),
  application: z.object({
    /** applicationSummary(step1, step2): labelled Chinese sections, card number masked. */
    summary: z.array(z.object({ title: z.string(), items: z.array(z.object({ label: z.string(), value: z.string() })) })),
    step1: z.record(z.string(), z.unknown()),
    step2: z.record(z.string(), z.unknown()),
    batch: z.string().nullable(),
    consent_version: z.string().nullable(),
    consent_at: timestampSchema.nullable(),
  }),
  journey: z.object({
    activated_at: timestampSchema,
    info_completed_at: timestampSchema.nullable(),
    step1_submitted_at: timestampSchema.nullable(),
    apply_paid_at: timestampSchema.nullable(),
    step2_submitted_at: timestampSchema.nullable(),
    offer_letter: z.number().int().nullable(),
    offer_created_at: timestampSchema.nullable(),
    tuition_paid_at: timestampSchema.nullable(),
  }),
  decision: admissionDecisionSchema.nullable(),
  financial_aid: adminFinancialAidSchema.nullable(),
  payments: z.array(adminPaymentItemSchema),
  audit: z.array(adminAuditEntrySchema),
  /** This programme year's recommendation by the student's school (school portal, decision 059). */
  school_recommendation: adminSchoolRecommendationSchema.nullable(),
});
export type AdminApplicationDetail = z.infer<typeof adminApplicationDetailSchema>;
export const adminApplicationDetailResponseSchema = envelopeSchema(adminApplicationDetailSchema);

// PUT /api/admin/applications/:userId/decision ----------------------------------------------------------------
const optionalText = (max: number) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), boundedStringSchema(max).trim().optional());

export const decisionSaveRequestSchema = requestObjectSchema({
  decision: adminDecisionKindSchema,
  place_name: z.preprocess(blankAsAbsent, z.enum(OFFER_PLACE_NAMES, { error: MSG.ADMISSION_PLACE_REQUIRED }).nullable().optional()),
  professional_track: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.enum(OFFER_TRACKS, { error: MSG.ADMISSION_TRACK_REQUIRED }).optional(),
  ),
  note: optionalText(500),
}).superRefine((v, ctx) => {
  if (v.decision !== 'offer') return;
  if (!v.place_name) ctx.addIssue({ code: 'custom', path: ['place_name'], message: MSG.ADMISSION_PLACE_REQUIRED });
  else if (!v.professional_track) ctx.addIssue({ code: 'custom', path: ['professional_track'], message: MSG.ADMISSION_TRACK_REQUIRED });
});
export type DecisionSaveRequest = z.infer<typeof decisionSaveRequestSchema>;
export const decisionResponseSchema = envelopeSchema(admissionDecisionSchema);

// POST /api/admin/applications/release -------------------------------------------------------------------------
export const releaseRequestSchema = requestObjectSchema({
  user_ids: z
    .array(z.number({ error: MSG.ADMISSION_RELEASE_IDS }).int({ error: MSG.ADMISSION_RELEASE_IDS }).positive({ error: MSG.ADMISSION_RELEASE_IDS }).max(INT4_MAX, { error: MSG.ADMISSION_RELEASE_IDS }), {
      error: MSG.ADMISSION_RELEASE_IDS,
    })
    .min(1, { error: MSG.ADMISSION_RELEASE_IDS })
    .max(RELEASE_BATCH_MAX, { error: MSG.ADMISSION_RELEASE_IDS }),
});
export type ReleaseRequest = z.infer<typeof releaseRequestSchema>;
export const releaseResultSchema = z.object({
  released: z.number().int(),
  skipped: z.array(z.object({ user_id: z.number().int(), reason: z.enum(RELEASE_SKIP_REASONS) })),
});
export type ReleaseResult = z.infer<typeof releaseResultSchema>;
export const releaseResponseSchema = envelopeSchema(releaseResultSchema);

// GET /api/admin/financial-aid, PUT /api/admin/financial-aid/:userId ---------------------------------------------
export const adminAidListQuerySchema = requestObjectSchema({
  status: optionalQuery(z.enum(FINANCIAL_AID_STATUSES, { error: MSG.PARAM_INVALID })),
  ...pageQuery,
});
export type AdminAidListQuery = z.infer<typeof adminAidListQuerySchema>;

export const adminAidItemSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  school_name: z.string().nullable(),
  value: z.record(z.string(), z.unknown()),
  status: financialAidStatusSchema,
  granted_fen: z.number().int(),
  decided_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  tuition_fen: z.number().int(),
  tuition_paid: z.boolean(),
});
export type AdminAidItem = z.infer<typeof adminAidItemSchema>;
export const adminAidListSchema = pageOf(adminAidItemSchema);
export type AdminAidList = z.infer<typeof adminAidListSchema>;
export const adminAidListResponseSchema = envelopeSchema(adminAidListSchema);

export const aidDecideRequestSchema = requestObjectSchema({
  status: z.enum(['granted', 'declined'], { error: MSG.AID_STATUS_REQUIRED }),
  /** Required for granted (1 … tuition fee); ignored and stored as 0 for declined. */
  granted_fen: z.preprocess(
    (v) => (v === null ? undefined : v),
    z.number({ error: MSG.AID_AMOUNT_INVALID }).int({ error: MSG.AID_AMOUNT_INVALID }).min(0, { error: MSG.AID_AMOUNT_INVALID }).max(100_000_000, { error: MSG.AID_AMOUNT_INVALID }).optional(),
  ),
}).superRefine((v, ctx) => {
  if (v.status === 'granted' && !v.granted_fen) ctx.addIssue({ code: 'custom', path: ['granted_fen'], message: MSG.AID_AMOUNT_INVALID });
});
export type AidDecideRequest = z.infer<typeof aidDecideRequestSchema>;
export const aidDecideResponseSchema = envelopeSchema(adminAidItemSchema);
