/**
 * A programme's after-offer portal (decision 075): the offer, the payment plan (application fee,
 * whole or deposit + final with due dates, priced durations), the parent link, passport and visa, the week
 * pages and the content pages. Gated as docs/product/users-and-roles.md says: 仅录取用户可访问, 完成定金支付后，方可访问.
 */
import { z } from 'zod';
import { envelopeSchema } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { INSTALLMENT_STATUSES } from '../fee-plan.ts';
import { APPLICATION_STATES, FEE_MODES, PROGRAMME_PAY_KINDS, VISA_STATUSES, programmeDurationSchema } from '../programmes.ts';
import { paymentChannelSchema, paymentProviderSchema, wxPayerTicketSchema } from './payments.ts';
import { programmeCodeSchema, programmeDecisionViewSchema, programmeFileSchema } from './programmes.ts';
import { requestObjectSchema, timestampSchema } from './common.ts';

// GET /api/student/programmes/:code/portal ---------------------------------------------------------------------
export const programmeInstallmentSchema = z.object({
  kind: z.enum(['whole', 'deposit', 'final']),
  label: z.string(),
  amount_fen: z.number().int().nonnegative(),
  due_at: timestampSchema,
  status: z.enum(INSTALLMENT_STATUSES),
  paid_at: timestampSchema.nullable(),
  /** True when staff extended this student's due date (decision 090); due_at is then the extended one. */
  extended: z.boolean().optional(),
  /** Whether its 支付 button works now (earlier installment paid, a duration chosen where needed, not overdue-blocked). */
  payable: z.boolean(),
});
export type ProgrammeInstallment = z.infer<typeof programmeInstallmentSchema>;

export const programmePortalSchema = z.object({
  code: z.string(),
  name: z.string(),
  state: z.enum(APPLICATION_STATES),
  offer: programmeDecisionViewSchema.nullable(),
  /** docs/product/users-and-roles.md messages for each gate, null when passed: offer (仅录取用户可访问), deposit (完成定金支付后，方可访问). */
  gates: z.object({ offer: z.string().nullable(), deposit: z.string().nullable() }),
  fees: z.object({
    mode: z.enum(FEE_MODES),
    durations: z.array(programmeDurationSchema),
    /** The student's chosen duration key (SBP), null before choosing or without durations. */
    duration_key: z.string().nullable(),
    /** The programme fee that applies to this student (the chosen duration's, or the programme's). */
    fee_fen: z.number().int(),
    paid_fen: z.number().int(),
    parent_pay: z.boolean(),
  }),
  /** Null while the offer gate is closed or the programme is free. */
  installments: z.array(programmeInstallmentSchema).nullable(),
  next_kind: z.enum(['whole', 'deposit', 'final']).nullable(),
  documents: z.object({ passport: z.boolean(), visa: z.boolean() }),
  passport_saved: z.boolean(),
  visa_status: z.enum(VISA_STATUSES).nullable(),
  weeks: z.array(z.object({ week: z.number().int(), title: z.string(), opens_at: timestampSchema, open: z.boolean() })),
  has_course: z.boolean(),
  has_announcement: z.boolean(),
});
export type ProgrammePortal = z.infer<typeof programmePortalSchema>;
export const programmePortalResponseSchema = envelopeSchema(programmePortalSchema);

// PUT /api/student/programmes/:code/duration -------------------------------------------------------------------
export const programmeDurationRequestSchema = requestObjectSchema({
  duration_key: z.string({ error: MSG.PROGRAMME_DURATION_INVALID }).max(40, { error: MSG.PROGRAMME_DURATION_INVALID }),
});

// POST /api/student/programmes/:code/payment (answers the payment order schema of payments.ts) ---------------------
export const programmePaymentRequestSchema = requestObjectSchema({
  kind: z.enum(PROGRAMME_PAY_KINDS, { error: MSG.PAY_PURPOSE_REQUIRED }),
  provider: paymentProviderSchema,
  channel: paymentChannelSchema,
  wx_payer: wxPayerTicketSchema.optional(),
});
export type ProgrammePaymentRequest = z.infer<typeof programmePaymentRequestSchema>;

