import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { formatMeeting, formatWindow, moveItem, reorderItem } from './course-format.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('ranking helpers', () => {
  it('moves up and down, ignoring moves past either end', () => {
    expect(moveItem([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });
  it('drag and drop moves one item to the drop position', () => {
    expect(reorderItem([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(reorderItem([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
  });
});

describe('times are Beijing time', () => {
  it('formats a meeting and a window', () => {
    expect(formatMeeting({ starts_at: '2026-08-11T01:00:00Z', ends_at: '2026-08-11T02:30:00Z' })).toBe('8月11日 周二 09:00–10:30');
    expect(formatWindow('2026-08-04T12:00:00Z', '2026-08-05T12:00:00Z')).toBe('8月4日 20:00 至 8月5日 20:00');
  });
});
