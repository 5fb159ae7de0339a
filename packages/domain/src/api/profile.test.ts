import { describe, expect, it } from 'vitest';
import { schoolInfoSchema, slInfoSchema, teacherInfoSchema } from './profile.ts';

describe('role profiles', () => {
  it.each([1, 2, 3, 4, 9])('teacher type %i is accepted', (type) => {
    expect(teacherInfoSchema.safeParse({ user_id: 1, name: '王老师', phone: '13800138000', type, is_admin: type === 9, permissions: type === 4 ? ['students.read'] : [] }).success).toBe(true);
  });

  it.each([0, 5, 8, '1'])('teacher type %j is rejected', (type) => {
    expect(teacherInfoSchema.safeParse({ user_id: 1, name: '王老师', phone: '13800138000', type, is_admin: false, permissions: [] }).success).toBe(false);
  });

  it('parses school and SL profiles', () => {
    const school = { user_id: 2, name: '四中招生办', phone: '13800138001', school_id: 12, school_name: '北京市第四中学' };
    expect(schoolInfoSchema.parse(school)).toEqual(school);
    expect(schoolInfoSchema.safeParse({ ...school, school_name: null }).success).toBe(false);
    const sl = { user_id: 3, name: '韩梅梅', phone: '13800138002', school_name: '北京市第四中学' };
    expect(slInfoSchema.parse(sl)).toEqual(sl);
    expect(slInfoSchema.safeParse({ ...sl, user_id: undefined }).success).toBe(false);
  });
});
