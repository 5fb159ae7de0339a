import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema-jobs.ts';

export type JobRow = typeof jobs.$inferSelect;

export interface ScheduleJobInput {
  kind: string;
  /** Idempotency key: one job per key, ever. */
  key: string;
  runAt: Date;
  payload?: unknown;
  maxAttempts?: number;
}

/**
 * Inserts the job, or moves a job with the same key that has not started yet (new time and payload). A key
 * that is running, done or failed is left alone. Returns true when a job is now waiting with these values.
 */
export async function upsertJob(db: Db, input: ScheduleJobInput): Promise<boolean> {
  const rows = await db
    .insert(jobs)
    .values({ kind: input.kind, key: input.key, runAt: input.runAt, payload: input.payload ?? {}, maxAttempts: input.maxAttempts ?? 5 })
    .onConflictDoUpdate({
      target: jobs.key,
      set: { runAt: input.runAt, payload: input.payload ?? {}, kind: input.kind },
      setWhere: sql`${jobs.doneAt} is null and ${jobs.failedAt} is null and ${jobs.lockedAt} is null and ${jobs.attempts} = 0`,
    })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Drops a job that has not started (a publish time was cleared). */
export async function deletePendingJob(db: Db, key: string): Promise<boolean> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.key, key), isNull(jobs.doneAt), isNull(jobs.lockedAt)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Claims up to `limit` due jobs of the given kinds for `worker`. One statement: rows another process holds are
 * skipped (SKIP LOCKED), so two runners never claim the same job; a claim older than `leaseMs` belonged to a
 * process that died and is taken over.
 */
export async function claimDueJobs(db: Db, opts: { kinds: string[]; now: Date; worker: string; leaseMs: number; limit: number }): Promise<JobRow[]> {
  if (opts.kinds.length === 0) return [];
  const staleBefore = new Date(opts.now.getTime() - opts.leaseMs);
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNull(jobs.doneAt),
        isNull(jobs.failedAt),
        lte(jobs.runAt, opts.now),
        inArray(jobs.kind, opts.kinds),
        or(isNull(jobs.lockedAt), lt(jobs.lockedAt, staleBefore)),
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({ lockedAt: opts.now, lockedBy: opts.worker, attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, due))
    .returning();
}

export async function markJobDone(db: Db, id: number, worker: string, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ doneAt: now, lockedAt: null, lastError: null })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker)));
}

/** A failed attempt: try again at `retryAt`, or give up (failedAt) when `retryAt` is null. */
export async function markJobFailed(db: Db, id: number, worker: string, now: Date, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(jobs)
    .set(retryAt ? { lockedAt: null, lastError: error, runAt: retryAt } : { lockedAt: null, lastError: error, failedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker)));
}

export async function findJobByKey(db: Db, key: string): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.key, key)).limit(1);
  return row ?? null;
}

/** Done and given-up jobs older than `before` (their outcome is in the logs and their effects). */
export async function deleteFinishedJobsBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(or(and(isNotNull(jobs.doneAt), lt(jobs.doneAt, before)), and(isNotNull(jobs.failedAt), lt(jobs.failedAt, before))))
    .returning({ id: jobs.id });
  return rows.length;
}
