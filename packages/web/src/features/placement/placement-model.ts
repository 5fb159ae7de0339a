/** Pure helpers of the placement pages (decision 040): countdown words and the card's rows. */
import type { SuccessCardStatus } from '@summit/domain/api/placement';

/** "3天 04:05:06" until `targetMs`; null once reached. */
export function countdownText(targetMs: number, nowMs: number): string | null {
  const left = Math.floor((targetMs - nowMs) / 1000);
  if (left <= 0) return null;
  const days = Math.floor(left / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((left % 86_400) / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
  return days > 0 ? `${days}天 ${clock}` : clock;
}

export type CourseCardState =
  | { kind: 'open' }
  | { kind: 'countdown'; openAt: string }
  | { kind: 'closed'; msg: string };

/** The course selection card: open now, opening at a known time (countdown), or closed with the docs/product/errors.md reason. */
export function courseCardState(card: SuccessCardStatus, nowMs: number): CourseCardState {
  if (card.allow_course_cart) return { kind: 'open' };
  const openAt = card.course_apply.open_at;
  if (card.venue && openAt && Date.parse(openAt) > nowMs) return { kind: 'countdown', openAt };
  return { kind: 'closed', msg: card.course_gate_msg ?? '选课未开放' };
}

/** Whether the house can be revealed now (published for the student's venue). */
export function houseState(card: SuccessCardStatus, nowMs: number): 'revealed' | 'scheduled' | 'pending' {
  if (card.user.house) return 'revealed';
  if (card.house_open_at && Date.parse(card.house_open_at) > nowMs) return 'scheduled';
  return 'pending';
}

export type RevealBeginState = { kind: 'ready' } | { kind: 'waiting'; opensAt: string | null };

/**
 * /student/house-reveal-begin: ready once the student's house is published (the card carries it), else waiting,
 * with the announced time when one is set and still ahead. Waiting asks nothing more of the server, so the page
 * makes no request that fails before publication.
 */
export function revealBeginState(card: SuccessCardStatus, nowMs: number): RevealBeginState {
  if (card.user.house) return { kind: 'ready' };
  const at = card.house_open_at;
  return { kind: 'waiting', opensAt: at && Date.parse(at) > nowMs ? at : null };
}
