import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AppError,
  GATE_CODES,
  GATE_MESSAGES,
  STATUS,
  STATUS_CODES,
  clientActionFor,
  defaultMessageFor,
  httpStatusFor,
  isAppError,
  isGateCode,
  isStatusCode,
  type StatusCode,
} from './errors.ts';
import { envelopeSchema } from './envelope.ts';

describe('STATUS', () => {
  it('has the docs/product/errors.md codes, gates as strings', () => {
    expect(STATUS_CODES).toEqual([
      200, 302, 401, 4001, 4003, 4004, 4005,
      '403-10', '403-20', '403-21', '403-22', '403-23', '403-30', '403-40', '403-50', '403-60',
      '402-1', '402-2', 500,
    ]);
  });

  it.each([
    ['403-10', true],
    ['402-2', true],
    [403, false],
    ['403', false],
    [4001, false],
  ])('isGateCode(%j) → %s', (status, expected) => {
    expect(isGateCode(status)).toBe(expected);
  });

  it.each([
    [200, true],
    ['403-60', true],
    ['200', false],
    [404, false],
    [null, false],
  ])('isStatusCode(%j) → %s', (status, expected) => {
    expect(isStatusCode(status)).toBe(expected);
  });
});

describe('gate messages', () => {
  it.each([
    ['403-10', '仅限被录取并支付费用的用户访问'],
    ['403-20', '暂无会场信息'],
    ['403-21', '暂未开放'],
    ['403-22', '会场结果公布后，开放访问'],
    ['403-23', '仅限北京会场'],
    ['403-30', '选课未开放'],
    ['403-40', '已提交申请，请勿重复提交'],
    ['403-50', '无访问权限！'],
    ['403-60', '未完善信息填写，请完善信息后查看'],
    ['402-1', '申请费已支付'],
    ['402-2', '学费已支付'],
  ] as const)('%s → %s', (code, text) => {
    expect(GATE_MESSAGES[code]).toBe(text);
    expect(defaultMessageFor(code)).toBe(text);
    expect(AppError.gate(code).msg).toBe(text);
  });

  it('covers every gate code', () => {
    expect(Object.keys(GATE_MESSAGES).sort()).toEqual([...GATE_CODES].sort());
  });

  it.each([
    [401, '请重新登录！'],
    [500, '系统错误，请联系管理员！'],
    [4003, '参数格式错误'],
    [4001, ''],
    [200, ''],
  ] as const)('defaultMessageFor(%j) → %j', (status, text) => {
    expect(defaultMessageFor(status)).toBe(text);
  });
});

describe('httpStatusFor', () => {
  it.each([
    [200, 200],
    [302, 200],
    [401, 401],
    [4001, 400],
    [4003, 400],
    [4004, 409],
    [4005, 400],
    ['403-10', 403],
    ['403-60', 403],
    ['402-1', 402],
    ['402-2', 402],
    [500, 500],
  ] as const)('%j → HTTP %i', (status, http) => {
    expect(httpStatusFor(status)).toBe(http);
  });
});

