/**
 * What a start does to the database after migrations (decision 022): reference data, then the demo programme.
 * Each step runs in one transaction that also writes its `startup_steps` row, so a start killed at any moment
 * leaves either the whole step and its record, or neither; the next start re-runs every step without a row.
 * Migrations need no row here: drizzle applies pending migrations and records them in one transaction.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { startupSteps } from '../db/schema.ts';
import { seedDemo } from './demo-seed.ts';
import { seedSchools } from './seed-schools.ts';

export const STARTUP_STEPS = ['reference-data', 'demo-seed'] as const;
export type StartupStep = (typeof STARTUP_STEPS)[number];

/** Arbitrary, fixed: several processes starting on one PostgreSQL run each step one at a time. */
const STARTUP_LOCK_KEY = 7_007_002;

export interface StartupHooks {
  /** Called inside a step's transaction after its work and record, before the commit (tests kill or throw here). */
  beforeCommit?: (step: StartupStep) => void | Promise<void>;
  /** Called after a step has committed. */
  afterCommit?: (step: StartupStep) => void | Promise<void>;
}

export interface StartupOptions {
  seedDemo: boolean;
  argon2MemoryKib: number;
  now?: () => Date;
  hooks?: StartupHooks;
}

export type StepOutcome = 'ran' | 'already-done' | 'skipped';

export async function completedStartupSteps(db: Db): Promise<Set<string>> {
  const rows = await db.select({ name: startupSteps.name }).from(startupSteps);
  return new Set(rows.map((r) => r.name));
}

async function runStep(db: Db, step: StartupStep, work: (tx: Db) => Promise<unknown>, options: StartupOptions): Promise<StepOutcome> {
  const done = await db.transaction(async (tx) => {
    // Transaction-scoped: released by commit, rollback or a dead connection, never left behind.
    await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK_KEY})`);
    const recorded = await tx.select({ name: startupSteps.name }).from(startupSteps).where(eq(startupSteps.name, step)).limit(1);
    if (recorded.length > 0) return true;
    await work(tx);
    await tx.insert(startupSteps).values({ name: step, completedAt: (options.now ?? (() => new Date()))() }).onConflictDoNothing();
    await options.hooks?.beforeCommit?.(step);
    return false;
  });
  if (done) return 'already-done';
  await options.hooks?.afterCommit?.(step);
  return 'ran';
}

/**
 * Runs every step that has not committed yet, in order. Reference data (the school picker's schools; regions
 * come from installed packages and content defaults are ensured by the content module) runs on every
 * deployment; the demo programme only when SEED_DEMO is on, and stays unrecorded otherwise so that turning it
 * on later still seeds.
 */
export async function runStartupSteps(db: Db, options: StartupOptions): Promise<Record<StartupStep, StepOutcome>> {
  const referenceData = await runStep(db, 'reference-data', (tx) => seedSchools(tx), options);
  const demo = options.seedDemo
    ? await runStep(db, 'demo-seed', (tx) => seedDemo(tx, { argon2MemoryKib: options.argon2MemoryKib, ...(options.now ? { now: options.now() } : {}) }), options)
    : 'skipped';
  return { 'reference-data': referenceData, 'demo-seed': demo };
}
