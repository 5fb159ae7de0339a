import { describe, expect, it } from 'vitest';
import { maskPhone } from './phone-mask.ts';

describe('maskPhone', () => {
  it.each([
    ['13912345678', '139****5678'],
    ['91234567', '91****67'],
    ['123456', '123456'],
    ['', ''],
  ])('%s → %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });
});
