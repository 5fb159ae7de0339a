import cluster from 'node:cluster';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { loadEnv, type Env } from './env.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { buildApp } from './app/app.ts';
import { scheduleRateLimitPrune } from './app/rate-limit-prune.ts';
import { schedulePaymentDues } from './modules/dues/dues.service.ts';
import { scheduleReminders } from './modules/checklist/checklist.service.ts';
import { scheduleDailyReconciliation, useGatewaysForReconciliation } from './modules/reconciliation/reconciliation.service.ts';
import { JobRunner } from './modules/jobs/job-runner.ts';
import { createMessageBus, openRedis } from './providers/bus/create-message-bus.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-seed.ts';
import { seedDemoSiteFacts } from './seed/demo-site-facts.ts';
import { runStartupSteps } from './seed/startup-steps.ts';
import { encryptPlainIdNumbers } from './modules/privacy/identity.service.ts';
import { startPaymentReconciler } from './modules/payments/payment-reconciler.ts';
import { startRefundReconciler } from './modules/refunds/refund-reconciler.ts';
import { startUploadRetention } from './modules/storage/upload-retention.ts';
import { startNotificationSweeper } from './modules/notifications/notifications.service.ts';

/** The interrupted-start test's hook (decision 022): die here as abruptly as a power cut or `kill -9`. */
function killPoint(env: Env, point: NonNullable<Env['STARTUP_KILL_AT']>): () => void {
  return () => {
    if (env.STARTUP_KILL_AT === point) process.kill(process.pid, 'SIGKILL');
  };
}

/** Migrations, reference data and the demo seed: run once, by the process that starts first (decision 022). */
async function prepareDatabase(env: Env, app: FastifyInstance, db: Db): Promise<void> {
  // Every step not yet recorded runs now, however the last start ended (decision 022).
  const steps = await runStartupSteps(db, {
    seedDemo: env.SEED_DEMO,
    argon2MemoryKib: env.ARGON2_MEMORY_KIB,
    hooks: {
      beforeCommit: (step) => killPoint(env, step)(),
      afterCommit: (step) => {
        if (step === 'reference-data') killPoint(env, 'reference-data-committed')();
      },
    },
  });
  if (steps['reference-data'] === 'ran') app.log.info('reference data loaded');
  if (steps['demo-seed'] === 'ran') app.log.info('demo programme seeded');
  // The demo's contact QR images go through the storage provider, so they need the app's context; the
  // step writes only what is missing, so it also completes a first start that was interrupted.
  if (env.SEED_DEMO) await seedDemoSiteFacts(app.ctx);
  // ID numbers still in plain text (rows from before decision 064, the demo seed's applicants) are sealed on
  // every start: it reads only rows that still hold one, under an advisory lock, so it is idempotent.
  const sealed = await encryptPlainIdNumbers(app.ctx);
  if (sealed > 0) app.log.info({ sealed }, 'ID numbers encrypted at rest');
}

