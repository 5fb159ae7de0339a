import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * One run across all processes: the run holds a transaction-scoped advisory lock, so a second process's
 * pg_try_advisory_xact_lock answers false and it skips; a crashed holder releases it with its connection.
 * (PGlite is single-process and single-connection, so callers there run without the lock.)
 * Each job picks its own fixed lock key.
 */
export async function runExclusively<T>(db: Db, lockKey: number, run: () => Promise<T>): Promise<{ ran: true; result: T } | { ran: false }> {
  return db.transaction(async (tx) => {
    const res = await tx.execute(sql`select pg_try_advisory_xact_lock(${lockKey}) as locked`);
    const rows = (res as unknown as { rows: Array<{ locked: boolean }> }).rows;
    if (!rows[0]?.locked) return { ran: false as const };
    return { ran: true as const, result: await run() };
  });
}

export interface PeriodicJob {
  stop(): Promise<void>;
}

/**
 * Runs a job every `intervalMs`, never two runs of it at once in this process; with `advisoryLock` (PostgreSQL)
 * never two at once across processes either. The work's state lives in the database, so a run that dies is
 * picked up by the next one wherever it runs.
 */
export function startPeriodicJob(opts: {
  db: Db;
  name: string;
  lockKey: number;
  advisoryLock: boolean;
  intervalMs: number;
  run: () => Promise<unknown>;
  log: { error(obj: object, msg: string): void };
}): PeriodicJob {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = (opts.advisoryLock ? runExclusively(opts.db, opts.lockKey, opts.run) : opts.run())
      .catch((err: unknown) => opts.log.error({ err }, `${opts.name} run failed`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
