/**
 * Placeholders in content pages for figures that live in settings (decision 019): the fees students are
 * charged and the application deadlines. An editor writes `{{fee.tuition}}` in a page; every public read fills
 * in the current value, so the tuition page can never quote a fee the payment does not charge.
 *
 * Zod-free (the admin preview in the web fills drafts with the same function).
 */
import type { PageDocument } from './content.ts';
import type { DeadlineKey } from './constants.ts';
import { PROGRAMME_MODE_LABELS, SESSION_KEYS, chineseMonthDayTime, chineseRange, programmeRange, type ProgrammeMode, type SessionKey } from './programme-terms.ts';

export const CONTENT_TOKENS = [
  { token: 'fee.apply', label: '申请费' },
  { token: 'fee.tuition', label: '学费' },
  { token: 'deadline.EB1', label: '提前批I截止日期' },
  { token: 'deadline.EB2', label: '提前批II截止日期' },
  { token: 'deadline.RD', label: '常规批截止日期' },
  { token: 'deadline.MRD', label: '最终截止（申请材料）日期' },
  { token: 'programme.name', label: '项目名称' },
  { token: 'programme.year', label: '项目年份' },
  { token: 'programme.mode', label: '举办方式（线上/线下）' },
  { token: 'programme.dates', label: '项目日期（第一期开始至第三期结束）' },
  { token: 'session.first', label: '第一期日期' },
  { token: 'session.second', label: '第二期日期' },
  { token: 'session.third', label: '第三期日期' },
  { token: 'programme.difference', label: '线上线下学费差价' },
  { token: 'programme.refund_deadline', label: '差价退款截止时间' },
  { token: 'contact.phone', label: '联系电话' },
  { token: 'contact.email', label: '联系邮箱' },
  { token: 'contact.wechat_id', label: '客服微信号' },
  { token: 'contact.hours', label: '客服服务时间' },
] as const;

/** Contact details (api/site.ts siteContactSchema: plain values without markup characters). */
export interface ContactTokenFacts {
  phone: string;
  email: string;
  wechat_id: string;
  hours: string;
}

/** The programme facts the placeholders quote (programme.ts; zod-free here). */
export interface ProgrammeTokenFacts {
  name: string;
  year: number;
  mode: ProgrammeMode;
  sessions: ReadonlyArray<{ key: SessionKey; starts_at: string; ends_at: string }>;
  difference_fen: number;
  difference_refund_deadline: string;
}

export type ContentToken = (typeof CONTENT_TOKENS)[number]['token'];
export type ContentTokenValues = Record<ContentToken, string>;

/** `{{ fee.tuition }}`: letters, digits, dots and underscores between double braces, spaces allowed inside. */
const TOKEN_PATTERN = /\{\{\s*([A-Za-z0-9._]+)\s*\}\}/g;

/** ¥16,800 for 1 680 000 fen; fen shown only when there are any (¥16,800.50). */
export function formatFeeForPage(fen: number): string {
  const yuan = Math.floor(Math.abs(fen) / 100).toLocaleString('en-US');
  const cents = Math.abs(fen) % 100;
  return `${fen < 0 ? '-' : ''}¥${yuan}${cents ? `.${String(cents).padStart(2, '0')}` : ''}`;
}

/** 2027-01-15 for an instant, as a Beijing calendar date (China has no DST). */
export function beijingDate(instant: string): string {
  return new Date(new Date(instant).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

export function contentTokenValues(
  fees: { apply_fen: number; tuition_fen: number },
  deadlines: Record<DeadlineKey, string>,
  programme: ProgrammeTokenFacts,
  contact: ContactTokenFacts,
): ContentTokenValues {
  const session = (key: SessionKey) => {
    const s = programme.sessions.find((w) => w.key === key);
    return s ? chineseRange(s.starts_at, s.ends_at) : '';
  };
  const sessions = Object.fromEntries(SESSION_KEYS.map((k) => [`session.${k}`, session(k)])) as Record<`session.${SessionKey}`, string>;
  return {
    'programme.name': programme.name,
    'programme.year': String(programme.year),
    'programme.mode': PROGRAMME_MODE_LABELS[programme.mode],
    'programme.dates': programmeRange(programme.sessions),
    ...sessions,
    'programme.difference': formatFeeForPage(programme.difference_fen),
    'programme.refund_deadline': chineseMonthDayTime(programme.difference_refund_deadline),
    'contact.phone': contact.phone,
    'contact.email': contact.email,
    'contact.wechat_id': contact.wechat_id,
    'contact.hours': contact.hours,
    'fee.apply': formatFeeForPage(fees.apply_fen),
    'fee.tuition': formatFeeForPage(fees.tuition_fen),
    'deadline.EB1': beijingDate(deadlines.EB1),
    'deadline.EB2': beijingDate(deadlines.EB2),
    'deadline.RD': beijingDate(deadlines.RD),
    'deadline.MRD': beijingDate(deadlines.MRD),
  };
}

/** The text with every known placeholder filled; an unknown one stays as typed, so a typo is visible. */
export function fillTokens(text: string, values: Partial<Record<string, string>>): string {
  if (!text.includes('{{')) return text;
  return text.replace(TOKEN_PATTERN, (whole, name: string) => values[name] ?? whole);
}

/** Every text of a document (hero, headings, rich text, entries) with its placeholders filled. */
export function fillDocumentTokens(document: PageDocument, values: Partial<Record<string, string>>): PageDocument {
  const f = (s: string) => fillTokens(s, values);
  const fo = (s: string | undefined) => (s === undefined ? undefined : f(s));
  return {
    hero: { ...document.hero, title: f(document.hero.title), subtitle: f(document.hero.subtitle) },
    sections: document.sections.map((s) => {
      const section = { ...s, heading: f(s.heading), ...(s.html !== undefined ? { html: f(s.html) } : {}) };
      if (!s.items) return section;
      switch (s.items.kind) {
        case 'faq':
          return { ...section, items: { kind: 'faq', entries: s.items.entries.map((e) => ({ q: f(e.q), a: f(e.a) })) } };
        case 'people':
          return { ...section, items: { kind: 'people', entries: s.items.entries.map((e) => ({ ...e, name: f(e.name), title: f(e.title), bio: f(e.bio) })) } };
        case 'timeline':
          return {
            ...section,
            items: { kind: 'timeline', entries: s.items.entries.map((e) => ({ ...e, date: f(e.date), label: f(e.label), ...(e.note !== undefined ? { note: fo(e.note) } : {}) })) },
          };
        case 'cards':
          return { ...section, items: { kind: 'cards', entries: s.items.entries.map((e) => ({ ...e, title: f(e.title), text: f(e.text) })) } };
        case 'stats':
          return { ...section, items: { kind: 'stats', entries: s.items.entries.map((e) => ({ value: f(e.value), label: f(e.label) })) } };
      }
    }) as PageDocument['sections'],
  };
}
