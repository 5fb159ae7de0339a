import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as coreSchema from './schema.ts';
import * as paymentsSchema from './schema-payments.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';

const schema = { ...coreSchema, ...paymentsSchema };
export type Schema = typeof schema;
/** Both drivers share this surface: repositories are written once for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when this start created the database (used to seed the demo programme once). */
  fresh: boolean;
  close(): Promise<void>;
}

export function migrationsFolder(): string {
  // Source layout (src/db/client.ts) and bundle layout (dist/main.js) keep migrations in different places.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations'), path.join(here, '..', 'src', 'db', 'migrations')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * pool.end() resolves once the pool has forgotten its clients, before their sockets have closed; a server
 * that terminates those backends right after (DROP DATABASE ... WITH (FORCE) in tests, a restart) would
 * then raise an error on a client nobody listens to. Wait for every client's own end.
 */
function endPool(pool: pg.Pool): Promise<void> {
  let pending = pool.totalCount;
  return new Promise<void>((resolve, reject) => {
    if (pending === 0) {
      pool.end().then(resolve, reject);
      return;
    }
    pool.on('remove', () => {
      pending -= 1;
      if (pending === 0) resolve();
    });
    pool.end().catch(reject);
  });
}

export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10 });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const before = await pool.query<{ n: string }>(
    "select count(*)::text as n from information_schema.tables where table_schema = 'public' and table_name = 'accounts'",
  );
  await migratePg(drizzlePg(pool), { migrationsFolder: migrationsFolder() });
  return { db, kind: 'postgres', fresh: before.rows[0]?.n === '0', close: () => endPool(pool) };
}

export async function openPglite(dataDir: string, opts: { loadDataDir?: Blob; lock?: boolean } = {}): Promise<Database> {
  let lock: DataDirLock | undefined;
  let client: PGlite;
  let fresh = false;
  if (dataDir === 'memory://') {
    client = await PGlite.create({ loadDataDir: opts.loadDataDir });
    fresh = !opts.loadDataDir;
  } else {
    mkdirSync(dataDir, { recursive: true });
    if (opts.lock !== false) lock = acquireDataDirLock(dataDir);
    const pgDir = path.join(dataDir, 'pg');
    fresh = !existsSync(path.join(pgDir, 'PG_VERSION'));
    try {
      client = await PGlite.create(pgDir);
    } catch (err) {
      lock?.release();
      throw err;
    }
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
  return {
    db,
    kind: 'pglite',
    fresh,
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
}

export async function openDatabase(env: { DATABASE_URL?: string | undefined; DATA_DIR: string }): Promise<Database> {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(path.resolve(env.DATA_DIR));
}
