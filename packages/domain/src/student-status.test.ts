import { describe, expect, it } from 'vitest';
import { PAGES } from './pages.ts';
import {
  type StudentStatus,
  batchOf,
  isInfoComplete,
  isOfferIssued,
  nextStudentPage,
  signupStatus,
  studentStatusSchema,
} from './student-status.ts';

const AT = '2024-03-01T08:00:00.000Z';

type Overrides = {
  active_type?: number;
  info?: boolean;
  step1?: boolean;
  step2?: boolean;
  applyPaid?: boolean;
  tuitionPaid?: boolean;
  offer?: number | null;
  batch?: string | null;
};

function status(o: Overrides = {}): StudentStatus {
  const activeType = o.active_type ?? 1;
  return {
    user_id: 7,
    active_type: activeType,
    batch_str: o.batch ?? null,
    activate_status_v5: {
      activate_at: AT,
      info_completed: o.info ?? true,
      info_completed_at: o.info === false ? null : AT,
      apply_paid: o.applyPaid ?? false,
      apply_paid_at: o.applyPaid ? AT : null,
      active_type: activeType,
    },
    apply_v5: {
      step1_submitted: o.step1 ?? false,
      step1_submitted_at: o.step1 ? AT : null,
      step2_submitted: o.step2 ?? false,
      step2_submitted_at: o.step2 ? AT : null,
    },
    is_apply_paid: o.applyPaid ?? false,
    is_tuition_paid: o.tuitionPaid ?? false,
    tuition_paid_at: o.tuitionPaid ? AT : null,
    offer_letter: o.offer ?? null,
    offer_created_at: o.offer == null ? null : AT,
    place_track: null,
    user_tags: [],
  };
}

describe('studentStatusSchema', () => {
  it('accepts a full status object', () => {
    const value = { ...status({ offer: 1, tuitionPaid: true }), place_track: { place_name: '第一期', professional_track: 'H-' }, user_tags: ['2022-sbp-offer'] };
    expect(studentStatusSchema.parse(value)).toEqual(value);
  });

  it.each([
    ['offer_letter as boolean', { offer_letter: true }],
    ['missing apply_v5', { apply_v5: undefined }],
    ['timestamp without offset', { tuition_paid_at: '2024-03-01 08:00:00' }],
    ['place_track without track', { place_track: { place_name: '第一期' } }],
  ])('rejects %s', (_name, patch) => {
    expect(studentStatusSchema.safeParse({ ...status(), ...patch }).success).toBe(false);
  });
});

describe('nextStudentPage (docs/product/states.md)', () => {
  it.each([
    ['info incomplete', { info: false }, PAGES.info],
    ['info incomplete beats an issued offer', { info: false, offer: 1, tuitionPaid: true }, PAGES.info],
    ['offer issued, tuition paid', { offer: 1, tuitionPaid: true, step1: true, step2: true, applyPaid: true }, PAGES.cardCourse],
    ['offer issued, tuition unpaid', { offer: 1, step1: true, step2: true, applyPaid: true }, PAGES.admissionPay],
    ['offer decided but not released', { offer: 0, step1: true, step2: true, applyPaid: true }, PAGES.admission],
    ['offer not released, tuition paid', { offer: 0, tuitionPaid: true }, PAGES.cardCourse],
    ['offer issued beats an unsubmitted step 1', { offer: 1 }, PAGES.admissionPay],
    ['nothing submitted', {}, PAGES.apply],
    ['step 1 not submitted though paid', { applyPaid: true }, PAGES.apply],
    ['step 1 submitted, nothing paid', { step1: true }, PAGES.payApply],
    ['step 1 and 2 submitted, nothing paid', { step1: true, step2: true }, PAGES.payApply],
    ['step 1 submitted, application fee paid', { step1: true, applyPaid: true }, PAGES.applyStep2],
    ['step 1 submitted, tuition paid without offer', { step1: true, tuitionPaid: true }, PAGES.applyStep2],
    ['step 2 submitted and paid, awaiting decision', { step1: true, step2: true, applyPaid: true }, PAGES.payApply],
    ['volunteer, info incomplete', { active_type: 4, info: false }, PAGES.info],
    ['volunteer, info complete', { active_type: 4 }, PAGES.volunteerApplication],
    ['volunteer trainee, info complete, with offer', { active_type: 12, offer: 1 }, PAGES.volunteerApplication],
    ['volunteer trainee, info incomplete', { active_type: 12, info: false }, PAGES.info],
    ['trainee follows the student flow', { active_type: 8 }, PAGES.apply],
    ['SSI follows the student flow', { active_type: 3, step1: true }, PAGES.payApply],
  ] as const)('%s → %s', (_name, overrides, page) => {
    expect(nextStudentPage(status(overrides))).toBe(page);
  });
});

describe('signupStatus', () => {
  it.each([
    [{}, 'activated'],
    [{ step1: true }, 'signed_up'],
    [{ step1: true, applyPaid: true }, 'paid'],
    [{ applyPaid: true }, 'paid'],
    [{ step1: true, applyPaid: true, step2: true }, 'applied'],
    [{ step1: true, step2: true }, 'applied'],
  ] as const)('%j → %s', (overrides, expected) => {
    expect(signupStatus(status(overrides))).toBe(expected);
  });
});

describe('batchOf', () => {
  it.each([
    ['EB1', 'early'],
    ['eb2', 'early'],
    ['2023-Eb', 'early'],
    ['RD', 'regular'],
    ['MRD', 'regular'],
    ['E-B', 'regular'],
    ['', 'regular'],
    [null, 'regular'],
    [undefined, 'regular'],
  ] as const)('%j → %s', (batch, expected) => {
    expect(batchOf(batch)).toBe(expected);
  });
});

describe('isInfoComplete and isOfferIssued', () => {
  it.each([
    [{ info: true }, true],
    [{ info: false }, false],
  ])('info %j → %s', (overrides, expected) => {
    expect(isInfoComplete(status(overrides))).toBe(expected);
  });

  it.each([
    [null, false],
    [0, false],
    [1, true],
    [2, true],
  ])('offer_letter %j → issued %s', (offer, expected) => {
    expect(isOfferIssued(status({ offer }))).toBe(expected);
  });
});
