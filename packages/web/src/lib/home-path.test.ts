import { afterEach, describe, expect, it } from 'vitest';
import { homePathOf, registerProgrammeLanding, studentProgrammeLanding, summerProgrammeUntouched } from './home-path.ts';

describe('homePathOf (the logo and 返回首页 on a 404)', () => {
  it('sends each person to their own home', () => {
    expect(homePathOf('student')).toBe('/account');
    expect(homePathOf('teacher')).toBe('/teacher');
    expect(homePathOf('teacher', true)).toBe('/admin');
    expect(homePathOf(null)).toBe('/');
    expect(homePathOf('school')).toMatch(/^\/school/);
    expect(homePathOf('sl')).toBe('/sl/application');
  });
});

describe("a student's landing in another programme (decision 088)", () => {
  const untouched = { offer_letter: null, is_tuition_paid: false, apply_v5: { step1_submitted: false } };
  afterEach(() => registerProgrammeLanding(null));

  it('applies only while the summer programme is untouched', () => {
    expect(summerProgrammeUntouched(untouched)).toBe(true);
    expect(summerProgrammeUntouched({ ...untouched, apply_v5: { step1_submitted: true } })).toBe(false);
    expect(summerProgrammeUntouched({ ...untouched, offer_letter: 0 })).toBe(false);
    expect(summerProgrammeUntouched({ ...untouched, is_tuition_paid: true })).toBe(false);
  });

  it('asks the registered resolver, and stands aside when it fails or the summer programme has begun', async () => {
    expect(await studentProgrammeLanding(untouched)).toBeNull();
    registerProgrammeLanding(() => Promise.resolve('/hx-week/pay'));
    expect(await studentProgrammeLanding(untouched)).toBe('/hx-week/pay');
    expect(await studentProgrammeLanding({ ...untouched, apply_v5: { step1_submitted: true } })).toBeNull();
    registerProgrammeLanding(() => Promise.reject(new Error('offline')));
    expect(await studentProgrammeLanding(untouched)).toBeNull();
  });
});
