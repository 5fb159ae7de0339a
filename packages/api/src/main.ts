import { loadEnv, type Env } from './env.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './http/app.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-seed.ts';
import { seedDemoSiteFacts } from './seed/demo-site-facts.ts';
import { runStartupSteps } from './seed/startup-steps.ts';
import { startPaymentReconciler } from './modules/payments/payment-reconciler.ts';
import { startUploadRetention } from './modules/storage/upload-retention.ts';
import { startNotificationSweeper } from './modules/notifications/notifications.service.ts';

/** The interrupted-start test's hook (decision 022): die here as abruptly as a power cut or `kill -9`. */
function killPoint(env: Env, point: NonNullable<Env['STARTUP_KILL_AT']>): () => void {
  return () => {
    if (env.STARTUP_KILL_AT === point) process.kill(process.pid, 'SIGKILL');
  };
}

async function main() {
  const env = loadEnv();
  const database = await openDatabase(env, { afterInitialise: killPoint(env, 'pglite-initialised'), afterMigrate: killPoint(env, 'migrated') });
  const app = await buildApp({ env, db: database.db });

  // Every step not yet recorded runs now, however the last start ended (decision 022).
  const steps = await runStartupSteps(database.db, {
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

  // Only the listening process reconciles (never tests); the advisory lock keeps it to one of several processes.
  const reconciler = startPaymentReconciler({ ctx: app.ctx, gateways: app.payments, log: app.log }, { advisoryLock: database.kind === 'postgres' });
  const retention = startUploadRetention({ ctx: app.ctx, log: app.log }, { advisoryLock: database.kind === 'postgres' });
  // Result SMS that a crash or a provider failure left unsent (each row is claimed by one process).
  const notificationSweeper = startNotificationSweeper(app.ctx, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await reconciler.stop();
      await retention.stop();
      await notificationSweeper.stop();
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (err) {
    app.log.error(err);
    await database.close();
    process.exit(1);
  }
  const url = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const lines = [
    '',
    `Summit 高中生夏季学术项目 is running at ${url}`,
    `  database: ${database.kind === 'pglite' ? `embedded (${env.DATA_DIR})` : 'PostgreSQL'}   API docs: ${url}/api/docs`,
  ];
  if (env.SEED_DEMO) {
    lines.push(`  demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.phone}  ${a.label}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
