import { describe, expect, it } from 'vitest';
import { isAccountScreen, loginRedirectFor, returnTargetFrom } from './navigation.ts';

describe('returnTargetFrom', () => {
  it.each([
    ['', null],
    ['r=/student/apply', '/student/apply'],
    ['r=%2Fstudent%2Fapply%3Fstep%3D2', '/student/apply?step=2'],
    ['r=/student/apply&s=step=2', '/student/apply?step=2'],
    ['r=/student/apply&s=%3Fstep%3D2', '/student/apply?step=2'],
    ['r=/a?x=1&s=y=2', '/a?x=1&y=2'],
    ['r=https://evil.example/', null],
    ['r=//evil.example/', null],
    ['r=/\\evil.example', null],
    ['r=student/apply', null],
  ])('%s → %s', (query, expected) => {
    expect(returnTargetFrom(new URLSearchParams(query))).toBe(expected);
  });
});

describe('loginRedirectFor', () => {
  it('encodes the path so its own query survives', () => {
    const target = loginRedirectFor('/student/apply?step=2');
    expect(target).toBe('/register?r=%2Fstudent%2Fapply%3Fstep%3D2');
    expect(returnTargetFrom(new URL(target, 'http://x').searchParams)).toBe('/student/apply?step=2');
  });
});

describe('isAccountScreen', () => {
  it('knows the account screen and the login page, not pages that only start alike', () => {
    expect(isAccountScreen('/register?r=%2Faccount')).toBe(true);
    expect(isAccountScreen('/register')).toBe(true);
    expect(isAccountScreen('/login')).toBe(true);
    expect(isAccountScreen('/registered-things')).toBe(false);
    expect(isAccountScreen('/account')).toBe(false);
  });
});
