/**
 * Programme endpoints (docs/decisions/075-programmes.md): the public page, the applicant's generic
 * form (steps, drafts, uploads per role), the spec's aliases, and the admin's definitions and decisions.
 * The after-offer portal (payments, passport, visa, weeks, pages) is in programme-portal.ts.
 */
import { z } from 'zod';
import { envelopeSchema } from '../envelope.ts';
import { MSG } from '../messages.ts';
import {
  APPLICANT_ROLES,
  APPLICATION_STATES,
  FEE_MODES,
  PROGRAMME_CODE_PATTERN,
  PROGRAMME_DECISIONS,
  PROGRAMME_STATUSES,
  VISA_STATUSES,
  programmeDefinitionSchema,
  programmeDurationSchema,
  programmeStepSchema,
} from '../programmes.ts';
import { DB_INT_MAX, boundedStringSchema, requestObjectSchema, timestampSchema } from './common.ts';

export const programmeCodeSchema = z.string({ error: MSG.PROGRAMME_NOT_FOUND }).regex(PROGRAMME_CODE_PATTERN, { error: MSG.PROGRAMME_NOT_FOUND });
export const programmeCodeParamsSchema = z.object({ code: programmeCodeSchema });
const int4 = z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).positive({ error: MSG.PARAM_INVALID }).max(DB_INT_MAX, { error: MSG.PARAM_INVALID });

/** An uploaded file in an answer: the storage url the uploader returned and the file's own name. */
export const programmeFileSchema = z.object({
  url: z.string({ error: MSG.PROGRAMME_ANSWER_INVALID }).min(1, { error: MSG.PROGRAMME_ANSWER_INVALID }).max(1000, { error: MSG.PROGRAMME_ANSWER_INVALID }),
  name: z.string({ error: MSG.PROGRAMME_ANSWER_INVALID }).min(1, { error: MSG.PROGRAMME_ANSWER_INVALID }).max(200, { error: MSG.PROGRAMME_ANSWER_INVALID }),
}, { error: MSG.PROGRAMME_ANSWER_INVALID });
export type ProgrammeFile = z.infer<typeof programmeFileSchema>;

/** text/textarea/radio/select/date: a string; checkbox: strings; upload: files (one or more). */
export const programmeAnswerSchema = z.union([z.string().max(20_000), z.array(z.string().max(200)).max(50), z.array(programmeFileSchema).max(20)], { error: MSG.PARAM_INVALID });
export type ProgrammeAnswer = z.infer<typeof programmeAnswerSchema>;
/** step key → question key → answer. */
export type ProgrammeAnswers = Record<string, Record<string, ProgrammeAnswer>>;

const feesPublicSchema = z.object({
  apply_fee_fen: z.number().int(),
  mode: z.enum(FEE_MODES),
  fee_fen: z.number().int(),
  deposit_fen: z.number().int(),
  durations: z.array(programmeDurationSchema),
  parent_pay: z.boolean(),
});

// GET /api/programmes/:code (public) ------------------------------------------------------------------------
export const programmePublicSchema = z.object({
  code: z.string(),
  name: z.string(),
  summary: z.string(),
  intro_html: z.string(),
  applicant_role: z.enum(APPLICANT_ROLES),
  status: z.enum(PROGRAMME_STATUSES),
  apply_opens_at: timestampSchema.nullable(),
  apply_closes_at: timestampSchema.nullable(),
  /** Why applications are not taken now (未开放 / 已截止), null when open. */
  window_msg: z.string().nullable(),
  /** Who may apply, in words (e.g. 仅中学生可游览). */
  eligibility_notes: z.array(z.string()),
  fees: feesPublicSchema,
  steps: z.array(z.object({ key: z.string(), title: z.string() })),
});
export type ProgrammePublic = z.infer<typeof programmePublicSchema>;
export const programmePublicResponseSchema = envelopeSchema(programmePublicSchema);

// GET /api/student/programmes ---------------------------------------------------------------------------------
export const myProgrammeSchema = z.object({
  code: z.string(),
  name: z.string(),
  summary: z.string(),
  state: z.enum(APPLICATION_STATES),
  /** Why this account may not apply (docs/product/users-and-roles.md message), null when it may. */
  eligibility_msg: z.string().nullable(),
  window_msg: z.string().nullable(),
});
export type MyProgramme = z.infer<typeof myProgrammeSchema>;
export const myProgrammesResponseSchema = envelopeSchema(z.array(myProgrammeSchema));

// GET /api/{student|sl}/programmes/:code/application -----------------------------------------------------------
export const programmeDecisionViewSchema = z.object({
  decision: z.enum(PROGRAMME_DECISIONS),
  offer_type: z.string().nullable(),
  /** The offer type's label (H-week), or null. */
  offer_label: z.string().nullable(),
  released_at: timestampSchema,
});
export type ProgrammeDecisionView = z.infer<typeof programmeDecisionViewSchema>;

