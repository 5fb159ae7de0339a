/**
 * Application endpoints (decision 009; docs/api-contract.md "Application"): deadlines (public and admin),
 * the two application steps, and the follow-up forms. Field rules live in ../application.ts.
 */
import { z } from 'zod';
import {
  APPLY_BATCHES,
  APPLY_MSG,
  DEADLINE_ORDER,
  STUDENT_FORMS,
  STUDENT_FORM_NAMES,
  step1DraftSchema,
  step1SubmitSchema,
  step2DraftSchema,
  step2SubmitSchema,
  type StudentFormName,
} from '../application.ts';
import { DEADLINE_KEYS } from '../constants.ts';
import { envelopeSchema } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { requestObjectSchema, timestampSchema } from './common.ts';
import { ONBOARDING_FORM_MSG, isOnboardingFormName, salvageOnboardingDraft, type OnboardingDraftProblem } from '../onboarding-forms.ts';

// Deadlines ---------------------------------------------------------------------------------------------

export const deadlineKeySchema = z.enum(DEADLINE_KEYS, { error: APPLY_MSG.DEADLINES_MISSING });

export const deadlineItemSchema = z.object({
  key: deadlineKeySchema,
  /** ISO 8601 with an offset; the api answers in UTC (`toISOString`). */
  deadline: z
    .string({ error: APPLY_MSG.DEADLINE_INVALID })
    .max(40, { error: APPLY_MSG.DEADLINE_INVALID })
    .pipe(z.iso.datetime({ offset: true, error: APPLY_MSG.DEADLINE_INVALID })),
});
export type DeadlineItem = z.infer<typeof deadlineItemSchema>;

export const deadlineListSchema = z.array(deadlineItemSchema);
export type DeadlineList = z.infer<typeof deadlineListSchema>;

/** GET /api/deadlines and GET/PUT /api/admin/settings/deadlines answer `{ items }`. */
export const deadlinesSchema = z.object({ items: deadlineListSchema });
export type DeadlinesData = z.infer<typeof deadlinesSchema>;
export const deadlinesResponseSchema = envelopeSchema(deadlinesSchema);

/**
 * PUT /api/admin/settings/deadlines: all four keys once each, EB1 ≤ EB2 ≤ RD ≤ MRD. A broken order is a
 * 4003 on `items.<index>.deadline` of the first key out of order.
 */
export const deadlinesUpdateRequestSchema = requestObjectSchema({
  items: z.array(deadlineItemSchema, { error: APPLY_MSG.DEADLINES_MISSING }).max(DEADLINE_KEYS.length, { error: APPLY_MSG.DEADLINES_MISSING }),
}).superRefine((value, ctx) => {
  const seen = new Map<string, number>();
  value.items.forEach((item, index) => {
    if (seen.has(item.key)) ctx.addIssue({ code: 'custom', message: APPLY_MSG.DEADLINE_DUPLICATE, path: ['items', index, 'key'] });
    seen.set(item.key, index);
  });
  if (DEADLINE_KEYS.some((k) => !seen.has(k))) {
    ctx.addIssue({ code: 'custom', message: APPLY_MSG.DEADLINES_MISSING, path: ['items'] });
    return;
  }
  for (let i = 1; i < DEADLINE_ORDER.length; i += 1) {
    const prevIndex = seen.get(DEADLINE_ORDER[i - 1]!)!;
    const index = seen.get(DEADLINE_ORDER[i]!)!;
    const prev = new Date(value.items[prevIndex]!.deadline).getTime();
    const cur = new Date(value.items[index]!.deadline).getTime();
    if (cur < prev) {
      ctx.addIssue({ code: 'custom', message: APPLY_MSG.DEADLINES_ORDER, path: ['items', index, 'deadline'] });
      return;
    }
  }
});
export type DeadlinesUpdateRequest = z.infer<typeof deadlinesUpdateRequestSchema>;

// GET /api/student/v5/apply -------------------------------------------------------------------------------

export const applyBatchSchema = z.enum(APPLY_BATCHES);
export const admissionDecisionKindSchema = z.enum(['offer', 'reject', 'waitlist']);

