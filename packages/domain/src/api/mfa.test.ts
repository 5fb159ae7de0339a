import { describe, expect, it } from 'vitest';
import { isMfaChallenge, isMfaEnforcedRole, loginAnswerSchema, mayEnrolMfa, mfaCodeSchema, mustEnrolMfa, normaliseRecoveryCode, totpCodeSchema } from './mfa.ts';

describe('who needs a second factor (decision 036)', () => {
  it('administrators and staff (type 4, 9) must when enforced; other teachers and schools may; students and SL may not', () => {
    expect(mustEnrolMfa({ role: 'teacher', teacherType: 9, isAdmin: true }, true)).toBe(true);
    expect(mustEnrolMfa({ role: 'teacher', teacherType: 4, isAdmin: false }, true)).toBe(true);
    expect(mustEnrolMfa({ role: 'teacher', teacherType: 1, isAdmin: true }, true)).toBe(true);
    expect(mustEnrolMfa({ role: 'teacher', teacherType: 9, isAdmin: true }, false)).toBe(false);
    expect(isMfaEnforcedRole({ role: 'teacher', teacherType: 2, isAdmin: false })).toBe(false);
    expect(isMfaEnforcedRole({ role: 'school', teacherType: null, isAdmin: false })).toBe(false);
    expect(mayEnrolMfa({ role: 'school' })).toBe(true);
    expect(mayEnrolMfa({ role: 'student' })).toBe(false);
    expect(mayEnrolMfa({ role: 'sl' })).toBe(false);
  });
});

describe('codes', () => {
  it('a TOTP code is 6 digits; a recovery code is 10 letters or digits, dashes, spaces and capitals ignored', () => {
    expect(totpCodeSchema.safeParse('123456').success).toBe(true);
    expect(totpCodeSchema.safeParse('12345').success).toBe(false);
    expect(mfaCodeSchema.safeParse(' 123456 ').success).toBe(true);
    expect(mfaCodeSchema.safeParse('ABCDE-FGHJK').success).toBe(true);
    expect(mfaCodeSchema.safeParse('abcde fghj').success).toBe(false);
    expect(normaliseRecoveryCode('AbCdE-fGhJk ')).toBe('abcdefghjk');
  });

  it('the login answer is a session or a challenge, told apart by mfa_required', () => {
    const base = { type: 'TEACHER', name: '王老师', is_admin: true, is_dl: false };
    const session = loginAnswerSchema.parse({ ...base, token: 't' });
    const challenge = loginAnswerSchema.parse({ ...base, mfa_required: true, mfa_enrol_required: false, challenge: 'c'.repeat(43), expires_in: 300 });
    expect(isMfaChallenge(session)).toBe(false);
    expect(isMfaChallenge(challenge)).toBe(true);
  });
});
