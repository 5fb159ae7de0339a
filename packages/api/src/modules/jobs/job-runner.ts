/**
 * Durable jobs (decision 038, docs/design.md §4): timed work (a publish time, opening a selection round, a recurring
 * sweep) is a row in `jobs`, run once however many API processes there are. Any process may schedule; every
 * listening process runs a JobRunner; a due job is claimed by exactly one of them (FOR UPDATE SKIP LOCKED).
 *
 * Delivery is at least once: a process that dies mid-run leaves its claim, which another takes over after the
 * lease. Handlers therefore make their effect idempotent (a conditional UPDATE, a unique key), as the payment
 * and notification code already does.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../http/context.ts';
import { claimDueJobs, deleteFinishedJobsBefore, deletePendingJob, markJobDone, markJobFailed, upsertJob, type JobRow, type ScheduleJobInput } from './jobs.repo.ts';

export interface JobInfo {
  id: number;
  kind: string;
  key: string;
  /** 1 on the first run. */
  attempt: number;
  runAt: Date;
}

export type JobHandler<P = unknown> = (payload: P, job: JobInfo, ctx: AppContext) => Promise<void>;

/** Handlers by kind. One registry per process by default; tests pass their own. */
export class JobRegistry {
  private readonly handlers = new Map<string, JobHandler>();

  register<P>(kind: string, handler: JobHandler<P>): void {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} has a handler already`);
    this.handlers.set(kind, handler as JobHandler);
  }

  get(kind: string): JobHandler | undefined {
    return this.handlers.get(kind);
  }

  kinds(): string[] {
    return [...this.handlers.keys()];
  }
}

/** The process's registry: modules register their kinds at import time (see registerJobHandler). */
export const defaultJobRegistry = new JobRegistry();

/** Declares what runs a job of `kind` (e.g. 'course-round-open'); call once per kind, at module load. */
export function registerJobHandler<P>(kind: string, handler: JobHandler<P>): void {
  defaultJobRegistry.register(kind, handler);
}

/**
 * Schedules (or, while it has not started, moves) the job with `key`. Safe to call from every process and on
 * every start: the key makes it one job.
 */
export function scheduleJob(db: Db, input: ScheduleJobInput): Promise<boolean> {
  return upsertJob(db, input);
}

/** Cancels a job that has not started; false when there was none (or it already ran). */
export function cancelJob(db: Db, key: string): Promise<boolean> {
  return deletePendingJob(db, key);
}

/** Forgets the jobs that finished before `before` (the hourly maintenance sweep). */
export function forgetFinishedJobs(db: Db, before: Date): Promise<number> {
  return deleteFinishedJobsBefore(db, before);
}

/** 30 s, 1 min, 2 min … capped at one hour: a provider outage is waited out without hammering it. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

export interface JobRunnerOptions {
  ctx: AppContext;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  registry?: JobRegistry;
  /** How often the queue is polled. */
  pollMs?: number;
  /** A claim older than this is presumed dead and taken over. */
  leaseMs?: number;
  batch?: number;
}

export class JobRunner {
  readonly worker = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly registry: JobRegistry;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(private readonly opts: JobRunnerOptions) {
    this.registry = opts.registry ?? defaultJobRegistry;
  }

  start(): this {
    this.timer = setInterval(() => void this.tick(), this.opts.pollMs ?? 2_000);
    this.timer.unref();
    void this.tick();
    return this;
  }

  /** One poll: claims due jobs and runs them; resolves with how many ran. Never two polls at once. */
  tick(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (!this.running) {
      this.running = this.runDue()
        .catch((err: unknown) => {
          this.opts.log.error({ err }, 'job runner poll failed');
          return 0;
        })
        .finally(() => {
          this.running = null;
        });
    }
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private async runDue(): Promise<number> {
    const { ctx } = this.opts;
    const claimed = await claimDueJobs(ctx.db, {
      kinds: this.registry.kinds(),
      now: ctx.now(),
      worker: this.worker,
      leaseMs: this.opts.leaseMs ?? 10 * 60_000,
      limit: this.opts.batch ?? 10,
    });
    for (const job of claimed) await this.runOne(job);
    return claimed.length;
  }

  private async runOne(job: JobRow): Promise<void> {
    const { ctx } = this.opts;
    const handler = this.registry.get(job.kind);
    const info: JobInfo = { id: job.id, kind: job.kind, key: job.key, attempt: job.attempts, runAt: job.runAt };
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, info, ctx);
      await markJobDone(ctx.db, job.id, this.worker, ctx.now());
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const now = ctx.now();
      const retryAt = job.attempts < job.maxAttempts ? new Date(now.getTime() + retryDelayMs(job.attempts)) : null;
      this.opts.log.warn({ job: job.key, kind: job.kind, attempt: job.attempts, err: message, willRetry: retryAt !== null }, 'job failed');
      await markJobFailed(ctx.db, job.id, this.worker, now, message.slice(0, 2000), retryAt);
    }
  }
}
