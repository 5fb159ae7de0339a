import { describe, expect, it } from 'vitest';
import { authStateOf } from './auth-state.ts';

describe('authStateOf', () => {
  it.each([
    ['/login', '', 'LOGIN'],
    ['/login', 'r=%2Faccount', 'LOGIN'],
    ['/login', 'mode=sms', 'SMS'],
    ['/login', 'mode=sms&r=%2Faccount', 'SMS'],
    ['/register', '', 'REGIST'],
    ['/register', 'r=%2Fstudent%2Fapply', 'REGIST'],
    ['/reset', '', 'FIND_PASSWORD'],
    ['/info', 'r=%2Fstudent%2Fapply', 'COMPLETE_INFO'],
  ])('%s?%s → %s', (path, query, state) => {
    expect(authStateOf(path, new URLSearchParams(query))).toBe(state);
  });
});
