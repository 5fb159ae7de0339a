import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import {
  admissionStageOf,
  adminApplicationListQuerySchema,
  aidDecideRequestSchema,
  canDecideAid,
  canDeleteDraft,
  canSaveDecision,
  canWithdraw,
  decisionSaveRequestSchema,
  offerLetterNo,
  releaseRequestSchema,
  releaseSkipReason,
} from './admissions.ts';

const t = new Date('2026-11-01T00:00:00Z');
const stamps = (s: Partial<Record<'step1SubmittedAt' | 'applyPaidAt' | 'step2SubmittedAt' | 'tuitionPaidAt', Date | null>>) => ({
  step1SubmittedAt: null,
  applyPaidAt: null,
  step2SubmittedAt: null,
  tuitionPaidAt: null,
  ...s,
});

describe('admissionStageOf', () => {
  it('follows the journey from step 1 to tuition', () => {
    expect(admissionStageOf(stamps({}), null)).toBeNull();
    expect(admissionStageOf(stamps({ step1SubmittedAt: t }), null)).toBe('step1');
    expect(admissionStageOf(stamps({ step1SubmittedAt: t, applyPaidAt: t }), null)).toBe('paid');
    expect(admissionStageOf(stamps({ step1SubmittedAt: t, applyPaidAt: t, step2SubmittedAt: t }), null)).toBe('submitted');
    expect(admissionStageOf(stamps({ step1SubmittedAt: t, applyPaidAt: t, step2SubmittedAt: t }), { released: false })).toBe('decided');
    expect(admissionStageOf(stamps({ step1SubmittedAt: t, applyPaidAt: t, step2SubmittedAt: t }), { released: true })).toBe('released');
    expect(admissionStageOf(stamps({ step1SubmittedAt: t, applyPaidAt: t, step2SubmittedAt: t, tuitionPaidAt: t }), { released: true })).toBe('tuition_paid');
  });
});

describe('decision transitions', () => {
  const submitted = { step2Submitted: true, tuitionPaid: false };
  it('a draft needs step 2 submitted and may not overwrite a released decision', () => {
    expect(canSaveDecision({ ...submitted, step2Submitted: false, decision: null })).toEqual({ ok: false, msg: MSG.ADMISSION_NOT_SUBMITTED });
    expect(canSaveDecision({ ...submitted, decision: null })).toEqual({ ok: true });
    expect(canSaveDecision({ ...submitted, decision: { released: false } })).toEqual({ ok: true });
    expect(canSaveDecision({ ...submitted, decision: { released: true } })).toEqual({ ok: false, msg: '已发布的录取结果不能修改，请先撤回' });
  });

  it('only drafts can be deleted', () => {
    expect(canDeleteDraft({ ...submitted, decision: null })).toEqual({ ok: false, msg: MSG.ADMISSION_NO_DECISION });
    expect(canDeleteDraft({ ...submitted, decision: { released: true } })).toEqual({ ok: false, msg: MSG.ADMISSION_RELEASED_LOCKED });
    expect(canDeleteDraft({ ...submitted, decision: { released: false } })).toEqual({ ok: true });
  });

  it('release skips unknown ids, missing decisions and released ones', () => {
    expect(releaseSkipReason(null)).toBe('not_found');
    expect(releaseSkipReason({ ...submitted, decision: null })).toBe('no_decision');
    expect(releaseSkipReason({ ...submitted, decision: { released: true } })).toBe('already_released');
    expect(releaseSkipReason({ ...submitted, decision: { released: false } })).toBeNull();
  });

  it('withdraw needs a released decision and unpaid tuition', () => {
    expect(canWithdraw({ ...submitted, decision: { released: false } })).toEqual({ ok: false, msg: MSG.ADMISSION_NOT_RELEASED });
    expect(canWithdraw({ ...submitted, decision: null })).toEqual({ ok: false, msg: MSG.ADMISSION_NOT_RELEASED });
    expect(canWithdraw({ ...submitted, tuitionPaid: true, decision: { released: true } })).toEqual({ ok: false, msg: MSG.ADMISSION_TUITION_PAID });
    expect(canWithdraw({ ...submitted, decision: { released: true } })).toEqual({ ok: true });
  });

  it('aid: 1 fen up to the tuition fee, never after tuition is paid', () => {
    const base = { tuitionPaid: false, tuitionFen: 1_680_000 } as const;
    expect(canDecideAid({ ...base, status: 'granted', grantedFen: 1 })).toEqual({ ok: true });
    expect(canDecideAid({ ...base, status: 'granted', grantedFen: 1_680_000 })).toEqual({ ok: true });
    expect(canDecideAid({ ...base, status: 'granted', grantedFen: 1_680_001 })).toEqual({ ok: false, msg: MSG.AID_AMOUNT_INVALID });
    expect(canDecideAid({ ...base, status: 'granted', grantedFen: 0 })).toEqual({ ok: false, msg: MSG.AID_AMOUNT_INVALID });
    expect(canDecideAid({ ...base, status: 'declined', grantedFen: 0 })).toEqual({ ok: true });
    expect(canDecideAid({ ...base, tuitionPaid: true, status: 'declined', grantedFen: 0 })).toEqual({ ok: false, msg: MSG.AID_TUITION_PAID });
  });
});

