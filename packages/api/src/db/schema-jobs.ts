/**
 * Work that must happen once however many API processes run (decision 038, docs/design.md §4): durable jobs claimed
 * with FOR UPDATE SKIP LOCKED, and the rate-limit counters every process shares.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Which registered handler runs it, e.g. 'rate-limit-prune'. */
    kind: text('kind').notNull(),
    /**
     * Idempotency: scheduling the same key twice (two processes at start-up, a double click) makes one job;
     * re-scheduling a key that has not started moves it (an admin changed a publish time).
     */
    key: text('key').notNull().unique('jobs_key_uq'),
    payload: jsonb('payload').notNull().default({}),
    runAt: tstz('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** Set while a process runs it; a claim older than the lease is taken over (its process died). */
    lockedAt: tstz('locked_at'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    doneAt: tstz('done_at'),
    /** Set when the last attempt failed: the job is not tried again. */
    failedAt: tstz('failed_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`)],
);

/** Fixed-window request counters shared by all processes (sensitive routes' limits; see http/rate-limit-store.ts). */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').notNull(),
    windowStart: tstz('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ name: 'rate_limit_buckets_pk', columns: [t.key, t.windowStart] }), index('rate_limit_buckets_window_idx').on(t.windowStart)],
);
