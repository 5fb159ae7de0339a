import { AppError, MSG, beijingDayStart, pageViewRangeError, platSchema, resolvePageViewRange, type PageViewsQuery, type PageViewsReport } from '@summit/domain';
import type { AppContext } from '../../http/context.ts';
import { aggregatePageViews, insertTrackingEvent } from './tracking.repo.ts';

/**
 * Bytes of serialized payload we keep per event. The domain schema bounds characters (4 KB); Chinese text
 * is 3 bytes a character in UTF-8, so the stored size needs its own cap.
 */
export const TRACKING_PAYLOAD_MAX_BYTES = 8 * 1024;

export interface TrackingInput {
  event: string;
  anonId: string;
  accountId: number | null;
  plat: string | null;
  payload: Record<string, unknown> | undefined;
}

export async function recordEvent(ctx: AppContext, input: TrackingInput): Promise<void> {
  const payload = input.payload ?? null;
  if (payload !== null && Buffer.byteLength(JSON.stringify(payload), 'utf8') > TRACKING_PAYLOAD_MAX_BYTES) {
    throw AppError.param('payload', MSG.TRACKING_PAYLOAD_TOO_LARGE);
  }
  // A beacon (page close) cannot send headers: its platform travels in the payload instead.
  const fromPayload = platSchema.safeParse(payload?.plat);
  const plat = input.plat ?? (fromPayload.success ? fromPayload.data : null);
  await insertTrackingEvent(ctx.db, { ...input, plat, payload, createdAt: ctx.now() });
}

/** Page views per Beijing day per path in the range (default: the last 7 days), for the admin tab. */
export async function pageViewsReport(ctx: AppContext, query: PageViewsQuery): Promise<PageViewsReport> {
  const { from, to } = resolvePageViewRange(ctx.now(), query.from, query.to);
  const wrong = pageViewRangeError(from, to);
  if (wrong) throw AppError.param(wrong, MSG.TRACKING_RANGE_INVALID);
  const end = new Date(beijingDayStart(to).getTime() + 86_400_000);
  const rows = await aggregatePageViews(ctx.db, beijingDayStart(from), end);
  return {
    from,
    to,
    rows: rows.map((r) => ({ date: r.day, path: r.path, views: r.views, visitors: r.visitors, avg_dwell_seconds: r.avgDwellSeconds, dwell_samples: r.dwellSamples })),
  };
}