export const myApplicationSchema = z.object({
  programme: z.object({
    code: z.string(),
    name: z.string(),
    summary: z.string(),
    applicant_role: z.enum(APPLICANT_ROLES),
    steps: z.array(programmeStepSchema),
    fees: feesPublicSchema,
  }),
  eligibility_msg: z.string().nullable(),
  window_msg: z.string().nullable(),
  state: z.enum(APPLICATION_STATES),
  answers: z.record(z.string(), z.record(z.string(), programmeAnswerSchema)),
  /** Step keys submitted, in order; the form is read-only once `submitted_at` is set. */
  submitted_steps: z.array(z.string()),
  submitted_at: timestampSchema.nullable(),
  updated_at: timestampSchema.nullable(),
  apply_fee: z.object({ fen: z.number().int(), paid: z.boolean() }),
  /** Only once released. */
  decision: programmeDecisionViewSchema.nullable(),
});
export type MyApplication = z.infer<typeof myApplicationSchema>;
export const myApplicationResponseSchema = envelopeSchema(myApplicationSchema);

// PUT /api/{student|sl}/programmes/:code/application/steps/:step -----------------------------------------------
/** Saves the step's answers (merged over the draft); `submit` checks required answers and submits the step. */
export const programmeStepParamsSchema = z.object({ code: programmeCodeSchema, step: z.string({ error: MSG.PROGRAMME_STEP_NOT_FOUND }).regex(/^[a-z][a-z0-9_]{0,39}$/, { error: MSG.PROGRAMME_STEP_NOT_FOUND }) });
export const programmeStepSaveRequestSchema = requestObjectSchema({
  answers: z.record(z.string().max(40), programmeAnswerSchema, { error: MSG.PARAM_INVALID }),
  submit: z.boolean({ error: MSG.PARAM_INVALID }).default(false),
});
export type ProgrammeStepSaveRequest = z.infer<typeof programmeStepSaveRequestSchema>;

// Spec aliases: POST /api/student/v5/si/apply (SSI's one step), POST /api/student/vol/apply/step1 and step2 --------
export const aliasApplyRequestSchema = requestObjectSchema({
  answers: z.record(z.string().max(40), programmeAnswerSchema, { error: MSG.PARAM_INVALID }),
  submit: z.boolean({ error: MSG.PARAM_INVALID }).default(true),
});

// Admin: GET/POST /api/admin/programmes, GET/PUT /api/admin/programmes/:code ---------------------------------------
export const adminProgrammeRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  status: z.enum(PROGRAMME_STATUSES),
  applicant_role: z.enum(APPLICANT_ROLES),
  /** Applications by state (as admins see them: drafts of decisions count as submitted until released). */
  counts: z.object({ draft: z.number().int(), submitted: z.number().int(), admitted: z.number().int(), rejected: z.number().int(), waitlisted: z.number().int() }),
  updated_at: timestampSchema,
});
export type AdminProgrammeRow = z.infer<typeof adminProgrammeRowSchema>;
export const adminProgrammesResponseSchema = envelopeSchema(z.array(adminProgrammeRowSchema));

export const programmeCreateRequestSchema = requestObjectSchema({
  code: z.string({ error: MSG.PROGRAMME_CODE_INVALID }).regex(PROGRAMME_CODE_PATTERN, { error: MSG.PROGRAMME_CODE_INVALID }),
  definition: programmeDefinitionSchema,
});
export type ProgrammeCreateRequest = z.infer<typeof programmeCreateRequestSchema>;
export const programmeUpdateRequestSchema = requestObjectSchema({ definition: programmeDefinitionSchema });
export type ProgrammeUpdateRequest = z.infer<typeof programmeUpdateRequestSchema>;

export const adminProgrammeSchema = z.object({ code: z.string(), definition: programmeDefinitionSchema, created_at: timestampSchema, updated_at: timestampSchema });
export type AdminProgramme = z.infer<typeof adminProgrammeSchema>;
export const adminProgrammeResponseSchema = envelopeSchema(adminProgrammeSchema);

// Admin: GET /api/admin/programmes/:code/applications ------------------------------------------------------------
export const ADMIN_APPLICATION_FILTERS = ['all', 'draft', 'submitted', 'decided', 'released', 'admitted', 'rejected', 'waitlisted'] as const;
export const adminProgrammeApplicationsQuerySchema = z.object({
  filter: z.enum(ADMIN_APPLICATION_FILTERS, { error: MSG.PARAM_INVALID }).default('all'),
  q: boundedStringSchema(60).optional(),
  page: z.coerce.number({ error: MSG.PARAM_INVALID }).int().min(1).max(10_000).default(1),
  size: z.coerce.number({ error: MSG.PARAM_INVALID }).int().min(1).max(200).default(20),
}, { error: MSG.PARAM_INVALID });
export type AdminProgrammeApplicationsQuery = z.infer<typeof adminProgrammeApplicationsQuerySchema>;

