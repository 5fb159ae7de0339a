/**
 * Offer letter, its public verification, and financial aid (docs/decisions/012). Amounts
 * are integer fen. No I/O.
 */
import { z } from 'zod';
import { envelopeSchema } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { PAYMENT_CURRENCY } from '../payments.ts';
import { FILE_URL_PREFIX } from './storage.ts';
import { requestObjectSchema, timestampSchema } from './common.ts';
import { countTextUnits, requiredTextarea } from '../validation.ts';

/** Tuition is due this many days after the offer is released (shown on the letter; decision 012). */
export const TUITION_PAY_DAYS = 14;

/** The date the letter asks tuition to be paid by: release time + TUITION_PAY_DAYS. */
export function tuitionDeadline(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + TUITION_PAY_DAYS * 24 * 60 * 60_000);
}

// POST /api/student/offer-letter ---------------------------------------------------------------------------
export const offerLetterSchema = z.object({
  letter_no: z.string(),
  /** The account name, in full: only the student sees this. */
  student_name: z.string(),
  programme: z.string(),
  place_name: z.string().nullable(),
  professional_track: z.string().nullable(),
  /** When the offer was released. */
  issued_at: timestampSchema,
  /** Pay tuition by this time (issued_at + TUITION_PAY_DAYS). */
  pay_by: timestampSchema,
  /** The fee after granted aid: what the tuition order charges. */
  tuition_fen: z.number().int().positive(),
  /** The fee before aid. */
  fee_fen: z.number().int().positive(),
  aid_fen: z.number().int().nonnegative(),
  currency: z.literal(PAYMENT_CURRENCY),
  /** Public address that confirms the letter is genuine: <origin>/offer/verify/<code>. */
  verify_url: z.string(),
  tuition_paid: z.boolean(),
  tuition_paid_at: timestampSchema.nullable(),
  /** A split fee plan (decision 072): each installment with its amount and due date; empty when paid whole. */
  schedule: z.array(z.object({ label: z.string(), amount_fen: z.number().int().nonnegative(), due_at: timestampSchema })).default([]),
});
export type OfferLetter = z.infer<typeof offerLetterSchema>;
export const offerLetterResponseSchema = envelopeSchema(offerLetterSchema);

// GET /api/student/fees ------------------------------------------------------------------------------------
/** What this student would be charged: the application fee, and tuition after granted aid. */
export const studentFeesSchema = z.object({
  apply_fen: z.number().int().positive(),
  tuition_fen: z.number().int().positive(),
  aid_fen: z.number().int().nonnegative(),
  currency: z.literal(PAYMENT_CURRENCY),
});
export type StudentFees = z.infer<typeof studentFeesSchema>;

// GET /api/guest/offer-letter/verify/:code -----------------------------------------------------------------
/** Loose on purpose: a malformed code is answered like an unknown one (4001), not as a parameter error. */
export const offerVerifyParamsSchema = z.object({
  code: z.string({ error: MSG.OFFER_LETTER_INVALID }).max(200, { error: MSG.OFFER_LETTER_INVALID }),
});

/** Verification codes are 256-bit random values in base64url (43 characters). */
export const OFFER_VERIFY_CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const offerVerificationSchema = z.object({
  genuine: z.literal(true),
  letter_no: z.string(),
  /** Masked: 张*明. */
  student_name: z.string(),
  programme: z.string(),
  place_name: z.string().nullable(),
  professional_track: z.string().nullable(),
  issued_at: timestampSchema,
});
export type OfferVerification = z.infer<typeof offerVerificationSchema>;
export const offerVerificationResponseSchema = envelopeSchema(offerVerificationSchema);

// POST /api/student/bursary-apply --------------------------------------------------------------------------
export const ANNUAL_INCOME_OPTIONS = ['<5万', '5-10万', '10-20万', '20-50万', '>50万'] as const;
export type AnnualIncome = (typeof ANNUAL_INCOME_OPTIONS)[number];
export const ANNUAL_INCOME_LABELS: Record<AnnualIncome, string> = {
  '<5万': '5万元以下',
  '5-10万': '5万–10万元',
  '10-20万': '10万–20万元',
  '20-50万': '20万–50万元',
  '>50万': '50万元以上',
};

export const AID_LIMITS = { reasonMinUnits: 50, reasonMaxUnits: 500, familyMembersMin: 1, familyMembersMax: 20 } as const;

const attachmentSchema = z.object(
  {
    name: z.string({ error: MSG.AID_ATTACHMENT_INVALID }).min(1, { error: MSG.AID_ATTACHMENT_INVALID }).max(200, { error: MSG.AID_ATTACHMENT_INVALID }),
    url: z
      .string({ error: MSG.AID_ATTACHMENT_INVALID })
      .max(600, { error: MSG.AID_ATTACHMENT_INVALID })
      .startsWith(FILE_URL_PREFIX, { error: MSG.AID_ATTACHMENT_INVALID }),
  },
  { error: MSG.AID_ATTACHMENT_INVALID },
);

export const bursaryApplyRequestSchema = requestObjectSchema({
  family_members: z
    .number({ error: MSG.AID_FAMILY_MEMBERS_INVALID })
    .int({ error: MSG.AID_FAMILY_MEMBERS_INVALID })
    .min(AID_LIMITS.familyMembersMin, { error: MSG.AID_FAMILY_MEMBERS_INVALID })
    .max(AID_LIMITS.familyMembersMax, { error: MSG.AID_FAMILY_MEMBERS_INVALID }),
  annual_income: z.enum(ANNUAL_INCOME_OPTIONS, { error: MSG.SELECT_REQUIRED }),
  reason: requiredTextarea(AID_LIMITS.reasonMaxUnits).refine((text) => countTextUnits(text) >= AID_LIMITS.reasonMinUnits, {
    error: MSG.AID_REASON_TOO_SHORT,
  }),
  attachment: attachmentSchema.nullable().optional(),
});
export type BursaryApplyRequest = z.infer<typeof bursaryApplyRequestSchema>;

export const AID_STATUSES = ['pending', 'granted', 'declined'] as const;
export type AidStatus = (typeof AID_STATUSES)[number];
export const AID_STATUS_LABELS: Record<AidStatus, string> = { pending: '审核中', granted: '已批准', declined: '未获批准' };

export const bursaryValueSchema = z.object({
  family_members: z.number().int(),
  annual_income: z.enum(ANNUAL_INCOME_OPTIONS),
  reason: z.string(),
  attachment: z.object({ name: z.string(), url: z.string() }).nullable(),
});

// GET /api/student/bursary (and the answer of POST bursary-apply) ------------------------------------------
export const bursarySchema = z.object({
  status: z.enum(AID_STATUSES),
  /** Granted amount in fen; 0 unless granted. */
  granted_fen: z.number().int().nonnegative(),
  value: bursaryValueSchema,
  submitted_at: timestampSchema,
  decided_at: timestampSchema.nullable(),
});
export type Bursary = z.infer<typeof bursarySchema>;
export const bursaryResponseSchema = envelopeSchema(bursarySchema.nullable());
