import { describe, expect, it } from 'vitest';
import { amountInChineseWords, beijingDay, beijingDayRange, previousBeijingDay, receiptNumber } from './receipts.ts';

describe('amountInChineseWords', () => {
  it.each([
    [0, '零元整'],
    [1, '壹分'],
    [50, '伍角'],
    [55, '伍角伍分'],
    [100, '壹元整'],
    [50_000, '伍佰元整'],
    [50_050, '伍佰元伍角'],
    [100_507, '壹仟零伍元零柒分'],
    [1_680_000, '壹万陆仟捌佰元整'],
    [1_005_000, '壹万零伍拾元整'],
    [10_000_000, '壹拾万元整'],
    [100_000_000, '壹佰万元整'],
    [10_000_000_100, '壹亿零壹元整'], [1_000_010_000, '壹仟万零壹佰元整'],
    [1_230_045_600, '壹仟贰佰叁拾万零肆佰伍拾陆元整'],
    [100_000_1, '壹万元零壹分'],
  ])('%i fen → %s', (fen, words) => {
    expect(amountInChineseWords(fen)).toBe(words);
  });

  it('refuses what is not an amount', () => {
    expect(() => amountInChineseWords(-1)).toThrow(RangeError);
    expect(() => amountInChineseWords(1.5)).toThrow(RangeError);
  });
});

describe('Beijing days and receipt numbers', () => {
  it('takes the Beijing calendar day, not UTC', () => {
    expect(beijingDay(new Date('2026-06-30T16:00:00Z'))).toBe('2026-07-01');
    expect(beijingDay(new Date('2026-06-30T15:59:59Z'))).toBe('2026-06-30');
    expect(previousBeijingDay(new Date('2026-07-01T02:00:00Z'))).toBe('2026-06-30');
    const { start, end } = beijingDayRange('2026-07-01');
    expect(start.toISOString()).toBe('2026-06-30T16:00:00.000Z');
    expect(end.toISOString()).toBe('2026-07-01T16:00:00.000Z');
  });

  it('numbers a receipt by its Beijing paid day and order id', () => {
    expect(receiptNumber(123, new Date('2026-06-30T16:30:00Z'))).toBe('R20260701000123');
  });
});
