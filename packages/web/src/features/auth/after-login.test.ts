import { describe, expect, it } from 'vitest';
import type { StudentStatus } from '@summit/domain/student-status';
import { targetAfterCompleteInfo, targetAfterLogin } from './after-login.ts';

function status(overrides: { info?: boolean; step1?: boolean; paid?: boolean; offer?: number | null } = {}): StudentStatus {
  return {
    user_id: 1,
    active_type: 1,
    batch_str: null,
    activate_status_v5: {
      activate_at: null,
      info_completed: overrides.info ?? true,
      info_completed_at: null,
      apply_paid: overrides.paid ?? false,
      apply_paid_at: null,
      active_type: 1,
    },
    apply_v5: { step1_submitted: overrides.step1 ?? false, step1_submitted_at: null, step2_submitted: false, step2_submitted_at: null },
    is_apply_paid: overrides.paid ?? false,
    is_tuition_paid: false,
    tuition_paid_at: null,
    offer_letter: overrides.offer ?? null,
    offer_created_at: null,
    place_track: null,
    user_tags: [],
  };
}

describe('targetAfterLogin', () => {
  it.each([
    ['student, incomplete info', { role: 'student', isAdmin: false, returnTo: null, studentStatus: status({ info: false }) }, '/info'],
    ['student, incomplete info keeps r for later', { role: 'student', isAdmin: false, returnTo: '/student/apply', studentStatus: status({ info: false }) }, '/info?r=%2Fstudent%2Fapply'],
    ['student, complete, not applied', { role: 'student', isAdmin: false, returnTo: null, studentStatus: status() }, '/student/apply'],
    ['student, step 1 submitted, unpaid', { role: 'student', isAdmin: false, returnTo: null, studentStatus: status({ step1: true }) }, '/pay/apply'],
    ['student, released offer', { role: 'student', isAdmin: false, returnTo: null, studentStatus: status({ offer: 1 }) }, '/student/admission/pay'],
    ['student with r', { role: 'student', isAdmin: false, returnTo: '/account', studentStatus: status() }, '/account'],
    // Decision 088: admitted to H-week with the summer programme untouched, the programme's next step, not 开始申请.
    ['student admitted to another programme', { role: 'student', isAdmin: false, returnTo: null, studentStatus: status(), programmeHome: '/hx-week/pay' }, '/hx-week/pay'],
    ['student admitted to another programme, incomplete info', { role: 'student', isAdmin: false, returnTo: null, studentStatus: status({ info: false }), programmeHome: '/hx-week/pay' }, '/info'],
    ['school', { role: 'school', isAdmin: false, returnTo: null }, '/school-student'],
    ['teacher', { role: 'teacher', isAdmin: false, returnTo: null }, '/teacher'],
    ['admin', { role: 'teacher', isAdmin: true, returnTo: null }, '/admin'],
    ['admin with r', { role: 'teacher', isAdmin: true, returnTo: '/teacher' }, '/teacher'],
    ['sl', { role: 'sl', isAdmin: false, returnTo: null }, '/sl/application'],
  ] as const)('%s', (_label, input, expected) => {
    expect(targetAfterLogin(input)).toBe(expected);
  });
});

describe('targetAfterCompleteInfo', () => {
  it('returns to r when given', () => {
    expect(targetAfterCompleteInfo('/account', status())).toBe('/account');
  });
  it('never loops back to /info', () => {
    expect(targetAfterCompleteInfo('/info', status())).toBe('/student/apply');
  });
  it('otherwise follows the student status', () => {
    expect(targetAfterCompleteInfo(null, status({ step1: true }))).toBe('/pay/apply');
  });
});
