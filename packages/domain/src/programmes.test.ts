import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import {
  applicationState,
  eligibilityError,
  maskPassportNumber,
  passportExpiryError,
  programmeGateError,
  programmeParentPayPath,
  programmeReturnPath,
  type ProgrammeEligibility,
} from './programmes.ts';

const anyone: ProgrammeEligibility = { active_types: [], secondary_only: false, early_batch_only: false, required_tag: null, hidden_on_amc: false };
const student = (activeType: number, batch = '', tags: string[] = []) => ({ role: 'student' as const, activeType, batch, tags });

describe('who may apply', () => {
  it('says why not in the docs/product/users-and-roles.md words', () => {
    expect(eligibilityError({ applicant_role: 'student', eligibility: { ...anyone, secondary_only: true } }, student(4))).toBe(MSG.SECONDARY_STUDENT_ONLY);
    expect(eligibilityError({ applicant_role: 'student', eligibility: { ...anyone, early_batch_only: true } }, student(1, 'RD'))).toBe(MSG.EARLY_BATCH_ONLY);
    expect(eligibilityError({ applicant_role: 'student', eligibility: { ...anyone, early_batch_only: true } }, student(1, 'EB2'))).toBeNull();
    expect(eligibilityError({ applicant_role: 'student', eligibility: { ...anyone, active_types: [4, 8, 12] } }, student(1))).toBe(MSG.PROGRAMME_TYPE_NOT_ELIGIBLE);
    expect(eligibilityError({ applicant_role: 'student', eligibility: { ...anyone, required_tag: 'sbp-offer' } }, student(1, '', ['sbp-offer']))).toBeNull();
    expect(eligibilityError({ applicant_role: 'sl', eligibility: anyone }, student(1))).toBe(MSG.PROGRAMME_ROLE_ONLY_SL);
  });
});

describe('the applicant’s state', () => {
  it('shows a decision only once released, and waits for the application fee', () => {
    const base = { exists: true, submittedAt: new Date(), applyFeeFen: 0, applyFeePaid: false, releasedDecision: null };
    expect(applicationState({ ...base, exists: false })).toBe('not_started');
    expect(applicationState({ ...base, submittedAt: null })).toBe('draft');
    expect(applicationState({ ...base, applyFeeFen: 100 })).toBe('awaiting_fee');
    expect(applicationState(base)).toBe('submitted');
    expect(applicationState({ ...base, releasedDecision: 'admit' })).toBe('admitted');
  });
});

describe('gates and passports', () => {
  it('asks for the offer, then the deposit (a free programme has no deposit gate)', () => {
    expect(programmeGateError('deposit', { admitted: false, depositPaid: false, feeMode: 'split' })).toBe(MSG.OFFER_ONLY);
    expect(programmeGateError('deposit', { admitted: true, depositPaid: false, feeMode: 'split' })).toBe(MSG.DEPOSIT_REQUIRED);
    expect(programmeGateError('deposit', { admitted: true, depositPaid: false, feeMode: 'none' })).toBeNull();
  });

  it('wants six months of validity after the programme ends, and masks the number', () => {
    expect(passportExpiryError('2028-02-14', '2027-08-15')).toBe(MSG.PASSPORT_EXPIRY_TOO_SOON);
    expect(passportExpiryError('2028-02-15', '2027-08-15')).toBeNull();
    expect(maskPassportNumber('e 1234 5678')).toBe('E1*****78');
  });
});

describe('web addresses of a programme', () => {
  it('uses the spec’s own pages for the built-ins and /programmes/{code} for one an admin added', () => {
    expect(programmeReturnPath('hxweek', 'final')).toBe('/hxweek/final-payment');
    expect(programmeReturnPath('deans-list', 'deposit')).toBe('/deans-list/pay');
    expect(programmeReturnPath('summer-lab', 'deposit')).toBe('/programmes/summer-lab/pay');
    expect(programmeReturnPath('summer-lab', 'apply_fee')).toBe('/summer-lab/apply');
    expect(programmeParentPayPath('sbp', 'T')).toBe('/pay/sbp-parent/T');
    expect(programmeParentPayPath('summer-lab', 'T')).toBe('/pay/programme-parent/T');
  });
});
