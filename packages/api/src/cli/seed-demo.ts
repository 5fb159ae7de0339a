import { openDatabase } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../seed/demo-seed.ts';
import { seedDemoSiteFacts } from '../seed/demo-site-facts.ts';

// Seeds whatever the database (PostgreSQL included) and whatever SEED_DEMO says: running it is the intent.
async function main() {
  const env = loadEnv();
  const database = await openDatabase(env);
  try {
    const created = await seedDemo(database.db, { argon2MemoryKib: env.ARGON2_MEMORY_KIB });
    await seedDemoSiteFacts({ db: database.db, env, now: () => new Date() });
    const lines = [created ? '演示数据已创建。' : '演示数据已存在，未做改动。', `演示账号（密码 ${DEMO_PASSWORD}）：`];
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.phone}  ${a.label}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
