/** Tracking (bury-dot) events. */
import { z } from 'zod';
import { MSG } from '../messages.ts';
import { boundedStringSchema, emptyResponseSchema, requestObjectSchema } from './common.ts';

/** Serialized payload bound: tracking is best-effort, never a way to store large blobs. */
export const TRACKING_PAYLOAD_MAX_CHARS = 4_096;

/** `ip` is the locally stored anonymous id, not an address. */
export const buryDotRequestSchema = requestObjectSchema({
  event: boundedStringSchema(100).trim().min(1, { error: MSG.PARAM_INVALID }),
  ip: boundedStringSchema(64).trim().min(1, { error: MSG.PARAM_INVALID }),
  payload: z
    .record(z.string().max(100), z.unknown(), { error: MSG.PARAM_INVALID })
    .refine((value) => JSON.stringify(value).length <= TRACKING_PAYLOAD_MAX_CHARS, { error: MSG.PARAM_INVALID })
    .optional(),
});
export type BuryDotRequest = z.infer<typeof buryDotRequestSchema>;
export const buryDotResponseSchema = emptyResponseSchema;

// Admin page-view report (decision 016) ------------------------------------------------------------------

/** Event names the web app sends: a view on each navigation, the dwell time when the page is left. */
export const TRACKING_EVENTS = { pageView: 'page_view', pageLeave: 'page_leave' } as const;

/** Longest report range, in days (inclusive): a year of daily rows is plenty and keeps the query bounded. */
export const PAGE_VIEWS_MAX_DAYS = 366;
/** Range shown when the admin picks none: the last 7 Beijing days, today included. */
export const PAGE_VIEWS_DEFAULT_DAYS = 7;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** "2025-07-01" is a real calendar day (not 2025-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_RE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The Beijing calendar day of an instant (China has no daylight saving, so +8 h is exact). */
export function beijingDayOf(instant: Date): string {
  return new Date(instant.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Beijing day starts ("2025-07-01" → 2025-06-30T16:00:00Z). */
export function beijingDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - BEIJING_OFFSET_MS);
}

/** Days from `from` to `to`, both included (1 for the same day). */
export function daySpan(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The report range: given days, or the default window ending today in Beijing. */
export function resolvePageViewRange(now: Date, from?: string, to?: string): { from: string; to: string } {
  const end = to ?? beijingDayOf(now);
  const start = from ?? beijingDayOf(new Date(Date.parse(`${end}T00:00:00Z`) - (PAGE_VIEWS_DEFAULT_DAYS - 1) * DAY_MS));
  return { from: start, to: end };
}

/** Why a range is refused, as the field to blame, or null when it is fine. */
export function pageViewRangeError(from: string, to: string): 'from' | 'to' | null {
  if (from > to) return 'from';
  if (daySpan(from, to) > PAGE_VIEWS_MAX_DAYS) return 'to';
  return null;
}

const dayQuerySchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  boundedStringSchema(10)
    .refine(isCalendarDay, { error: MSG.PARAM_INVALID })
    .optional(),
);

/** GET /api/admin/tracking/page-views?from=YYYY-MM-DD&to=YYYY-MM-DD (Beijing days, both included). */
export const pageViewsQuerySchema = requestObjectSchema({ from: dayQuerySchema, to: dayQuerySchema });
export type PageViewsQuery = z.infer<typeof pageViewsQuerySchema>;

export const pageViewRowSchema = z.object({
  /** Beijing calendar day. */
  date: z.string(),
  path: z.string(),
  views: z.number().int(),
  /** Distinct anonymous ids that viewed the path that day. */
  visitors: z.number().int(),
  /** Average seconds on the page from the page_leave beacons of that day; null when none arrived. */
  avg_dwell_seconds: z.number().nullable(),
  /** How many dwell times that average is made of (to weigh it when days are summed). */
  dwell_samples: z.number().int(),
});
export type PageViewRow = z.infer<typeof pageViewRowSchema>;

export const pageViewsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Newest day first, then most viewed path first. */
  rows: z.array(pageViewRowSchema),
});
export type PageViewsReport = z.infer<typeof pageViewsReportSchema>;
