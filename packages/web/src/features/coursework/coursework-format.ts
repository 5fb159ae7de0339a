/** Pure display helpers of the course-work pages (unit-tested without a DOM). */
import dayjs, { type Dayjs } from 'dayjs';
import type { Participation } from '@summit/domain/api/coursework';
import { ESSAY_STATUS_LABELS, type EssayStatus } from '@summit/domain/coursework';

/** Beijing time to the minute; a dash when absent. */
export const formatTime = (iso: string | null | undefined) => (iso ? dayjs(iso).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm') : '—');

/** A picker's wall-clock value read as Beijing time (deadlines are Beijing time wherever the teacher sits). */
export function beijingWallClockToIso(picked: Dayjs): string {
  return dayjs.tz(picked.format('YYYY-MM-DD HH:mm:ss'), 'Asia/Shanghai').toISOString();
}

export const CELL_LABELS: Record<Participation['students'][number]['cells'][number]['state'], string> = {
  missing: '未交',
  submitted: '已交',
  late: '迟交',
  graded: '已评分',
};

export const essayStatusLabel = (status: EssayStatus) => ESSAY_STATUS_LABELS[status];

/** "80 / 100" or 待评分. */
export function scoreText(score: number | null, max: number): string {
  return score === null ? '待评分' : `${Number.isInteger(score) ? score : score.toFixed(1)} / ${max}`;
}

/** Whether the due time has passed by the server's clock (server_now from the same answer). */
export function isPastDue(dueAt: string, serverNow: string): boolean {
  return Date.parse(serverNow) > Date.parse(dueAt);
}

/** The submit button's words: first time, again before due, or late. */
export function submitLabel(hasSubmission: boolean, pastDue: boolean): string {
  if (pastDue) return '迟交作业';
  return hasSubmission ? '重新提交' : '提交作业';
}
