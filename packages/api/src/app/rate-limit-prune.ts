import type { Db } from '../db/client.ts';
import { pruneRateLimitWindows } from '../http/rate-limit-store.ts';
import { forgetFinishedJobs, registerJobHandler, scheduleJob } from '../modules/jobs/job-runner.ts';

/** Old windows and finished jobs are swept by a recurring durable job (one run an hour across processes). */
export const RATE_LIMIT_PRUNE_KIND = 'rate-limit-prune';

/** The next sweep at the top of the next hour; every process calls this at start, the key makes it one job. */
export function scheduleRateLimitPrune(db: Db, now: Date): Promise<boolean> {
  const next = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000);
  return scheduleJob(db, { kind: RATE_LIMIT_PRUNE_KIND, key: `${RATE_LIMIT_PRUNE_KIND}@${next.toISOString()}`, runAt: next });
}

registerJobHandler(RATE_LIMIT_PRUNE_KIND, async (_payload, _job, ctx) => {
  const now = ctx.now();
  // The next run first: a sweep that keeps failing must not end the chain.
  await scheduleRateLimitPrune(ctx.db, now);
  await pruneRateLimitWindows(ctx.db, now);
  await forgetFinishedJobs(ctx.db, new Date(now.getTime() - 30 * 86_400_000));
});
