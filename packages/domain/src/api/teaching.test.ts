import { describe, expect, it } from 'vitest';
import { CHECKIN_PERIOD_MS, attendanceOverrideRequestSchema, checkinPeriodOf, checkinStatusAt, signOpenRequestSchema, TEACHING_MSG } from '../index.ts';

describe('check-in rules', () => {
  it('periods are 15 s steps of the epoch', () => {
    expect(CHECKIN_PERIOD_MS).toBe(15_000);
    expect(checkinPeriodOf(0)).toBe(0);
    expect(checkinPeriodOf(14_999)).toBe(0);
    expect(checkinPeriodOf(15_000)).toBe(1);
  });

  it('present before late_after, late from it on', () => {
    expect(checkinStatusAt(999, 1000)).toBe('present');
    expect(checkinStatusAt(1000, 1000)).toBe('late');
  });

  it('sign-in and override requests say what is wrong in Chinese', () => {
    expect(signOpenRequestSchema.parse({ meeting_id: 3 })).toEqual({ meeting_id: 3, late_minutes: 10 });
    expect(signOpenRequestSchema.safeParse({ meeting_id: 3, late_minutes: -1 }).error?.issues[0]?.message).toBe(TEACHING_MSG.LATE_MINUTES);
    expect(signOpenRequestSchema.safeParse({ meeting_id: 3, duration_minutes: 601 }).error?.issues[0]?.message).toBe(TEACHING_MSG.DURATION_MINUTES);
    expect(attendanceOverrideRequestSchema.safeParse({ status: 'gone' }).error?.issues[0]?.message).toBe(TEACHING_MSG.STATUS);
    expect(attendanceOverrideRequestSchema.parse({ status: 'excused' })).toEqual({ status: 'excused', note: '' });
  });
});
