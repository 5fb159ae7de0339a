/** The student status object (docs/product/data.md) and the decisions taken from it (docs/product/states.md). */
import { z } from 'zod';
import { PAGES, type PagePath } from './pages.ts';
import { isVolunteer } from './roles.ts';

/** Times are ISO 8601 strings with an offset (the api sends `Date#toISOString()`), null when not yet. */
const timestampSchema = z.iso.datetime({ offset: true }).nullable();

export const activateStatusSchema = z.object({
  activate_at: timestampSchema,
  info_completed: z.boolean(),
  info_completed_at: timestampSchema,
  apply_paid: z.boolean(),
  apply_paid_at: timestampSchema,
  active_type: z.number().int(),
});

export const applyProgressSchema = z.object({
  step1_submitted: z.boolean(),
  step1_submitted_at: timestampSchema,
  step2_submitted: z.boolean(),
  step2_submitted_at: timestampSchema,
});

export const placeTrackSchema = z.object({
  place_name: z.string(),
  professional_track: z.string(),
});

export const studentStatusSchema = z.object({
  user_id: z.number().int(),
  active_type: z.number().int(),
  batch_str: z.string().nullable(),
  activate_status_v5: activateStatusSchema,
  apply_v5: applyProgressSchema,
  is_apply_paid: z.boolean(),
  is_tuition_paid: z.boolean(),
  tuition_paid_at: timestampSchema,
  /** null: no decision yet; 0: offer drafted but not released; 1: offer released. */
  offer_letter: z.number().int().nullable(),
  offer_created_at: timestampSchema,
  place_track: placeTrackSchema.nullable(),
  user_tags: z.array(z.string()),
});

export type StudentStatus = z.infer<typeof studentStatusSchema>;

export function isInfoComplete(status: Pick<StudentStatus, 'activate_status_v5'>): boolean {
  return status.activate_status_v5.info_completed;
}

/** A decision exists (offer_letter not null) and it has been released (truthy). */
export function isOfferIssued(status: Pick<StudentStatus, 'offer_letter'>): boolean {
  return status.offer_letter !== null && status.offer_letter !== 0;
}

/**
 * docs/product/states.md progress redirect: the page a student belongs on now.
 * - volunteers (active_type 4, 12): /info until info is complete, then the volunteer application;
 * - info incomplete → /info;
 * - an admission decision exists (offer_letter not null): tuition paid → the course card (venue, house and
 *   course selection: what comes after paying, decision 040); released but
 *   unpaid → tuition payment; not yet released → the offer page;
 * - no decision: step 1 not submitted → apply; step 1 submitted with neither fee paid → apply payment;
 *   paid with step 2 not submitted → apply step 2; step 2 submitted → the apply payment page, which shows
 *   the submitted application while it awaits a decision (the spec sends it there, not back to apply).
 */
export function nextStudentPage(status: StudentStatus): PagePath {
  const infoComplete = isInfoComplete(status);
  if (isVolunteer(status.active_type)) return infoComplete ? PAGES.volunteerApplication : PAGES.info;
  if (!infoComplete) return PAGES.info;

  if (status.offer_letter !== null) {
    if (status.is_tuition_paid) return PAGES.cardCourse;
    return isOfferIssued(status) ? PAGES.admissionPay : PAGES.admission;
  }

  if (!status.apply_v5.step1_submitted) return PAGES.apply;
  const paid = status.is_apply_paid || status.is_tuition_paid;
  if (!paid) return PAGES.payApply;
  if (!status.apply_v5.step2_submitted) return PAGES.applyStep2;
  return PAGES.payApply;
}

export const SIGNUP_STATUSES = ['activated', 'signed_up', 'paid', 'applied'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];

/**
 * Analytics signup status: the highest stage reached of activated < signed_up (step 1 submitted) <
 * paid (application fee) < applied (step 2 submitted). Every account is activated at registration,
 * so 'activated' is the floor.
 */
export function signupStatus(status: Pick<StudentStatus, 'apply_v5' | 'is_apply_paid'>): SignupStatus {
  if (status.apply_v5.step2_submitted) return 'applied';
  if (status.is_apply_paid) return 'paid';
  if (status.apply_v5.step1_submitted) return 'signed_up';
  return 'activated';
}

export type Batch = 'early' | 'regular';

/** Early batch when batch_str contains "eb" in any case (EB1, EB2, eb…), otherwise regular. */
export function batchOf(batchStr: string | null | undefined): Batch {
  return batchStr != null && /eb/i.test(batchStr) ? 'early' : 'regular';
}