function printBanner(env: Env, kind: Database['kind']): void {
  const url = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const lines = [
    '',
    `Summit 高中生夏季学术项目 is running at ${url}`,
    `  database: ${kind === 'pglite' ? `embedded (${env.DATA_DIR})` : 'PostgreSQL'}   API docs: ${url}/api/docs${env.WORKERS > 1 ? `   processes: ${env.WORKERS}` : ''}`,
  ];
  if (env.DEMO_MODE && (env.HOST === '127.0.0.1' || env.HOST === 'localhost' || env.HOST === '::1')) {
    lines.push(`  listening on ${env.HOST} only (demo mode, published passwords); set HOST=0.0.0.0 to open it to the network`);
  } else {
    lines.push(`  listening on ${env.HOST}:${env.PORT}`);
  }
  if (env.SEED_DEMO) {
    lines.push(`  demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.phone}  ${a.label}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

/**
 * One API process: the whole server with WORKERS=1, or one of the cluster's workers (the primary has prepared
 * the database; the port is shared through the primary, decision 038).
 */
async function runServer(env: Env, role: 'single' | 'worker') {
  const database = await openDatabase(env, { afterInitialise: killPoint(env, 'pglite-initialised'), afterMigrate: killPoint(env, 'migrated') });
  let log: FastifyBaseLogger | null = null;
  const busLog = { warn: (obj: object, msg: string) => log?.warn(obj, msg) };
  const redis = env.REDIS_URL ? await openRedis(env.REDIS_URL) : undefined;
  const bus = await createMessageBus(env, { ...(redis ? { redis } : {}), log: busLog });
  const app = await buildApp({ env, db: database.db, bus, startingUp: true, ...(redis ? { redis } : {}), ...(database.poolStats ? { poolStats: database.poolStats } : {}) });
  log = app.log;
  if (env.NODE_ENV === 'test') {
    // The scale-out test tells the workers apart by this header; nothing else needs a pid.
    app.addHook('onSend', (_req, reply, payload, done) => {
      reply.header('x-summit-pid', String(process.pid));
      done(null, payload);
    });
  }
  if (role === 'single') await prepareDatabase(env, app, database.db);

  // Only listening processes run timed work (never tests); each kind runs once across processes: the
  // reconciler and the upload sweep hold an advisory lock per run, durable jobs are claimed with SKIP LOCKED.
  const reconciler = startPaymentReconciler({ ctx: app.ctx, gateways: app.payments, log: app.log }, { advisoryLock: database.kind === 'postgres' });
  const refundReconciler = startRefundReconciler({ ctx: app.ctx, gateways: app.payments, log: app.log }, { advisoryLock: database.kind === 'postgres' });
  const retention = startUploadRetention({ ctx: app.ctx, log: app.log }, { advisoryLock: database.kind === 'postgres' });
  // Result SMS that a crash or a provider failure left unsent (each row is claimed by one process).
  const notificationSweeper = startNotificationSweeper(app.ctx, app.log);
  await scheduleRateLimitPrune(database.db, app.ctx.now());
  await scheduleReminders(database.db, app.ctx.now());
  useGatewaysForReconciliation(app.payments, app.log);
  await scheduleDailyReconciliation(app.ctx, app.ctx.now());
  await schedulePaymentDues(database.db, app.ctx.now());
  const jobRunner = new JobRunner({ ctx: app.ctx, log: app.log }).start();
  // Migrations, the start-up steps and the timed work are in place: /readyz may say yes once it listens.
  app.ctx.lifecycle.startingUp = false;

  let closing = false;
  const shutdown = async (signal: string, drainSeconds: number) => {
    if (closing) return;
    closing = true;
    // Draining: /readyz answers 503 so the load balancer stops sending new requests; requests keep being
    // served meanwhile. Then close() stops accepting and waits for the requests in flight (decision 087).
    app.ctx.lifecycle.draining = true;
    app.log.info({ signal, drainSeconds }, 'draining, then shutting down');
    if (drainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
    try {
      await jobRunner.stop();
      await reconciler.stop();
      await refundReconciler.stop();
      await retention.stop();
      await notificationSweeper.stop();
      await app.close();
      await bus.close();
      await redis?.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  // Ctrl+C in a terminal stops at once; SIGTERM (a deploy, the process unit) drains first.
  process.on('SIGINT', () => void shutdown('SIGINT', 0));
  process.on('SIGTERM', () => void shutdown('SIGTERM', env.SHUTDOWN_DRAIN_SECONDS));
  // A worker whose primary is gone (killed outright) must not linger holding the port's connections.
  if (role === 'worker') process.on('disconnect', () => void shutdown('primary gone', 0));

  try {
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (err) {
    app.log.error(err);
    await bus.close();
    await redis?.close();
    await database.close();
    process.exit(1);
  }
  if (role === 'single') printBanner(env, database.kind);
}

/**
 * WORKERS>1 (PostgreSQL only; env.ts refuses PGlite): prepares the database once, before any worker exists so
 * none races another through migrations or the seed, then forks the workers and keeps WORKERS of them alive.
 */
async function runPrimary(env: Env) {
  const database = await openDatabase(env, { afterMigrate: killPoint(env, 'migrated') });
  try {
    const app = await buildApp({ env, db: database.db });
    await prepareDatabase(env, app, database.db);
    await app.close();
  } finally {
    await database.close();
  }

  let shuttingDown = false;
  let announced = false;
  let crashes = 0;
  let lastCrashAt = 0;
  const listening = new Set<number>();
  const fork = () => cluster.fork();
  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    if (!announced && listening.size >= env.WORKERS) {
      announced = true;
      printBanner(env, 'postgres');
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    if (shuttingDown) return;
    // A worker that keeps dying (a bad deploy, the database down) is restarted ever more slowly, up to 30 s.
    const now = Date.now();
    crashes = now - lastCrashAt > 60_000 ? 1 : crashes + 1;
    lastCrashAt = now;
    const delay = Math.min(30_000, 500 * 2 ** (crashes - 1));
    process.stderr.write(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another in ${delay} ms\n`);
    setTimeout(() => {
      if (!shuttingDown) fork();
    }, delay).unref();
  });
  for (let i = 0; i < env.WORKERS; i++) fork();

  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    process.stderr.write(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers\n`);
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    const done = () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    };
    cluster.on('exit', done);
    for (const w of workers) w.process.kill('SIGTERM');
    // A worker stuck in its shutdown is not waited for forever (its drain, then 15 s for requests in flight).
    setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      setTimeout(() => process.exit(0), 500).unref();
    }, (env.SHUTDOWN_DRAIN_SECONDS + 15) * 1000).unref();
    done();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

async function main() {
  const env = loadEnv();
  // Staff TOTP secrets (decision 036) and ID numbers (decision 064) are encrypted with this key; a production key
  // never lives in the database.
  if (!env.DEMO_MODE && !env.DATA_ENCRYPTION_KEY) {
    throw new Error('Invalid configuration:\n  DATA_ENCRYPTION_KEY: required outside demo mode (32 random bytes in base64: openssl rand -base64 32)');
  }
  if (env.WORKERS > 1) {
    if (cluster.isPrimary) return runPrimary(env);
    return runServer(env, 'worker');
  }
  return runServer(env, 'single');
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
