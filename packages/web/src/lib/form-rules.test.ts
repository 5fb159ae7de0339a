import { describe, expect, it } from 'vitest';
import type { FormInstance, RuleObject } from 'antd/es/form';
import { MSG } from '@summit/domain/messages';
import { passwordSchema, smsCodeSchema } from '@summit/domain/validation';
import { phoneRule, zodRule } from './form-rules.ts';

type Validator = (rule: RuleObject, value: unknown) => Promise<void>;

function validatorOf(rule: unknown, fields: Record<string, unknown> = {}): Validator {
  const resolved = typeof rule === 'function'
    ? (rule as (form: Pick<FormInstance, 'getFieldValue'>) => RuleObject)({ getFieldValue: (name: string) => fields[name] } as FormInstance)
    : (rule as RuleObject);
  return resolved.validator as Validator;
}

async function messageOf(validate: Validator, value: unknown): Promise<string | null> {
  try {
    await validate({}, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('zodRule', () => {
  it.each([
    ['Abcd1234', null],
    ['short', MSG.PASSWORD_FORMAT],
    ['has space 123', MSG.PASSWORD_FORMAT],
    ['密码密码密码密码', MSG.PASSWORD_FORMAT],
  ])('password %j → %j', async (value, expected) => {
    expect(await messageOf(validatorOf(zodRule(passwordSchema)), value)).toBe(expected);
  });

  it.each([
    ['1234', null],
    ['12a', MSG.SMS_CODE_FORMAT],
    ['12345', MSG.SMS_CODE_FORMAT],
  ])('sms code %j → %j', async (value, expected) => {
    expect(await messageOf(validatorOf(zodRule(smsCodeSchema)), value)).toBe(expected);
  });

  it('treats an empty input as missing, as the domain words it', async () => {
    const validate = validatorOf(zodRule(smsCodeSchema));
    expect(await messageOf(validate, '')).toBe(MSG.SMS_CODE_REQUIRED);
    expect(await messageOf(validate, undefined)).toBe(MSG.SMS_CODE_REQUIRED);
  });
});

describe('phoneRule', () => {
  it.each([
    ['86', '', MSG.PHONE_REQUIRED],
    ['86', '1390000', MSG.PHONE_LENGTH],
    ['86', '12345678901', MSG.PHONE_FORMAT],
    ['86', '13900000001', null],
    ['852', '91234567', null],
    ['852', '12', MSG.PHONE_FORMAT],
  ])('+%s %j → %j', async (code, value, expected) => {
    expect(await messageOf(validatorOf(phoneRule(), { phone_code: code }), value)).toBe(expected);
  });
});
