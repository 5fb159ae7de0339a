import { describe, expect, it } from 'vitest';
import { sameOriginPathOf } from './wx-code-target.ts';

const ORIGIN = 'https://summit.example.cn';

describe('sameOriginPathOf', () => {
  it.each([
    [encodeURIComponent('/pay/admission-parent/abc'), '/pay/admission-parent/abc'],
    [encodeURIComponent('/login?mode=wx'), '/login?mode=wx'],
    [encodeURIComponent('https://summit.example.cn/student/status?x=1'), '/student/status?x=1'],
  ])('%s → %s', (input, expected) => {
    expect(sameOriginPathOf(input, ORIGIN)).toBe(expected);
  });

  it.each([
    encodeURIComponent('https://evil.example.com/'),
    encodeURIComponent('//evil.example.com/x'),
    encodeURIComponent('/\\evil.example.com'),
    encodeURIComponent('javascript:alert(1)'),
    '%E0%A4%A',
    '',
  ])('refuses %s', (input) => {
    expect(sameOriginPathOf(input, ORIGIN)).toBeNull();
  });
});
