import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from './client.ts';

// Nodes started together on a new database (deploy/, decision 096) must all come up: one migrates, the others
// wait for it and find nothing left to do. Without the lock the second fails on a table the first just made.
const adminUrl = process.env.DATABASE_URL;

describe.skipIf(!adminUrl)('migrations on PostgreSQL', () => {
  it('three nodes opening one empty database at once all start, and the schema is migrated once', async () => {
    const name = `summit_migrate_lock_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.allSettled([0, 1, 2].map(() => openPostgres(url.toString(), { max: 2 })));
      const failures = opened.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason));
      expect(failures).toEqual([]);
      const first = opened[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof openPostgres>>>;
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const journal = await check.query<{ hash: string; n: string }>('select hash, count(*)::text as n from drizzle.__drizzle_migrations group by hash having count(*) > 1');
      await check.end();
      expect(journal.rows).toEqual([]);
      expect(first.value.kind).toBe('postgres');
      for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
