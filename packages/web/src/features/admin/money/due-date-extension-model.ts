/** Pure rules of the staff 延长缴费期限 (decisions 072, 090): which days the picker offers and the instant it sends. */
import dayjs, { type Dayjs } from 'dayjs';
import type { StaffDue } from '@summit/domain/fee-plan';

const BEIJING = 'Asia/Shanghai';

/** The Beijing calendar day (YYYY-MM-DD) of an instant. */
export const beijingDay = (iso: string | Date): string => dayjs(iso).tz(BEIJING).format('YYYY-MM-DD');

/**
 * A picked day may be offered when it is after the current due date's Beijing day and not before today's (a new
 * date in the past would leave the installment overdue). The picker's day is a wall-clock date: read its
 * YYYY-MM-DD as a Beijing day wherever the admin sits, as the other admin pickers do.
 */
export function isExtensionDayAllowed(picked: Dayjs, currentDueIso: string, now: Date): boolean {
  const day = picked.format('YYYY-MM-DD');
  return day > beijingDay(currentDueIso) && day >= beijingDay(now);
}

/** The first day the picker offers: the day after the due date, or today when the due date has passed. */
export function firstExtensionDay(currentDueIso: string, now: Date): string {
  const after = dayjs.tz(beijingDay(currentDueIso), BEIJING).add(1, 'day').format('YYYY-MM-DD');
  const today = beijingDay(now);
  return after > today ? after : today;
}

/** The new due instant: the end of the picked Beijing day (23:59:59), as the seeded deadlines are. */
export function extensionDueIso(picked: Dayjs): string {
  return dayjs.tz(`${picked.format('YYYY-MM-DD')} 23:59:59`, BEIJING).toISOString();
}

/** Only an unpaid (or overdue) installment can be extended. */
export const canExtend = (due: Pick<StaffDue, 'status'>): boolean => due.status !== 'paid';

/** 「截止 2026-12-01 23:59（已延期）」 */
export function dueText(due: Pick<StaffDue, 'due_at' | 'extended'>): string {
  return `截止 ${dayjs(due.due_at).tz(BEIJING).format('YYYY-MM-DD HH:mm')}${due.extended ? '（已延期）' : ''}`;
}

/** Where an installment's due date lives: a student's tuition, or one application of another programme. */
export type DueOwner = { kind: 'student'; userId: number } | { kind: 'programme'; code: string; id: number };

/** The API base of an owner: GET <base>/dues lists the installments, PUT <base>/due-date extends one. */
export const dueOwnerPath = (o: DueOwner): string =>
  o.kind === 'student' ? `/admin/students/${o.userId}` : `/admin/programmes/${encodeURIComponent(o.code)}/applications/${o.id}`;
