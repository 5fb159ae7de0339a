/** Pure display helpers of the activity pages (unit-tested without a DOM). */
import { ACTIVITY_KIND_LABELS, type ActivityKind, type ActivityWindow, type CeremonyKind } from '@summit/domain/activities';
import { chineseMonthDayTime } from '@summit/domain/programme-terms';

/** The kind a card page serves, from its path's last segment (/student/card/haa → haa). */
export function kindOfPath(pathname: string): ActivityKind | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return last in ACTIVITY_KIND_LABELS ? (last as ActivityKind) : null;
}

/** The ceremony of a teacher page: the spec spells the opening's address /teacher/openning. */
export function ceremonyOfTeacherPath(pathname: string): CeremonyKind {
  return pathname.replace(/\/+$/, '').endsWith('/ending') ? 'ending' : 'opening';
}

const hhmm = (iso: string) => chineseMonthDayTime(iso).split(' ')[1] ?? '';
const sameDay = (a: string, b: string) => chineseMonthDayTime(a).split(' ')[0] === chineseMonthDayTime(b).split(' ')[0];

/** 7月17日 19:00—21:00, or 7月17日 19:00—7月20日 18:00 across days (Beijing time). */
export function windowRange(opensAt: string, closesAt: string): string {
  return `${chineseMonthDayTime(opensAt)}—${sameDay(opensAt, closesAt) ? hhmm(closesAt) : chineseMonthDayTime(closesAt)}`;
}

/** The line under a card's title: when it opens, until when it is open, or that it ended. */
export function windowLine(window: ActivityWindow, opensAt: string, closesAt: string): string {
  if (window === 'upcoming') return `${chineseMonthDayTime(opensAt)} 开始`;
  if (window === 'open') return `进行中 · ${chineseMonthDayTime(closesAt)} 截止`;
  return `已于 ${chineseMonthDayTime(closesAt)} 结束`;
}

/** The agenda's time column: 19:20 (Beijing). */
export function agendaTime(iso: string): string {
  return hhmm(iso);
}

/** A link the office configured: inside the site (a router link) or outside (a new tab). */
export function isInternalLink(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}