describe('schemas', () => {
  it('an offer needs a session and a track; reject and waitlist do not', () => {
    const noPlace = decisionSaveRequestSchema.safeParse({ decision: 'offer', professional_track: '理工科学' });
    expect(noPlace.success).toBe(false);
    expect(noPlace.error?.issues[0]).toMatchObject({ path: ['place_name'], message: MSG.ADMISSION_PLACE_REQUIRED });
    const noTrack = decisionSaveRequestSchema.safeParse({ decision: 'offer', place_name: '第一期', professional_track: '  ' });
    expect(noTrack.error?.issues[0]).toMatchObject({ path: ['professional_track'], message: MSG.ADMISSION_TRACK_REQUIRED });
    expect(decisionSaveRequestSchema.safeParse({ decision: 'offer', place_name: '第四期', professional_track: '理工科学' }).success).toBe(false);
    expect(decisionSaveRequestSchema.safeParse({ decision: 'offer', place_name: '第一期', professional_track: '天文' }).error?.issues[0]).toMatchObject({ path: ['professional_track'] });
    expect(decisionSaveRequestSchema.parse({ decision: 'offer', place_name: '第二期', professional_track: '理工科学', note: '' })).toEqual({
      decision: 'offer',
      place_name: '第二期',
      professional_track: '理工科学',
    });
    expect(decisionSaveRequestSchema.parse({ decision: 'waitlist', note: ' 排名靠前 ' })).toEqual({ decision: 'waitlist', note: '排名靠前' });
    expect(decisionSaveRequestSchema.safeParse({ decision: 'maybe' }).success).toBe(false);
  });

  it('release takes 1 to 500 positive integer ids', () => {
    expect(releaseRequestSchema.safeParse({ user_ids: [] }).success).toBe(false);
    expect(releaseRequestSchema.safeParse({ user_ids: Array.from({ length: 501 }, (_, i) => i + 1) }).success).toBe(false);
    expect(releaseRequestSchema.safeParse({ user_ids: [1, -2] }).success).toBe(false);
    expect(releaseRequestSchema.safeParse({ user_ids: ['1'] }).success).toBe(false);
    expect(releaseRequestSchema.parse({ user_ids: [3, 4] })).toEqual({ user_ids: [3, 4] });
  });

  it('aid decisions: granted needs an amount', () => {
    expect(aidDecideRequestSchema.safeParse({ status: 'granted' }).error?.issues[0]).toMatchObject({ path: ['granted_fen'] });
    expect(aidDecideRequestSchema.safeParse({ status: 'granted', granted_fen: 1.5 }).success).toBe(false);
    expect(aidDecideRequestSchema.parse({ status: 'declined', granted_fen: null })).toEqual({ status: 'declined' });
    expect(aidDecideRequestSchema.safeParse({ status: 'pending', granted_fen: 1 }).success).toBe(false);
  });

  it('list filters treat blanks as absent and coerce numbers', () => {
    expect(adminApplicationListQuerySchema.parse({ batch: '', stage: 'released', province: '110000', page: '2', page_size: '20', q: ' 张 ' })).toEqual({
      stage: 'released',
      province: 110000,
      page: 2,
      page_size: 20,
      q: '张',
    });
    expect(adminApplicationListQuerySchema.safeParse({ stage: 'nope' }).success).toBe(false);
    expect(adminApplicationListQuerySchema.safeParse({ page_size: '1000' }).success).toBe(false);
  });

  it('letter numbers use the Beijing year and a padded account id', () => {
    expect(offerLetterNo(123, new Date('2026-12-31T16:30:00Z'))).toBe('SUMMIT-2027-000123');
    expect(offerLetterNo(1234567, new Date('2026-06-01T00:00:00Z'))).toBe('SUMMIT-2026-1234567');
  });
});
