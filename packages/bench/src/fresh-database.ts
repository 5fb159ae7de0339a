import pg from 'pg';

/**
 * A new, empty PostgreSQL database beside the one `adminUrl` names (dropped first if a crashed run left it), for a
 * benchmark's server to migrate and seed; `drop()` removes it afterwards.
 */
export async function freshDatabase(adminUrl: string, suffix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${new URL(adminUrl).pathname.slice(1) || 'postgres'}_${suffix}`.replace(/[^a-z0-9_]/gi, '_');
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** The end of a benchmark on a fresh database: dropped, or with BENCH_KEEP_DB=1 kept (and named) for EXPLAIN ANALYZE sessions. */
export async function dropUnlessKept(database: { url: string; drop: () => Promise<void> }): Promise<void> {
  if (process.env.BENCH_KEEP_DB === '1') console.log(`  kept ${database.url}`);
  else await database.drop();
}
