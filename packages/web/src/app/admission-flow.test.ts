import { describe, expect, it } from 'vitest';
import { PAGES } from '@summit/domain/pages';
import type { StudentStatus } from '@summit/domain/student-status';
import { gateTarget } from './student-loader.ts';
import { PATHS } from '../lib/paths.ts';
import { ROUTES } from './routes.ts';
import { pollOutcome } from '../components/payment/pay-poll.ts';

function status(over: Partial<StudentStatus> & { step1?: boolean; step2?: boolean } = {}): StudentStatus {
  const { step1 = true, step2 = true, ...rest } = over;
  const at = '2027-01-01T00:00:00.000Z';
  return {
    user_id: 1,
    active_type: 1,
    batch_str: 'EB1',
    activate_status_v5: { activate_at: at, info_completed: true, info_completed_at: at, apply_paid: true, apply_paid_at: at, active_type: 1 },
    apply_v5: { step1_submitted: step1, step1_submitted_at: step1 ? at : null, step2_submitted: step2, step2_submitted_at: step2 ? at : null },
    is_apply_paid: true,
    is_tuition_paid: false,
    tuition_paid_at: null,
    offer_letter: null,
    offer_created_at: null,
    place_track: null,
    user_tags: [],
    ...rest,
  };
}

describe('admission gates', () => {
  const gateOf = (path: string) => ROUTES.find((r) => r.path === path)?.gate;

  it('names a gate on every student admission route', () => {
    expect(gateOf(PATHS.payApply)).toBe('step1-submitted');
    expect(gateOf(PATHS.financialAid)).toBe('step1-submitted');
    for (const p of [PATHS.admission, PATHS.admissionPay, PATHS.admissionSuccess]) expect(gateOf(p)).toBe('offer-decided');
    expect(gateOf(PATHS.payAdmission)).toBe('offer-released');
    expect(ROUTES.find((r) => r.path === PATHS.parentPay)?.role).toBe('public');
    expect(ROUTES.find((r) => r.path === PATHS.offerVerify)?.role).toBe('public');
  });

  it('the offer pages let in a decided offer (released or not) and send others to their next page', () => {
    expect(gateTarget('offer-decided', status({ offer_letter: 1 }))).toBeNull();
    expect(gateTarget('offer-decided', status({ offer_letter: 0 }))).toBeNull();
    expect(gateTarget('offer-decided', status({ offer_letter: null }))).toBe(PAGES.payApply);
    expect(gateTarget('offer-decided', status({ offer_letter: null, step1: false, step2: false }))).toBe(PAGES.apply);
  });

  it('standalone tuition needs a released offer; an unreleased one goes to the offer page, a paid one to success', () => {
    expect(gateTarget('offer-released', status({ offer_letter: 1 }))).toBeNull();
    expect(gateTarget('offer-released', status({ offer_letter: 0 }))).toBe(PAGES.admission);
    expect(gateTarget('offer-released', status({ offer_letter: null }))).toBe(PAGES.payApply);
    expect(gateTarget('offer-released', status({ offer_letter: 1, is_tuition_paid: true }))).toBe(PAGES.cardCourse);
  });

  it('never redirects a student to the page that refused them (no loops)', () => {
    const variants = [null, 0, 1].flatMap((offer) =>
      [true, false].flatMap((step1) => [true, false].map((paid) => status({ offer_letter: offer, step1, step2: step1, is_tuition_paid: paid && offer === 1 }))),
    );
    for (const route of ROUTES.filter((r) => r.gate === 'offer-decided' || r.gate === 'offer-released')) {
      for (const s of variants) expect(gateTarget(route.gate!, s), `${route.path} ${JSON.stringify(s.offer_letter)}`).not.toBe(route.path);
    }
  });
});

describe('payment polling', () => {
  it('paid by this order or by any other (a parent) ends the wait; a closed order asks to choose again', () => {
    expect(pollOutcome({ paid: true, status: 'paid', purpose_paid: true })).toBe('paid');
    expect(pollOutcome({ paid: false, status: 'closed', purpose_paid: true })).toBe('paid');
    expect(pollOutcome({ paid: false, status: 'closed', purpose_paid: false })).toBe('closed');
    expect(pollOutcome({ paid: false, status: 'pending', purpose_paid: false })).toBe('wait');
  });
});