// POST /api/student/programmes/:code/parent-link (answers parentLinkSchema: url /pay/{code}-parent/<token>) -------
// The parent uses the guest pay-for endpoints of payments.ts with that token.

// GET /api/student/programmes/:code/weeks/:week -------------------------------------------------------------------
export const programmeWeekParamsSchema = z.object({ code: programmeCodeSchema, week: z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }).max(52, { error: MSG.PARAM_INVALID }) });
export const programmeWeekViewSchema = z.object({
  week: z.number().int(),
  title: z.string(),
  opens_at: timestampSchema,
  content_html: z.string(),
  tasks: z.array(z.string()),
  /** Neighbouring weeks that exist (for 上一周 / 下一周). */
  prev: z.number().int().nullable(),
  next: z.number().int().nullable(),
});
export const programmeWeekResponseSchema = envelopeSchema(programmeWeekViewSchema);

// GET /api/student/programmes/:code/pages/:page --------------------------------------------------------------------
/** intro: /student/{code}101 (offer gate); course: /{code}/course (deposit gate); announcement (offer gate). */
export const PROGRAMME_PAGES = ['intro', 'course', 'announcement'] as const;
export const programmePageParamsSchema = z.object({ code: programmeCodeSchema, page: z.enum(PROGRAMME_PAGES, { error: MSG.PAGE_NOT_FOUND }) });
export const programmePageSchema = z.object({ title: z.string(), html: z.string(), updated_at: timestampSchema });
export const programmePageResponseSchema = envelopeSchema(programmePageSchema);

// GET/PUT /api/student/programmes/:code/passport; PUT /api/student/hx-week/passport-own (docs/api-contract.md alias) -------------
export const passportRequestSchema = requestObjectSchema({
  number: z.string({ error: MSG.PASSPORT_NUMBER_INVALID }).max(40, { error: MSG.PASSPORT_NUMBER_INVALID }),
  /** As printed: ZHANG XIAOMING. */
  name: z.string({ error: MSG.PASSPORT_NAME_INVALID }).trim().regex(/^[A-Z][A-Z' -]{0,79}$/, { error: MSG.PASSPORT_NAME_INVALID }),
  expires_on: z.string({ error: MSG.PASSPORT_EXPIRY_INVALID }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.PASSPORT_EXPIRY_INVALID }),
  scan: programmeFileSchema,
});
export type PassportRequest = z.infer<typeof passportRequestSchema>;
export const passportViewSchema = z.object({
  /** E1*****78: the student sees their own number masked too (it is on their passport). */
  number_masked: z.string(),
  name: z.string(),
  expires_on: z.string(),
  scan: programmeFileSchema.nullable(),
  updated_at: timestampSchema,
});
export const passportStateSchema = z.object({ required: z.boolean(), ends_on: z.string().nullable(), passport: passportViewSchema.nullable() });
export const passportResponseSchema = envelopeSchema(passportStateSchema);

// GET/PUT /api/student/programmes/:code/visa ------------------------------------------------------------------------
export const visaRequestSchema = requestObjectSchema({
  files: z.array(programmeFileSchema, { error: MSG.VISA_FILES_REQUIRED }).min(1, { error: MSG.VISA_FILES_REQUIRED }).max(10, { error: MSG.VISA_FILES_REQUIRED }),
  note: z.string({ error: MSG.PARAM_INVALID }).trim().max(500, { error: MSG.PROGRAMME_TEXT_TOO_LONG }).default(''),
});
export type VisaRequest = z.infer<typeof visaRequestSchema>;
export const visaViewSchema = z.object({
  status: z.enum(VISA_STATUSES),
  files: z.array(programmeFileSchema),
  note: z.string(),
  review_note: z.string(),
  reviewed_at: timestampSchema.nullable(),
  updated_at: timestampSchema.nullable(),
});
export const visaStateSchema = z.object({ required: z.boolean(), visa: visaViewSchema });
export const visaResponseSchema = envelopeSchema(visaStateSchema);
