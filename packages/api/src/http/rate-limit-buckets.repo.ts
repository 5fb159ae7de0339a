import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitBuckets } from '../db/schema-jobs.ts';

/** Counts one request in the key's window, atomically across processes; returns the window's count so far. */
export async function incrementBucket(db: Db, key: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimitBuckets.key, rateLimitBuckets.windowStart], set: { count: sql`${rateLimitBuckets.count} + 1` } })
    .returning({ count: rateLimitBuckets.count });
  return row?.count ?? 1;
}

export async function readBucket(db: Db, key: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .select({ count: rateLimitBuckets.count })
    .from(rateLimitBuckets)
    .where(and(eq(rateLimitBuckets.key, key), eq(rateLimitBuckets.windowStart, windowStart)))
    .limit(1);
  return row?.count ?? 0;
}

/** Windows that ended before `before` count for nobody any more. */
export async function deleteBucketsBefore(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.windowStart, before)).returning({ key: rateLimitBuckets.key });
  return rows.length;
}
