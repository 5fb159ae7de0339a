import { describe, expect, it } from 'vitest';
import { maskIdNumber, maskPersonalNumbers } from './masking.ts';

describe('maskIdNumber', () => {
  it('keeps the first 3 and last 2 characters', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110****2X');
    expect(maskIdNumber('abc')).toBe('***');
  });
});

describe('maskPersonalNumbers', () => {
  it.each([
    ['duplicate key: Key (phone)=(13900000001) already exists.', 'duplicate key: Key (phone)=(139****0001) already exists.'],
    ['sms to +86 13912345678 failed', 'sms to +86 139****5678 failed'],
    ['+8613912345678', '+86139****5678'],
    ['手机号13800000002的账户', '手机号138****0002的账户'],
    ['params: 110105200501011234,foo', 'params: 110****34,foo'],
    ['id 11010519491231002x.', 'id 110****2x.'],
  ])('masks %s', (input, expected) => {
    expect(maskPersonalNumbers(input)).toBe(expected);
  });

  it.each([
    'order SM20261123ab13912345678cd', // inside a hex order number
    '"time":1763921836123', // epoch milliseconds
    'responseTime 2.13912345678', // a fraction
    '12345678901', // 11 digits that are not a mobile number
    '123456789012345678', // 18 digits with no birth date
    '139123456789', // 12 digits
  ])('leaves %s alone', (input) => {
    expect(maskPersonalNumbers(input)).toBe(input);
  });
});
