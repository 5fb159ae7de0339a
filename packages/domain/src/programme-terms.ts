/**
 * Zod-free words and formats of the programme facts (decision 029), for the lazily loaded side helper and the
 * content placeholders as well as the pages: the modes, the sessions' names, the application batches'
 * meanings, and how a date or a window is written in Chinese (Beijing time).
 */

export const PROGRAMME_MODES = ['online', 'offline'] as const;
export type ProgrammeMode = (typeof PROGRAMME_MODES)[number];
export const PROGRAMME_MODE_LABELS: Record<ProgrammeMode, string> = { online: '线上', offline: '线下' };

export const SESSION_KEYS = ['first', 'second', 'third'] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];
export const SESSION_NAMES: Record<SessionKey, string> = { first: '第一期', second: '第二期', third: '第三期' };

/**
 * The one label map of the application batches and deadlines, EB1/EB2/RD/MRD (docs/product/users-and-roles.md "前批I、提前批II",
 * decision 009): `term` is the short Chinese name, `meaning` the sentence a tooltip or legend shows.
 */
export const BATCH_TERMS = {
  EB1: { term: '提前批I', meaning: '提前批I（Early Batch I）：最早一轮申请，截止前提交第一步即进入提前批I，最早获得录取结果。' },
  EB2: { term: '提前批II', meaning: '提前批II（Early Batch II）：第二轮提前申请，提前批I截止后、提前批II截止前提交第一步的申请。' },
  RD: { term: '常规批', meaning: '常规批（Regular Decision）：提前批之后、常规批截止前提交第一步的申请；常规批截止后不再接受新申请。' },
  MRD: { term: '最终截止', meaning: '最终截止（申请材料截止）：所有批次提交第二步申请材料的最后期限。' },
} as const;
export type BatchTermKey = keyof typeof BATCH_TERMS;
export const BATCH_TERM_ORDER: readonly BatchTermKey[] = ['EB1', 'EB2', 'RD', 'MRD'];

/** "提前批I（EB1）": how a key is shown wherever it appears. */
export function batchTermLabel(key: BatchTermKey): string {
  return `${BATCH_TERMS[key].term}（${key}）`;
}

const BEIJING_MS = 8 * 3_600_000;
const beijing = (instant: string) => new Date(Date.parse(instant) + BEIJING_MS);
const pad = (n: number) => String(n).padStart(2, '0');

/** 8月3日 for an instant, as a Beijing calendar day. */
export function chineseMonthDay(instant: string): string {
  const d = beijing(instant);
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
}

/** 8月3日 23:59 (Beijing time). */
export function chineseMonthDayTime(instant: string): string {
  const d = beijing(instant);
  return `${chineseMonthDay(instant)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** 7月17日—7月25日: a window's first and last Beijing days. */
export function chineseRange(startsAt: string, endsAt: string): string {
  return `${chineseMonthDay(startsAt)}—${chineseMonthDay(endsAt)}`;
}

/** The whole programme: the first session's start to the last session's end. */
export function programmeRange(sessions: ReadonlyArray<{ starts_at: string; ends_at: string }>): string {
  if (sessions.length === 0) return '';
  const starts = Math.min(...sessions.map((s) => Date.parse(s.starts_at)));
  const ends = Math.max(...sessions.map((s) => Date.parse(s.ends_at)));
  return chineseRange(new Date(starts).toISOString(), new Date(ends).toISOString());
}

/** 2,000 for 200 000 fen (whole yuan; fen shown only when there are any). */
export function yuanText(fen: number): string {
  const yuan = Math.floor(Math.abs(fen) / 100).toLocaleString('en-US');
  const cents = Math.abs(fen) % 100;
  return `${fen < 0 ? '-' : ''}${yuan}${cents ? `.${pad(cents)}` : ''}`;
}
