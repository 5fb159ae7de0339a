/**
 * Durable jobs (decision 038): a due job runs once however many runners poll, a failing job is
 * retried with backoff and then given up with its error, keys make scheduling idempotent, and a claim left by a
 * dead process is taken over after the lease. On PostgreSQL the two runners use two connection pools, as two
 * processes would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../db/client.ts';
import type { AppContext } from '../../http/context.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { JobRegistry, JobRunner, cancelJob, retryDelayMs, scheduleJob } from './job-runner.ts';
import { claimDueJobs, findJobByKey } from './jobs.repo.ts';

let t: TestApp;
let second: Database | null = null;
let ctxA: AppContext;
let ctxB: AppContext;
const silent = { error: () => {}, warn: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  ctxA = t.app.ctx;
  second = t.databaseUrl ? await openPostgres(t.databaseUrl, { max: 4 }) : null;
  ctxB = { ...ctxA, db: second?.db ?? ctxA.db };
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

let seq = 0;
const key = (name: string) => `${name}-${++seq}`;

describe('two runners on one database', () => {
  it('run every due job exactly once when they poll at the same time', async () => {
    const registry = new JobRegistry();
    const runs = new Map<string, string[]>();
    registry.register<{ n: number }>('count-once', async (_payload, job) => {
      // Long enough that the other runner polls while this one still holds its claims.
      await new Promise((r) => setTimeout(r, 15));
      runs.set(job.key, [...(runs.get(job.key) ?? []), String(job.attempt)]);
    });
    const keys = Array.from({ length: 24 }, () => key('once'));
    for (const [i, k] of keys.entries()) await scheduleJob(t.db, { kind: 'count-once', key: k, runAt: new Date(t.clock.now().getTime() - 1000), payload: { n: i } });
    const a = new JobRunner({ ctx: ctxA, log: silent, registry, batch: 5 });
    const b = new JobRunner({ ctx: ctxB, log: silent, registry, batch: 5 });
    let ran = 0;
    for (let round = 0; round < 10 && ran < keys.length; round++) {
      const [x, y] = await Promise.all([a.tick(), b.tick()]);
      ran += x + y;
    }
    expect(ran).toBe(keys.length);
    expect([...runs.keys()].sort()).toEqual([...keys].sort());
    for (const k of keys) expect(runs.get(k), k).toEqual(['1']);
    for (const k of keys) expect((await findJobByKey(t.db, k))?.doneAt).toBeInstanceOf(Date);
    // Nothing left for either of them.
    expect(await Promise.all([a.tick(), b.tick()])).toEqual([0, 0]);
  });

  it('leave a job that is not due yet, and run it once its time comes', async () => {
    const registry = new JobRegistry();
    let runs = 0;
    registry.register('later', async () => void runs++);
    const k = key('later');
    await scheduleJob(t.db, { kind: 'later', key: k, runAt: new Date(t.clock.now().getTime() + 60_000) });
    const a = new JobRunner({ ctx: ctxA, log: silent, registry });
    expect(await a.tick()).toBe(0);
    t.clock.advance(60_000);
    expect(await a.tick()).toBe(1);
    expect(runs).toBe(1);
  });

  it('take over a claim whose process died, after the lease', async () => {
    const registry = new JobRegistry();
    const by: string[] = [];
    registry.register('orphan', async () => void by.push('b'));
    const k = key('orphan');
    await scheduleJob(t.db, { kind: 'orphan', key: k, runAt: t.clock.now() });
    // Process A claims it and dies before finishing.
    const claimed = await claimDueJobs(ctxA.db, { kinds: ['orphan'], now: t.clock.now(), worker: 'dead-process', leaseMs: 60_000, limit: 10 });
    expect(claimed.map((j) => j.key)).toEqual([k]);
    const b = new JobRunner({ ctx: ctxB, log: silent, registry, leaseMs: 60_000 });
    expect(await b.tick()).toBe(0);
    t.clock.advance(61_000);
    expect(await b.tick()).toBe(1);
    expect(by).toEqual(['b']);
    expect(await findJobByKey(t.db, k)).toMatchObject({ attempts: 2, lockedAt: null });
  });
});

describe('a failing job', () => {
  it('is retried with backoff, then given up with its last error recorded', async () => {
    const registry = new JobRegistry();
    const attempts: number[] = [];
    registry.register('flaky', async (_p, job) => {
      attempts.push(job.attempt);
      throw new Error(`provider down (attempt ${job.attempt})`);
    });
    const k = key('flaky');
    await scheduleJob(t.db, { kind: 'flaky', key: k, runAt: t.clock.now(), maxAttempts: 3 });
    const runner = new JobRunner({ ctx: ctxA, log: silent, registry });

    expect(await runner.tick()).toBe(1);
    let row = await findJobByKey(t.db, k);
    expect(row).toMatchObject({ attempts: 1, lastError: 'provider down (attempt 1)', failedAt: null, doneAt: null, lockedAt: null });
    expect(row!.runAt.getTime()).toBe(t.clock.now().getTime() + retryDelayMs(1));
    // Not before its retry time.
    t.clock.advance(retryDelayMs(1) - 1000);
    expect(await runner.tick()).toBe(0);
    t.clock.advance(1000);
    expect(await runner.tick()).toBe(1);
    row = await findJobByKey(t.db, k);
    expect(row).toMatchObject({ attempts: 2, lastError: 'provider down (attempt 2)', failedAt: null });
    expect(row!.runAt.getTime()).toBe(t.clock.now().getTime() + retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    t.clock.advance(retryDelayMs(2));
    expect(await runner.tick()).toBe(1);
    row = await findJobByKey(t.db, k);
    expect(row).toMatchObject({ attempts: 3, lastError: 'provider down (attempt 3)', doneAt: null });
    expect(row!.failedAt).toBeInstanceOf(Date);
    t.clock.advance(3_600_000);
    expect(await runner.tick()).toBe(0);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('of a kind no handler here knows is left for a process that knows it', async () => {
    const k = key('unknown');
    await scheduleJob(t.db, { kind: 'not-registered-here', key: k, runAt: t.clock.now() });
    const runner = new JobRunner({ ctx: ctxA, log: silent, registry: new JobRegistry() });
    expect(await runner.tick()).toBe(0);
    expect(await findJobByKey(t.db, k)).toMatchObject({ attempts: 0, lockedAt: null });
  });
});

describe('scheduleJob and cancelJob', () => {
  it('make one job per key; a pending job moves, a finished one stays finished', async () => {
    const registry = new JobRegistry();
    const seen: unknown[] = [];
    registry.register<{ v: number }>('publish-at', async (payload) => void seen.push(payload.v));
    const k = key('publish');
    const at = (ms: number) => new Date(t.clock.now().getTime() + ms);
    expect(await scheduleJob(t.db, { kind: 'publish-at', key: k, runAt: at(10_000), payload: { v: 1 } })).toBe(true);
    // Two processes scheduling the same thing at start-up: still one job; an admin moving the time: moved.
    expect(await scheduleJob(ctxB.db, { kind: 'publish-at', key: k, runAt: at(20_000), payload: { v: 2 } })).toBe(true);
    const row = await findJobByKey(t.db, k);
    expect(row).toMatchObject({ payload: { v: 2 } });
    expect(row!.runAt.getTime()).toBe(at(20_000).getTime());

    const runner = new JobRunner({ ctx: ctxA, log: silent, registry });
    t.clock.advance(20_000);
    expect(await runner.tick()).toBe(1);
    expect(seen).toEqual([2]);
    // Done: scheduling the key again changes nothing and never runs it twice.
    expect(await scheduleJob(t.db, { kind: 'publish-at', key: k, runAt: t.clock.now(), payload: { v: 3 } })).toBe(false);
    expect(await runner.tick()).toBe(0);
    expect(seen).toEqual([2]);
  });

  it('cancels a job that has not run', async () => {
    const registry = new JobRegistry();
    let runs = 0;
    registry.register('cancel-me', async () => void runs++);
    const k = key('cancel');
    await scheduleJob(t.db, { kind: 'cancel-me', key: k, runAt: t.clock.now() });
    expect(await cancelJob(t.db, k)).toBe(true);
    expect(await cancelJob(t.db, k)).toBe(false);
    expect(await new JobRunner({ ctx: ctxA, log: silent, registry }).tick()).toBe(0);
    expect(runs).toBe(0);
  });
});
