import { describe, expect, it } from 'vitest';
import { studentInfoResponseSchema, studentInfoSchema, studentInfoUpdateRequestSchema, studentStatusResponseSchema } from './student.ts';

function issue(value: unknown): [string, string] | 'ok' {
  const result = studentInfoUpdateRequestSchema.safeParse(value);
  if (result.success) return 'ok';
  const first = result.error.issues[0];
  return [first?.path.join('.') ?? '', first?.message ?? ''];
}

const VALID = {
  name: '李雷',
  email: 'lilei@example.com',
  school_country_id: 1,
  area_id: [110000, 110100, 110108],
  school_id: 12,
};

describe('studentInfoUpdateRequestSchema', () => {
  it.each([
    ['complete, picked school', VALID, 'ok'],
    ['typed school instead of id', { ...VALID, school_id: undefined, school_name: '北京市第四中学' }, 'ok'],
    ['state only', { ...VALID, area_id: [110000] }, 'ok'],
    ['foreign country without area', { ...VALID, school_country_id: 840, area_id: [], school_id: null, school_name: 'Phillips Academy' }, 'ok'],
    ['foreign country, area omitted', { name: 'Li', email: 'a@b.co', school_country_id: 840, school_name: 'X' }, 'ok'],
    ['no name', { ...VALID, name: '' }, ['name', '请填写姓名']],
    ['bad email', { ...VALID, email: 'lilei' }, ['email', '邮箱格式错误！']],
    ['no email', { ...VALID, email: undefined }, ['email', '请填写邮箱']],
    ['no country', { ...VALID, school_country_id: undefined }, ['school_country_id', '请选择']],
    ['country as text', { ...VALID, school_country_id: '1' }, ['school_country_id', '请选择']],
    ['China without area', { ...VALID, area_id: [] }, ['area_id', '请选择区域']],
    ['China, area omitted', { ...VALID, area_id: undefined }, ['area_id', '请选择区域']],
    ['four area ids', { ...VALID, area_id: [1, 2, 3, 4] }, ['area_id', '请选择区域']],
    ['negative area id', { ...VALID, area_id: [-1] }, ['area_id.0', '请选择区域']],
    ['no school', { ...VALID, school_id: undefined }, ['school_name', '请选择或输入学校全名']],
    ['blank school name', { ...VALID, school_id: null, school_name: '   ' }, ['school_name', '请选择或输入学校全名']],
    ['not an object', 'x', ['', '参数格式错误']],
  ] as const)('%s → %j', (_name, body, expected) => {
    expect(issue(body)).toEqual(expected);
  });

  it('trims text and defaults area_id', () => {
    expect(
      studentInfoUpdateRequestSchema.parse({ name: ' 李雷 ', email: ' a@b.cn ', school_country_id: 840, school_name: ' X ' }),
    ).toEqual({ name: '李雷', email: 'a@b.cn', school_country_id: 840, area_id: [], school_name: 'X' });
  });
});

describe('student info and status responses', () => {
  const fresh = {
    phone: '13800138000',
    phone_code: '86',
    name: null,
    email: null,
    school_country_id: null,
    school_state_id: null,
    school_city_id: null,
    school_zone_id: null,
    school_id: null,
    school_name: null,
    info_completed: false,
  };

  it('describes a fresh registration and a completed profile', () => {
    expect(studentInfoSchema.parse(fresh)).toEqual(fresh);
    const completed = { ...fresh, name: '李雷', email: 'a@b.cn', school_country_id: 1, school_state_id: 110000, school_city_id: 110100, school_zone_id: 110108, school_id: 12, school_name: '北京市第四中学', info_completed: true };
    expect(studentInfoResponseSchema.parse({ status: 200, msg: '', data: completed }).data).toEqual(completed);
    expect(studentInfoSchema.safeParse({ ...fresh, info_completed: undefined }).success).toBe(false);
  });

  it('wraps the status object', () => {
    expect(studentStatusResponseSchema.safeParse({ status: 200, msg: '', data: { user_id: 1 } }).success).toBe(false);
    expect(studentStatusResponseSchema.safeParse({ status: '403-60', msg: '未完善信息填写，请完善信息后查看' }).success).toBe(true);
  });
});
