import { describe, expect, it } from 'vitest';
import { STUDENT_STAGES, STUDENT_STAGE_LABELS, studentStageOf, type StageStamps } from './student-stage.ts';

const none: StageStamps = { infoCompletedAt: null, step1SubmittedAt: null, applyPaidAt: null, step2SubmittedAt: null, offerLetter: null, tuitionPaidAt: null };
const t = new Date();

describe('studentStageOf', () => {
  it('is the furthest step reached', () => {
    expect(studentStageOf(none)).toBe('registered');
    expect(studentStageOf({ ...none, infoCompletedAt: t })).toBe('info_completed');
    expect(studentStageOf({ ...none, infoCompletedAt: t, step1SubmittedAt: t })).toBe('signed_up');
    expect(studentStageOf({ ...none, step1SubmittedAt: t, applyPaidAt: t })).toBe('apply_paid');
    expect(studentStageOf({ ...none, step1SubmittedAt: t, applyPaidAt: t, step2SubmittedAt: t })).toBe('applied');
    expect(studentStageOf({ ...none, step2SubmittedAt: t, offerLetter: 1 })).toBe('offer');
    expect(studentStageOf({ ...none, offerLetter: 1, tuitionPaidAt: t })).toBe('tuition_paid');
  });

  it('does not count an unreleased decision as an offer', () => {
    expect(studentStageOf({ ...none, step2SubmittedAt: t, offerLetter: 0 })).toBe('applied');
  });

  it('labels every stage in Chinese', () => {
    for (const s of STUDENT_STAGES) expect(STUDENT_STAGE_LABELS[s]).toMatch(/[\u4e00-\u9fff]/);
  });
});
