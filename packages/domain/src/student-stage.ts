/**
 * The admissions funnel as one ordered list (decisions 062, 066): a student's stage is the furthest step
 * reached. The Students console filters and sorts by it, messages target it, and analytics counts each step
 * (FUNNEL_STAGES is this list; the keys of step 1 and step 2 are the docs/product/data.md signup statuses signed_up and applied).
 */

export const STUDENT_STAGES = ['registered', 'info_completed', 'signed_up', 'apply_paid', 'applied', 'offer', 'tuition_paid'] as const;
export type StudentStage = (typeof STUDENT_STAGES)[number];

export const STUDENT_STAGE_LABELS: Record<StudentStage, string> = {
  registered: '已注册',
  info_completed: '已完善信息',
  signed_up: '已提交第一步',
  apply_paid: '已缴申请费',
  applied: '已提交第二步',
  offer: '已录取',
  tuition_paid: '已缴学费',
};

/** The journey stamps the stage is read from (student_profiles' columns, the docs/product/data.md status object). */
export interface StageStamps {
  infoCompletedAt: unknown;
  step1SubmittedAt: unknown;
  applyPaidAt: unknown;
  step2SubmittedAt: unknown;
  /** 1: an offer released to the student (docs/product/data.md offer_letter). A draft or a rejection is not a stage. */
  offerLetter: number | null;
  tuitionPaidAt: unknown;
}

/**
 * The furthest step reached. Later stamps win even when an earlier one is missing (an admin may have
 * waived a fee, or a volunteer skips the student application), so the stage never reads lower than
 * what the student has actually done. The API's SQL CASE mirrors this order exactly.
 */
export function studentStageOf(s: StageStamps): StudentStage {
  if (s.tuitionPaidAt != null) return 'tuition_paid';
  if (s.offerLetter === 1) return 'offer';
  if (s.step2SubmittedAt != null) return 'applied';
  if (s.applyPaidAt != null) return 'apply_paid';
  if (s.step1SubmittedAt != null) return 'signed_up';
  if (s.infoCompletedAt != null) return 'info_completed';
  return 'registered';
}