export const applyStateSchema = z.object({
  /** Answers so far (draft or submitted), as stored. */
  step1: z.record(z.string(), z.unknown()),
  step2: z.record(z.string(), z.unknown()),
  step1_submitted: z.boolean(),
  step1_submitted_at: timestampSchema.nullable(),
  step2_submitted: z.boolean(),
  step2_submitted_at: timestampSchema.nullable(),
  /** Decided when step 1 is submitted. */
  batch: applyBatchSchema.nullable(),
  is_apply_paid: z.boolean(),
  deadlines: deadlineListSchema,
  /** Whether each step can still be saved and submitted (step 1 until RD, step 2 until MRD). */
  open: z.object({ step1: z.boolean(), step2: z.boolean() }),
  /** Only a released decision; a draft decision is never shown. */
  decision: z.object({ decision: admissionDecisionKindSchema, released_at: timestampSchema }).nullable(),
  /** Version of the guardian consent text recorded at step 1 submission. */
  consent_version: z.string().nullable(),
  /** School from the student's profile, to prefill step 1. */
  profile_school: z.object({ school_id: z.number().int().nullable(), school_name: z.string().nullable() }),
  /**
   * When the answers were last written (null before the first save): the web keeps a local copy of what
   * the server refused and restores it only over the very version it was typed on (decision 024).
   */
  updated_at: timestampSchema.nullable(),
});
export type ApplyState = z.infer<typeof applyStateSchema>;
export const applyStateResponseSchema = envelopeSchema(applyStateSchema);

export const draftFieldProblemSchema = z.object({ field: z.string(), msg: z.string() });

// POST /api/student/v5/apply/step1 and step2 ---------------------------------------------------------------

/**
 * `submit: false` saves a draft: any subset of fields replaces the stored draft; each field is checked on
 * its own, an invalid one is not saved (its last good value stays) and is listed in `invalid_fields`, and
 * the answer is still 200 (decision 024). `submit: true` validates everything and submits (4003 on the
 * first bad field, nothing stored).
 */
export const applyStepRequestSchema = requestObjectSchema({
  submit: z.boolean({ error: MSG.PARAM_INVALID }),
  data: z.record(z.string().max(64), z.unknown(), { error: MSG.PARAM_INVALID }),
});
export type ApplyStepRequest = z.infer<typeof applyStepRequestSchema>;

/** The schema `data` must pass, per step and mode. */
export function applyStepDataSchema(step: 1 | 2, submit: boolean) {
  if (step === 1) return submit ? step1SubmitSchema : step1DraftSchema;
  return submit ? step2SubmitSchema : step2DraftSchema;
}

/** The state after the write, plus what a draft could not keep (always empty for a submission). */
export const applyStepResultSchema = applyStateSchema.extend({ invalid_fields: z.array(draftFieldProblemSchema) });
export type ApplyStepResult = z.infer<typeof applyStepResultSchema>;
export const applyStepResponseSchema = envelopeSchema(applyStepResultSchema);

// Forms: POST /api/student/form, GET /api/student/form?form_name=a,b ---------------------------------------

export const studentFormNameSchema = z.enum(STUDENT_FORM_NAMES as [StudentFormName, ...StudentFormName[]], { error: APPLY_MSG.FORM_UNKNOWN });

/**
 * `value` is checked against the named form's schema (4003 on `value.<field>`). `draft: true` (onboarding
 * forms only, decision 046) keeps the fields that pass their own rule and reports the others instead.
 */
export const studentFormRequestSchema = requestObjectSchema({
  form_name: studentFormNameSchema,
  value: z.record(z.string().max(64), z.unknown(), { error: MSG.PARAM_INVALID }),
  draft: z.boolean({ error: MSG.PARAM_INVALID }).optional(),
}).transform((body, ctx) => {
  if (body.draft === true) {
    if (!isOnboardingFormName(body.form_name)) {
      ctx.addIssue({ code: 'custom', message: ONBOARDING_FORM_MSG.DRAFT_NOT_SUPPORTED, path: ['draft'] });
      return z.NEVER;
    }
    const { kept, invalid } = salvageOnboardingDraft(body.form_name, body.value);
    return { form_name: body.form_name, value: kept as unknown, draft: true, invalid };
  }
  const result = STUDENT_FORMS[body.form_name].safeParse(body.value);
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['value', ...issue.path] });
    return z.NEVER;
  }
  return { form_name: body.form_name, value: result.data as unknown, draft: false, invalid: [] as OnboardingDraftProblem[] };
});
export type StudentFormRequest = z.output<typeof studentFormRequestSchema>;

export const studentFormQuerySchema = requestObjectSchema({
  form_name: z
    .string({ error: APPLY_MSG.FORM_UNKNOWN })
    .max(200, { error: APPLY_MSG.FORM_UNKNOWN })
    .transform((v) => v.split(',').map((s) => s.trim()).filter((s) => s !== ''))
    .pipe(z.array(studentFormNameSchema).min(1, { error: APPLY_MSG.FORM_UNKNOWN })),
});
export type StudentFormQuery = z.output<typeof studentFormQuerySchema>;

export const studentFormRecordSchema = z.object({
  form_name: studentFormNameSchema,
  submitted_at: timestampSchema.nullable(),
  value: z.unknown(),
});
export type StudentFormRecord = z.infer<typeof studentFormRecordSchema>;

export const studentFormListSchema = z.object({ items: z.array(studentFormRecordSchema) });
export const studentFormListResponseSchema = envelopeSchema(studentFormListSchema);
export const studentFormResponseSchema = envelopeSchema(studentFormRecordSchema);
