/**
 * Onboarding sign-ups, orientation and unlockable reading (decisions 048–049).
 */
import { z } from 'zod';
import { MSG } from '../messages.ts';
import { OFFERING_KINDS } from '../onboarding.ts';
import { publicPageSchema } from '../content.ts';
import { DB_INT_MAX, boundedStringSchema, queryIdSchema, requestObjectSchema, timestampSchema } from './common.ts';

const int4Id = z.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).positive({ error: MSG.PARAM_INVALID }).max(DB_INT_MAX, { error: MSG.PARAM_INVALID });
const kindSchema = z.enum(OFFERING_KINDS, { error: MSG.PARAM_INVALID });
const instantSchema = z.iso.datetime({ offset: true, error: MSG.PARAM_INVALID });

/** The student content pages of the content store that are not public (orientation and the two readings). */
export const STUDENT_CONTENT_PAGES = [
  { slug: 'student/manage/orientation', title: '入学指南', locked: false },
  { slug: 'student/admission-positive', title: '录取后的积极准备', locked: true },
  { slug: 'student/elite-schools-know', title: '名校须知', locked: true },
] as const;
export type StudentContentSlug = (typeof STUDENT_CONTENT_PAGES)[number]['slug'];

/** One offering as the student sees it. */
export const studentOfferingSchema = z.object({
  id: z.number().int(),
  kind: kindSchema,
  title: z.string(),
  description: z.string(),
  capacity: z.number().int(),
  taken: z.number().int(),
  remaining: z.number().int(),
  closes_at: timestampSchema,
  closed: z.boolean(),
  starts_at: timestampSchema.nullable(),
  duration_minutes: z.number().int(),
  signed_up: z.boolean(),
  /** Info sessions: when the join link appears (15 min before the start). */
  join_opens_at: timestampSchema.nullable(),
  /** Only for a signed-up student from 15 minutes before the start to the end. */
  join_url: z.string().nullable(),
});
export type StudentOffering = z.infer<typeof studentOfferingSchema>;

export const studentOfferingsQuerySchema = requestObjectSchema({ kind: kindSchema });
export const studentOfferingsSchema = z.object({
  kind: kindSchema,
  items: z.array(studentOfferingSchema),
  /** major: the track of the student's offer (what to confirm). */
  offer_track: z.string().nullable(),
});
export type StudentOfferings = z.infer<typeof studentOfferingsSchema>;

export const offeringSignupRequestSchema = requestObjectSchema({ offering_id: int4Id });
export type OfferingSignupRequest = z.infer<typeof offeringSignupRequestSchema>;

export const offeringParamsSchema = requestObjectSchema({ id: queryIdSchema });

export const studentReadingQuerySchema = requestObjectSchema({
  slug: z.enum(STUDENT_CONTENT_PAGES.map((p) => p.slug) as [StudentContentSlug, ...StudentContentSlug[]], { error: MSG.PARAM_INVALID }),
});
export const studentReadingSchema = z.object({ page: publicPageSchema.nullable(), locked: z.boolean(), msg: z.string().nullable() });
export type StudentReading = z.infer<typeof studentReadingSchema>;

// Admin --------------------------------------------------------------------------------------------------------

export const adminOfferingSchema = studentOfferingSchema.omit({ signed_up: true, join_opens_at: true, closed: true }).extend({
  join_url: z.string().nullable(),
  closed: z.boolean(),
  created_at: timestampSchema,
});
export type AdminOffering = z.infer<typeof adminOfferingSchema>;

export const limitedPaidSettingsSchema = z.object({ days: z.number().int(), cutoff: timestampSchema.nullable() });

export const adminOnboardingSchema = z.object({ offerings: z.array(adminOfferingSchema), limited_paid: limitedPaidSettingsSchema });
export type AdminOnboarding = z.infer<typeof adminOnboardingSchema>;

export const offeringSaveRequestSchema = requestObjectSchema({
  kind: kindSchema,
  title: boundedStringSchema(100).trim().min(1, { error: MSG.TEXT_REQUIRED }),
  description: boundedStringSchema(2000).default(''),
  capacity: z.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(0, { error: MSG.PARAM_INVALID }).max(100_000, { error: MSG.PARAM_INVALID }),
  closes_at: instantSchema,
  starts_at: instantSchema.nullable().default(null),
  duration_minutes: z.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(0, { error: MSG.PARAM_INVALID }).max(24 * 60, { error: MSG.PARAM_INVALID }).default(60),
  join_url: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: MSG.PARAM_INVALID }).max(500, { error: MSG.PARAM_INVALID })], { error: MSG.PARAM_INVALID })
    .nullable()
    .default(null),
});
export type OfferingSaveRequest = z.infer<typeof offeringSaveRequestSchema>;

export const limitedPaidSaveRequestSchema = requestObjectSchema({
  days: z.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(0, { error: MSG.PARAM_INVALID }).max(365, { error: MSG.PARAM_INVALID }),
  cutoff: instantSchema.nullable(),
});

export const adminSignupsQuerySchema = requestObjectSchema({ kind: kindSchema.optional() });
export const adminSignupSchema = z.object({
  offering_id: z.number().int(),
  kind: kindSchema,
  offering_title: z.string(),
  student_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  signed_up_at: timestampSchema,
});
export const adminSignupsSchema = z.object({ signups: z.array(adminSignupSchema), truncated: z.boolean() });
export type AdminSignups = z.infer<typeof adminSignupsSchema>;
