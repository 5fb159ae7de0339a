import { describe, expect, it } from 'vitest';
import { averageOf, distributionOf, percentOf } from './operations.ts';
import { minutesOfHours, timeSheetUpdateRequestSchema } from './time-sheets.ts';

describe('operations figures', () => {
  it('percentOf: one decimal, half up; nothing to divide by is null', () => {
    expect([percentOf(3, 4), percentOf(1, 3), percentOf(2, 3), percentOf(1, 8), percentOf(0, 5), percentOf(5, 0)]).toEqual([75, 33.3, 66.7, 12.5, 0, null]);
  });

  it('averageOf: mean of the grades present, one decimal, half up, in tenths', () => {
    expect(averageOf([92.5, 78, null])).toBe(85.3);
    expect(averageOf([0.1, 0.2])).toBe(0.2);
    expect(averageOf([null])).toBeNull();
  });

  it('distributionOf: the letter bands of decision 053, incomplete apart', () => {
    expect(distributionOf([90, 89.9, 80, 70, 69.9, 60, 59.9, 0, null])).toEqual({ A: 1, B: 2, C: 1, D: 2, F: 2, incomplete: 1 });
  });
});

describe('time-sheet update body', () => {
  it('needs the fields of its action', () => {
    expect(timeSheetUpdateRequestSchema.safeParse({ action: 'add', work_date: '2026-07-01', hours: 0.5, activity: '接待' }).success).toBe(true);
    expect(timeSheetUpdateRequestSchema.safeParse({ action: 'edit', work_date: '2026-07-01', hours: 1, activity: '接待' }).error?.issues[0]?.path).toEqual(['id']);
    expect(timeSheetUpdateRequestSchema.safeParse({ action: 'reject', ids: [3], note: '未排班' }).success).toBe(true);
    expect(timeSheetUpdateRequestSchema.safeParse({ action: 'add', work_date: '2026-07-01', hours: 1.25, activity: '接待' }).success).toBe(false);
  });

  it('half-hour steps become whole minutes', () => {
    expect([minutesOfHours(0.5), minutesOfHours(7.5), minutesOfHours(24)]).toEqual([30, 450, 1440]);
  });
});