describe('AppError helpers', () => {
  it.each([
    ['param', AppError.param('phone', '手机格式错误'), 4003, '手机格式错误', { field: 'phone' }, 400],
    ['message', AppError.message('答案错误，请重新验证'), 4001, '答案错误，请重新验证', undefined, 400],
    ['gate with text', AppError.gate('403-21', '选课暂未开放'), '403-21', '选课暂未开放', undefined, 403],
    ['login', AppError.login(), 401, '请重新登录！', undefined, 401],
    ['forbidden', AppError.forbidden(), 4001, '无权限访问！', undefined, 403],
    ['tooMany', AppError.tooMany('登录尝试过于频繁，请稍后再试'), 4001, '登录尝试过于频繁，请稍后再试', undefined, 429],
    ['notFound', AppError.notFound(), 4001, '接口不存在', undefined, 404],
    ['redirect', AppError.redirect('/pay/apply', '请先支付申请费！'), 302, '请先支付申请费！', { url: '/pay/apply' }, 200],
    ['reload', AppError.reload('数据已更新'), 4004, '数据已更新', undefined, 409],
    ['back', AppError.back('已过期'), 4005, '已过期', undefined, 400],
    ['internal', AppError.internal(), 500, '系统错误，请联系管理员！', undefined, 500],
  ] as const)('%s', (_name, error, status, msg, data, http) => {
    expect(error).toBeInstanceOf(Error);
    expect(isAppError(error)).toBe(true);
    expect(error.status).toBe(status);
    expect(error.msg).toBe(msg);
    expect(error.message).toBe(msg);
    expect(error.data).toEqual(data);
    expect(error.resolvedHttpStatus).toBe(http);
    expect(error.toEnvelope()).toEqual(data === undefined ? { status, msg } : { status, msg, data });
  });

  it('is not confused with other errors', () => {
    expect(isAppError(new Error('x'))).toBe(false);
    expect(isAppError({ status: 4001, msg: 'x' })).toBe(false);
  });

  it('turns the first zod issue into a 4003 naming the field', () => {
    const schema = z.object({
      phone: z.string().min(11, { error: '请填写11位手机!' }),
      area: z.array(z.number({ error: '请选择区域' })),
    });
    const first = schema.safeParse({ phone: '1', area: [1] });
    expect(first.success).toBe(false);
    if (!first.success) expect(AppError.fromZod(first.error).toEnvelope()).toEqual({ status: 4003, msg: '请填写11位手机!', data: { field: 'phone' } });
    const nested = schema.safeParse({ phone: '13800138000', area: [1, 'x'] });
    if (!nested.success) expect(AppError.fromZod(nested.error).data).toEqual({ field: 'area.1' });
    expect(nested.success).toBe(false);
  });
});

describe('envelopeSchema', () => {
  const schema = envelopeSchema(z.object({ now: z.number() }));
  it.each([
    [{ status: 200, msg: '', data: { now: 1 } }, true],
    [{ status: 200, msg: '' }, true],
    [{ status: '403-10', msg: '仅限被录取并支付费用的用户访问' }, true],
    [{ status: 403, msg: '' }, false],
    [{ status: '200', msg: '' }, false],
    [{ status: 200 }, false],
    [{ status: 200, msg: '', data: { now: 'x' } }, false],
  ])('%j → %s', (body, ok) => {
    expect(schema.safeParse(body).success).toBe(ok);
  });
});

describe('clientActionFor (docs/product/errors.md)', () => {
  it.each([
    [200, 'ok', 0],
    [302, 'redirect', 1000],
    [401, 'login', 0],
    [4001, 'toast', 0],
    [4003, 'toast', 0],
    [4004, 'reload', 1000],
    [4005, 'back', 1000],
    ['403-10', 'gate', 0],
    ['403-20', 'gate', 0],
    ['403-21', 'gate', 0],
    ['403-22', 'gate', 0],
    ['403-23', 'gate', 0],
    ['403-30', 'gate', 0],
    ['403-40', 'gate', 0],
    ['403-50', 'gate', 0],
    ['403-60', 'gate', 0],
    ['402-1', 'gate', 0],
    ['402-2', 'gate', 0],
    [500, 'toast', 0],
    [999, 'toast', 0],
    [undefined, 'toast', 0],
  ] as const)('%j → %s after %i ms', (status, kind, delayMs) => {
    expect(clientActionFor(status)).toEqual({ kind, delayMs });
  });

  it('has an action for every catalogue code', () => {
    const kinds = new Set(STATUS_CODES.map((status: StatusCode) => clientActionFor(status).kind));
    expect([...kinds].sort()).toEqual(['back', 'gate', 'login', 'ok', 'redirect', 'reload', 'toast']);
  });
});
