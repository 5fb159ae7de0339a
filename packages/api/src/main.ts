import { loadEnv } from './env.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './http/app.ts';
import { seedDemo, DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-seed.ts';
import { seedDemoSiteFacts } from './seed/demo-site-facts.ts';
import { startPaymentReconciler } from './modules/payments/payment-reconciler.ts';

async function main() {
  const env = loadEnv();
  const database = await openDatabase(env);
  const app = await buildApp({ env, db: database.db });

  if (env.SEED_DEMO && (database.fresh || database.kind === 'postgres')) {
    const created = await seedDemo(database.db, { argon2MemoryKib: env.ARGON2_MEMORY_KIB });
    if (created) app.log.info('demo programme seeded');
  }
  // Idempotent (writes only what is missing), so it also completes a first start that was interrupted.
  if (env.SEED_DEMO) await seedDemoSiteFacts(app.ctx);

  // Only the listening process reconciles (never tests); the advisory lock keeps it to one of several processes.
  const reconciler = startPaymentReconciler({ ctx: app.ctx, gateways: app.payments, log: app.log }, { advisoryLock: database.kind === 'postgres' });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await reconciler.stop();
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
