import dayjs, { type Dayjs } from 'dayjs';
import { TALENT_KIND_LABELS, TALENT_STATUS_LABELS, TALENT_GUARDIAN_RELATION_LABELS, weightedScore, type TalentCriterion, type TalentEntryStatus, type TalentKind, type TalentGuardianRelation } from '@summit/domain/talent-show';
import { chineseMonthDayTime } from '@summit/domain/programme-terms';

export const WINDOW_LABEL = { open: '征集中', upcoming: '即将开始', closed: '征集已结束' } as const;
export type ShowWindow = keyof typeof WINDOW_LABEL;

export const kindLabel = (kind: TalentKind) => TALENT_KIND_LABELS[kind];
export const statusLabel = (status: TalentEntryStatus) => TALENT_STATUS_LABELS[status];

/** 王芳（母亲）于 7月12日 10:30 同意展示 */
export function consentLine(c: { guardian_name: string; guardian_relation: TalentGuardianRelation; consent_at: string }): string {
  return `${c.guardian_name}（${TALENT_GUARDIAN_RELATION_LABELS[c.guardian_relation]}）于 ${chineseMonthDayTime(c.consent_at)} 同意展示`;
}

/** What the show's window means for a student, in one line. */
export function windowLine(show: { window: ShowWindow; opens_at: string; closes_at: string }): string {
  if (show.window === 'upcoming') return `${chineseMonthDayTime(show.opens_at)} 开始征集作品`;
  if (show.window === 'open') return `作品提交截止：${chineseMonthDayTime(show.closes_at)}`;
  return `作品征集已于 ${chineseMonthDayTime(show.closes_at)} 结束`;
}

export function resultsLine(show: { results_at: string | null; results_published: boolean }): string {
  if (show.results_published) return '结果已公布';
  return show.results_at ? `${chineseMonthDayTime(show.results_at)} 公布入围名单` : '入围名单公布时间待定';
}

/** The live total a judge sees while filling the sheet: the server's formula, out of 100. */
export function sheetTotal(criteria: readonly TalentCriterion[], scores: Record<number, number | null | undefined>): number | null {
  if (criteria.some((c) => scores[c.id] === null || scores[c.id] === undefined)) return null;
  return weightedScore(criteria, new Map(criteria.map((c) => [c.id, scores[c.id] as number])));
}

export function weightTotal(criteria: ReadonlyArray<{ weight: number | null | undefined }>): number {
  return criteria.reduce((s, c) => s + (typeof c.weight === 'number' ? c.weight : 0), 0);
}

/** A picked date-time read as Beijing wall-clock time (the product's time zone), as an instant. */
export function beijingWallClockToIso(picked: Dayjs): string {
  return dayjs.tz(picked.format('YYYY-MM-DD HH:mm:ss'), 'Asia/Shanghai').toISOString();
}
