import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import '../../../lib/dayjs-setup.ts';
import { beijingDay, canExtend, dueOwnerPath, dueText, extensionDueIso, firstExtensionDay, isExtensionDayAllowed } from './due-date-extension-model.ts';

// 2026-12-01 23:59:59 Beijing = 2026-12-01T15:59:59Z.
const due = '2026-12-01T15:59:59.000Z';
const now = new Date('2026-11-28T02:00:00.000Z'); // 2026-11-28 10:00 Beijing

describe('due-date extension', () => {
  it('reads instants as Beijing days (a UTC evening is the next Beijing day)', () => {
    expect(beijingDay('2026-12-01T16:30:00.000Z')).toBe('2026-12-02');
    expect(beijingDay(due)).toBe('2026-12-01');
  });

  it('offers only days after the current due date, never the due day itself', () => {
    expect(isExtensionDayAllowed(dayjs('2026-12-01'), due, now)).toBe(false);
    expect(isExtensionDayAllowed(dayjs('2026-11-30'), due, now)).toBe(false);
    expect(isExtensionDayAllowed(dayjs('2026-12-02'), due, now)).toBe(true);
    expect(isExtensionDayAllowed(dayjs('2027-03-01'), due, now)).toBe(true);
  });

  it('offers no past day when the due date has passed (overdue)', () => {
    const past = '2026-11-20T15:59:59.000Z';
    expect(isExtensionDayAllowed(dayjs('2026-11-25'), past, now)).toBe(false);
    expect(isExtensionDayAllowed(dayjs('2026-11-28'), past, now)).toBe(true);
    expect(firstExtensionDay(past, now)).toBe('2026-11-28');
    expect(firstExtensionDay(due, now)).toBe('2026-12-02');
  });

  it('sends the end of the picked Beijing day', () => {
    expect(extensionDueIso(dayjs('2026-12-08'))).toBe('2026-12-08T15:59:59.000Z');
  });

  it('extends only unpaid installments and marks a moved date', () => {
    expect(canExtend({ status: 'unpaid' })).toBe(true);
    expect(canExtend({ status: 'overdue' })).toBe(true);
    expect(canExtend({ status: 'paid' })).toBe(false);
    expect(dueText({ due_at: due, extended: true })).toBe('截止 2026-12-01 23:59（已延期）');
    expect(dueText({ due_at: due, extended: false })).toBe('截止 2026-12-01 23:59');
  });

  it('sends a tuition extension to the student and a programme one to the application', () => {
    expect(dueOwnerPath({ kind: 'student', userId: 42 })).toBe('/admin/students/42');
    expect(dueOwnerPath({ kind: 'programme', code: 'hxweek', id: 7 })).toBe('/admin/programmes/hxweek/applications/7');
  });
});