export const adminDecisionSchema = z.object({
  decision: z.enum(PROGRAMME_DECISIONS),
  offer_type: z.string().nullable(),
  note: z.string(),
  decided_at: timestampSchema,
  /** null: a draft only admins see. */
  released_at: timestampSchema.nullable(),
});

export const adminProgrammeApplicationRowSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  name: z.string(),
  /** Masked: 138****0001. */
  phone: z.string(),
  state: z.enum(APPLICATION_STATES),
  submitted_at: timestampSchema.nullable(),
  decision: adminDecisionSchema.nullable(),
  /** Fen paid towards the programme (deposit + final or whole), and whether it is paid in full. */
  paid_fen: z.number().int(),
  fully_paid: z.boolean(),
  visa_status: z.enum(VISA_STATUSES).nullable(),
});
export type AdminProgrammeApplicationRow = z.infer<typeof adminProgrammeApplicationRowSchema>;
export const adminProgrammeApplicationsResponseSchema = envelopeSchema(z.object({ items: z.array(adminProgrammeApplicationRowSchema), total: z.number().int() }));

// Admin: GET /api/admin/programmes/:code/applications/:id -------------------------------------------------------
export const programmeApplicationParamsSchema = z.object({ code: programmeCodeSchema, id: int4 });
export const adminProgrammeApplicationSchema = adminProgrammeApplicationRowSchema.extend({
  /** The answers in form order with their labels. */
  steps: z.array(z.object({ key: z.string(), title: z.string(), submitted: z.boolean(), answers: z.array(z.object({ key: z.string(), label: z.string(), type: z.string(), value: programmeAnswerSchema.nullable() })) })),
  passport: z.object({ number_masked: z.string(), name: z.string(), expires_on: z.string(), scan: programmeFileSchema.nullable(), updated_at: timestampSchema }).nullable(),
  visa: z.object({ status: z.enum(VISA_STATUSES), files: z.array(programmeFileSchema), note: z.string(), review_note: z.string(), reviewed_at: timestampSchema.nullable() }).nullable(),
  duration_key: z.string().nullable(),
});
export type AdminProgrammeApplication = z.infer<typeof adminProgrammeApplicationSchema>;
export const adminProgrammeApplicationResponseSchema = envelopeSchema(adminProgrammeApplicationSchema);

// Admin: PUT/DELETE /api/admin/programmes/:code/applications/:id/decision --------------------------------------
export const programmeDecisionRequestSchema = requestObjectSchema({
  decision: z.enum(PROGRAMME_DECISIONS, { error: MSG.ADMISSION_DECISION_REQUIRED }),
  offer_type: z.string({ error: MSG.PROGRAMME_OFFER_TYPE_REQUIRED }).max(40).nullable().default(null),
  note: z.string({ error: MSG.PARAM_INVALID }).max(500, { error: MSG.PROGRAMME_TEXT_TOO_LONG }).default(''),
});
export type ProgrammeDecisionRequest = z.infer<typeof programmeDecisionRequestSchema>;

// Admin: POST /api/admin/programmes/:code/release ---------------------------------------------------------------
export const programmeReleaseRequestSchema = requestObjectSchema({
  ids: z.array(z.number({ error: MSG.ADMISSION_RELEASE_IDS }).int().positive().max(DB_INT_MAX), { error: MSG.ADMISSION_RELEASE_IDS }).min(1, { error: MSG.ADMISSION_RELEASE_IDS }).max(500, { error: MSG.ADMISSION_RELEASE_IDS }),
});
export const programmeReleaseResponseSchema = envelopeSchema(z.object({ released: z.number().int() }));

// Admin: PUT /api/admin/programmes/:code/applications/:id/visa --------------------------------------------------
export const visaReviewRequestSchema = requestObjectSchema({
  status: z.enum(['approved', 'rejected'], { error: MSG.VISA_STATUS_REQUIRED }),
  note: z.string({ error: MSG.PARAM_INVALID }).trim().max(500, { error: MSG.PROGRAMME_TEXT_TOO_LONG }).default(''),
});
export type VisaReviewRequest = z.infer<typeof visaReviewRequestSchema>;

// Admin: GET /api/admin/programmes/:code/applications/:id/passport (the full number; students.reveal_id, audited)
export const passportRevealResponseSchema = envelopeSchema(z.object({ number: z.string() }));
