import { describe, expect, it } from 'vitest';
import { PAGES, registerPathWithReturn } from './pages.ts';

describe('PAGES', () => {
  it('names the redirect targets', () => {
    expect(PAGES).toEqual({
      info: '/info',
      apply: '/student/apply',
      applyStep2: '/student/apply?step=2',
      payApply: '/pay/apply',
      admission: '/student/admission',
      admissionPay: '/student/admission/pay',
      admissionSuccess: '/student/admission/success',
      cardCourse: '/student/card/course',
      volunteerApplication: '/volunteer/application',
      teacher: '/teacher',
      admin: '/admin',
      school: '/school-student',
      slHome: '/sl/application',
      login: '/login',
      register: '/register',
    });
  });

  it.each([
    ['/student/apply', '/register?r=%2Fstudent%2Fapply'],
    ['/student/apply?step=2', '/register?r=%2Fstudent%2Fapply%3Fstep%3D2'],
    ['/', '/register?r=%2F'],
  ])('registerPathWithReturn(%s) → %s', (path, expected) => {
    expect(registerPathWithReturn(path)).toBe(expected);
  });
});
