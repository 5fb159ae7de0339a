import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import { TRACKING_EVENTS } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { trackingEvents } from '../../db/schema.ts';

export interface TrackingEventWrite {
  event: string;
  anonId: string;
  accountId: number | null;
  plat: string | null;
  payload: Record<string, unknown> | null;
  createdAt: Date;
}

export async function insertTrackingEvent(db: Db, row: TrackingEventWrite): Promise<void> {
  await db.insert(trackingEvents).values(row);
}

/** A report never returns more rows than this (a year of ~14 paths a day); the newest days come first. */
export const PAGE_VIEW_ROWS_MAX = 5_000;
/** A dwell longer than a day is a tab left open, not reading: it is left out of the average. */
export const DWELL_SECONDS_MAX = 86_400;

export interface PageViewAggregate {
  day: string;
  path: string;
  views: number;
  visitors: number;
  avgDwellSeconds: number | null;
  dwellSamples: number;
}

/**
 * Views, distinct visitors and average dwell per Beijing day per path, for events in [start, end).
 * The path and dwell come from the anonymous endpoint's payload, so both are read defensively: a path must
 * be site-relative, a dwell a small whole number of seconds.
 */
export async function aggregatePageViews(db: Db, start: Date, end: Date): Promise<PageViewAggregate[]> {
  const t = trackingEvents;
  const day = sql<string>`to_char((${t.createdAt} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
  const path = sql<string>`left(${t.payload}->>'path', 300)`;
  const dwellText = sql`${t.payload}->>'dwell_seconds'`;
  const isView = sql`${t.event} = ${TRACKING_EVENTS.pageView}`;
  const isLeave = sql`${t.event} = ${TRACKING_EVENTS.pageLeave}`;
  const dwell = sql`case when ${dwellText} ~ '^[0-9]{1,9}$' and (${dwellText})::bigint <= ${DWELL_SECONDS_MAX} then (${dwellText})::bigint end`;
  const rows = await db
    .select({
      day,
      path,
      views: sql<number>`(count(*) filter (where ${isView}))::int`,
      visitors: sql<number>`(count(distinct ${t.anonId}) filter (where ${isView}))::int`,
      avgDwell: sql<string | null>`avg(${dwell}) filter (where ${isLeave})`,
      dwellSamples: sql<number>`(count(${dwell}) filter (where ${isLeave}))::int`,
    })
    .from(t)
    .where(
      and(
        inArray(t.event, [TRACKING_EVENTS.pageView, TRACKING_EVENTS.pageLeave]),
        gte(t.createdAt, start),
        lt(t.createdAt, end),
        sql`${t.payload}->>'path' like '/%'`,
      ),
    )
    .groupBy(day, path)
    .orderBy(sql`1 desc`, sql`3 desc`, sql`2`)
    .limit(PAGE_VIEW_ROWS_MAX);
  return rows.map((r) => ({
    day: r.day,
    path: r.path,
    views: Number(r.views),
    visitors: Number(r.visitors),
    avgDwellSeconds: r.avgDwell === null ? null : Math.round(Number(r.avgDwell) * 10) / 10,
    dwellSamples: Number(r.dwellSamples),
  }));
}
