import { openDatabase } from '../db/client.ts';
import { loadEnv } from '../env.ts';

// Opening the database applies pending migrations (db/client.ts); this command only does that.
async function main() {
  const env = loadEnv();
  const database = await openDatabase(env);
  await database.close();
  const where = database.kind === 'pglite' ? `embedded database in ${env.DATA_DIR}` : 'PostgreSQL';
  process.stdout.write(`migrations applied (${where}): done\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
