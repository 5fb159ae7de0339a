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

  it('?mode=wx is WX inside WeChat and WX_SERVICE elsewhere', () => {
    expect(authStateOf('/login', new URLSearchParams('mode=wx'), true)).toBe('WX');
    expect(authStateOf('/login', new URLSearchParams('mode=wx'), false)).toBe('WX_SERVICE');
    expect(authStateOf('/login', new URLSearchParams(''), true)).toBe('LOGIN');
  });
});
