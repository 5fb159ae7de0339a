import { describe, expect, it } from 'vitest';
import { beijingDay, splitCatalogue, verifyUrl } from './badges-format.ts';

describe('badges format', () => {
  it('dates are read in Beijing time', () => {
    expect(beijingDay('2026-07-11T16:30:00.000Z')).toBe('2026年7月12日');
    expect(beijingDay(null)).toBe('—');
  });
  it('builds the shareable link without a double slash', () => {
    expect(verifyUrl('https://summit.cn/', '/badges/verify/abc')).toBe('https://summit.cn/badges/verify/abc');
  });
  it('splits the catalogue into held and still to earn', () => {
    const split = splitCatalogue([{ id: 1 }, { id: 2 }, { id: 3 }], new Set([2]));
    expect(split.held.map((b) => b.id)).toEqual([2]);
    expect(split.toEarn.map((b) => b.id)).toEqual([1, 3]);
  });
});
