import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  authInfoSchema,
  captchaAnswerRequestSchema,
  captchaQuestionRequestSchema,
  isPasswordLogin,
  loginRequestSchema,
  loginResponseSchema,
  loginResultSchema,
  outboxItemSchema,
  outboxQuerySchema,
  parseBearerToken,
  registerRequestSchema,
  resetRequestSchema,
} from './auth.ts';

function issue(schema: z.ZodType, value: unknown): [string, string] | 'ok' {
  const result = schema.safeParse(value);
  if (result.success) return 'ok';
  const first = result.error.issues[0];
  return [first?.path.join('.') ?? '', first?.message ?? ''];
}

const PHONE = { phone_code: '86', phone: '13800138000' };

describe('captcha requests', () => {
  it.each([
    [captchaQuestionRequestSchema, PHONE, 'ok'],
    [captchaQuestionRequestSchema, { phone: '13800138000' }, 'ok'],
    [captchaQuestionRequestSchema, { phone_code: '86' }, ['phone', '请填写手机号']],
    [captchaQuestionRequestSchema, { phone: '1380013800' }, ['phone', '请填写11位手机!']],
    [captchaQuestionRequestSchema, { phone: '12800138000' }, ['phone', '手机格式错误']],
    [captchaQuestionRequestSchema, { phone_code: 'x', phone: '13800138000' }, ['phone_code', '区号格式错误']],
    [captchaQuestionRequestSchema, [], ['', '参数格式错误']],
    [captchaAnswerRequestSchema, { ...PHONE, code: 19 }, 'ok'],
    [captchaAnswerRequestSchema, { ...PHONE, code: '19' }, 'ok'],
    [captchaAnswerRequestSchema, { ...PHONE, code: 'abc' }, ['code', '请输入纯数字']],
    [captchaAnswerRequestSchema, PHONE, ['code', '请输入计算结果']],
  ] as const)('%#: %j → %j', (schema, body, expected) => {
    expect(issue(schema, body)).toEqual(expected);
  });

  it('coerces the answer and defaults the code', () => {
    expect(captchaAnswerRequestSchema.parse({ phone: '138 0013 8000', code: ' 19 ' })).toEqual({ ...PHONE, code: 19 });
  });
});

describe('register and reset', () => {
  it.each([registerRequestSchema, resetRequestSchema])('%#: validates every field with the spec messages', (schema) => {
    expect(schema.parse({ ...PHONE, code: '1234', password: 'abcd1234' })).toEqual({ ...PHONE, code: '1234', password: 'abcd1234' });
    expect(issue(schema, { ...PHONE, code: '123', password: 'abcd1234' })).toEqual(['code', '验证码格式错误']);
    expect(issue(schema, { ...PHONE, code: '1234', password: 'short' })).toEqual(['password', '格式错误！密码为8-32位只能包含英文 数字 符号']);
    expect(issue(schema, { ...PHONE, code: '1234' })).toEqual(['password', '请输入密码']);
    // Phone problems come first, whatever else is wrong.
    expect(issue(schema, { phone: '1', code: '1', password: '1' })).toEqual(['phone', '请填写11位手机!']);
  });
});

describe('loginRequestSchema', () => {
  it.each([
    [{ ...PHONE, password: 'abcd1234' }, { ...PHONE, password: 'abcd1234' }],
    [{ ...PHONE, code: '1234' }, { ...PHONE, code: '1234' }],
    [{ ...PHONE, password: '', code: '1234' }, { ...PHONE, code: '1234' }],
    [{ ...PHONE, password: 'abcd1234', code: '' }, { ...PHONE, password: 'abcd1234' }],
    [{ ...PHONE, password: 'abcd1234', code: null }, { ...PHONE, password: 'abcd1234' }],
  ])('%j → %j', (body, expected) => {
    expect(loginRequestSchema.parse(body)).toEqual(expected);
  });

  it.each([
    [PHONE, ['password', '请输入密码或验证码']],
    [{ ...PHONE, password: '', code: '' }, ['password', '请输入密码或验证码']],
    [{ ...PHONE, password: 'abcd1234', code: '1234' }, ['code', '密码和验证码只能填写一项']],
    [{ ...PHONE, code: '12' }, ['code', '验证码格式错误']],
    [{ ...PHONE, password: 'a b c d e f' }, ['password', '格式错误！密码为8-32位只能包含英文 数字 符号']],
    [{ phone: '', password: 'abcd1234' }, ['phone', '请填写手机号']],
  ] as const)('%j → %j', (body, expected) => {
    expect(issue(loginRequestSchema, body)).toEqual(expected);
  });

  it('narrows to password or code login', () => {
    expect(isPasswordLogin(loginRequestSchema.parse({ ...PHONE, password: 'abcd1234' }))).toBe(true);
    expect(isPasswordLogin(loginRequestSchema.parse({ ...PHONE, code: '1234' }))).toBe(false);
  });
});

describe('login result and auth info', () => {
  const result = { type: 'STUDENT', token: 't'.repeat(43), name: '李雷', is_admin: false, is_dl: false };

  it('accepts the four login types only', () => {
    for (const type of ['STUDENT', 'TEACHER', 'SCHOOL', 'SL']) expect(loginResultSchema.safeParse({ ...result, type }).success).toBe(true);
    expect(loginResultSchema.safeParse({ ...result, type: 'ADMIN' }).success).toBe(false);
    expect(loginResultSchema.safeParse({ ...result, type: 'student' }).success).toBe(false);
  });

  it('wraps the result in the envelope', () => {
    expect(loginResponseSchema.parse({ status: 200, msg: '', data: result })).toEqual({ status: 200, msg: '', data: result });
    expect(loginResponseSchema.safeParse({ status: 200, msg: '', data: { ...result, is_dl: 'no' } }).success).toBe(false);
  });

  it('describes /api/auth/info', () => {
    const info = { user_id: 1, type: 'TEACHER', name: '王老师', phone: '13800138000', is_admin: true, is_dl: false };
    expect(authInfoSchema.parse(info)).toEqual(info);
    expect(authInfoSchema.safeParse({ ...info, user_id: '1' }).success).toBe(false);
  });
});

describe('parseBearerToken', () => {
  const token = 'A'.repeat(21) + '-_' + 'z9'.repeat(10);
  it.each([
    [`Bearer ${token}`, token],
    [`bearer ${token}`, token],
    [`Bearer  ${token} `, token],
    [`Bearer ${token}x`, null],
    [`Bearer ${token.slice(1)}`, null],
    [`Basic ${token}`, null],
    [token, null],
    ['Bearer a+b/c=' + 'x'.repeat(36), null],
    ['', null],
    [undefined, null],
    [null, null],
  ])('%j → %j', (header, expected) => {
    expect(parseBearerToken(header)).toBe(expected);
  });
});

describe('demo outbox', () => {
  it('parses the query and items', () => {
    expect(outboxQuerySchema.parse({})).toEqual({});
    expect(outboxQuerySchema.parse({ phone: '138 0013 8000' })).toEqual({ phone: '13800138000' });
    const item = { phone: '13800138000', content: '您的验证码是1234', code: '1234', created_at: '2024-03-01T08:00:00.000Z' };
    expect(outboxItemSchema.parse(item)).toEqual(item);
    expect(outboxItemSchema.safeParse({ ...item, created_at: 'yesterday' }).success).toBe(false);
  });
});
