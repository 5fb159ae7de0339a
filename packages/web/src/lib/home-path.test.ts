import { describe, expect, it } from 'vitest';
import { homePathOf } from './home-path.ts';

describe('homePathOf (返回首页 on a 404)', () => {
  it('sends each person to their own home', () => {
    expect(homePathOf('student')).toBe('/account');
    expect(homePathOf('teacher')).toBe('/teacher');
    expect(homePathOf('teacher', true)).toBe('/admin');
    expect(homePathOf(null)).toBe('/');
    expect(homePathOf('school')).toMatch(/^\/school/);
  });
});
