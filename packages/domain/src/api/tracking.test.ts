import { describe, expect, it } from 'vitest';
import { TRACKING_PAYLOAD_MAX_CHARS, beijingDayOf, beijingDayStart, buryDotRequestSchema, daySpan, isCalendarDay, pageViewRangeError, pageViewsQuerySchema, resolvePageViewRange } from './tracking.ts';

describe('buryDotRequestSchema', () => {
  it.each([
    [{ event: 'page_view', ip: 'anon-123' }, true],
    [{ event: 'page_leave', ip: 'anon-123', payload: { path: '/info', seconds: 12 } }, true],
    [{ event: '', ip: 'anon-123' }, false],
    [{ event: 'x'.repeat(101), ip: 'anon-123' }, false],
    [{ event: 'page_view' }, false],
    [{ event: 'page_view', ip: 'x'.repeat(65) }, false],
    [{ event: 'page_view', ip: 'a', payload: [1, 2] }, false],
    [{ event: 'page_view', ip: 'a', payload: 'text' }, false],
    [{ event: 'page_view', ip: 'a', payload: { blob: 'x'.repeat(TRACKING_PAYLOAD_MAX_CHARS) } }, false],
  ])('%#: valid %s', (body, valid) => {
    const result = buryDotRequestSchema.safeParse(body);
    expect(result.success).toBe(valid);
    if (!result.success) expect(result.error.issues[0]?.message).toBe('参数格式错误');
  });
});

describe('page-view report range', () => {
  it('accepts only real calendar days', () => {
    expect(isCalendarDay('2025-07-01')).toBe(true);
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2025-02-29')).toBe(false);
    expect(isCalendarDay('2025-7-1')).toBe(false);
    expect(isCalendarDay('2025-07-01T00:00')).toBe(false);
    expect(pageViewsQuerySchema.safeParse({ from: '2025-13-01' }).success).toBe(false);
    expect(pageViewsQuerySchema.safeParse({ from: '', to: '2025-07-01' }).data).toEqual({ to: '2025-07-01' });
  });

  it('reads days in Beijing time', () => {
    expect(beijingDayOf(new Date('2025-06-30T15:59:59Z'))).toBe('2025-06-30');
    expect(beijingDayOf(new Date('2025-06-30T16:00:00Z'))).toBe('2025-07-01');
    expect(beijingDayStart('2025-07-01').toISOString()).toBe('2025-06-30T16:00:00.000Z');
  });

  it('defaults to the last 7 Beijing days and refuses reversed or over-long ranges', () => {
    const now = new Date('2025-07-10T17:00:00Z'); // 01:00 on 11 July in Beijing
    expect(resolvePageViewRange(now)).toEqual({ from: '2025-07-05', to: '2025-07-11' });
    expect(resolvePageViewRange(now, undefined, '2025-07-03')).toEqual({ from: '2025-06-27', to: '2025-07-03' });
    expect(resolvePageViewRange(now, '2025-07-01')).toEqual({ from: '2025-07-01', to: '2025-07-11' });
    expect(daySpan('2025-07-01', '2025-07-01')).toBe(1);
    expect(pageViewRangeError('2025-07-02', '2025-07-01')).toBe('from');
    expect(pageViewRangeError('2025-01-01', '2025-12-31')).toBeNull();
    expect(pageViewRangeError('2024-01-01', '2025-01-01')).toBe('to');
  });
});
