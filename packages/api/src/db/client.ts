import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections (for /metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
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

/** Any fixed key: the one session-level advisory lock every Summit node takes to migrate. */
const MIGRATION_LOCK_KEY = 7_411_020_261;

/**
 * Pending migrations and their journal rows commit in one transaction: a kill leaves all or none. Nodes that
 * start at once on one database take turns (a session advisory lock on the connection that migrates), so the
 * second finds the work done instead of failing on tables the first just made (deploy/README.md).
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10 });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  try {
    await migrateUnderLock(pool);
  } catch (err) {
    await endPool(pool);
    throw err;
  }
  return { db, kind: 'postgres', close: () => endPool(pool), poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) };
}

export interface PgliteOpenHooks {
  /** Test hook (STARTUP_KILL_AT): after a new cluster is initialised, before it is moved into place. */
  afterInitialise?: () => void;
  /** Test hook: after migrations have committed. */
  afterMigrate?: () => void;
}

const INITIALISED_MARKER = 'summit-initialised';

/**
 * A new PGlite cluster is initialised in `pg.initialising` and renamed to `pg` only once PGlite has written
 * and closed it: a kill during initdb leaves a directory that is never mistaken for a database. Without its
 * `initialised` marker that leftover can only hold an unfinished initdb (nothing else ever writes there), so
 * the next start discards it; with the marker it is complete and is moved into place. An existing `pg` is
 * never removed: after a kill mid-write, PostgreSQL's own WAL recovery applies on open.
 */
async function ensurePgliteCluster(dataDir: string, hooks: PgliteOpenHooks): Promise<string> {
  const pgDir = path.join(dataDir, 'pg');
  if (existsSync(path.join(pgDir, 'global', 'pg_control'))) return pgDir;
  if (existsSync(pgDir)) {
    // Left by a start before staged initialisation, killed during initdb: no cluster could open it. Kept aside,
    // never deleted, in case someone wants to look.
    renameSync(pgDir, path.join(dataDir, `pg.incomplete-${Date.now()}`));
  }
  const staging = path.join(dataDir, 'pg.initialising');
  const marker = path.join(staging, INITIALISED_MARKER);
  if (!existsSync(marker)) {
    rmSync(staging, { recursive: true, force: true });
    const init = await PGlite.create(staging);
    await init.close();
    writeFileSync(marker, new Date().toISOString());
    hooks.afterInitialise?.();
  }
  // The marker goes with the cluster; PostgreSQL ignores files it does not know in its data directory.
  renameSync(staging, pgDir);
  return pgDir;
}

export async function openPglite(dataDir: string, opts: { loadDataDir?: Blob; lock?: boolean; hooks?: PgliteOpenHooks } = {}): Promise<Database> {
  let lock: DataDirLock | undefined;
  let client: PGlite;
  if (dataDir === 'memory://') {
    client = await PGlite.create({ loadDataDir: opts.loadDataDir });
  } else {
    mkdirSync(dataDir, { recursive: true });
    if (opts.lock !== false) lock = acquireDataDirLock(dataDir);
    try {
      client = await PGlite.create(await ensurePgliteCluster(dataDir, opts.hooks ?? {}));
    } catch (err) {
      lock?.release();
      throw err;
    }
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
  } catch (err) {
    await client.close();
    lock?.release();
    throw err;
  }
  opts.hooks?.afterMigrate?.();
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
}

export async function openDatabase(env: { DATABASE_URL?: string | undefined; DATA_DIR: string }, hooks: PgliteOpenHooks = {}): Promise<Database> {
  if (env.DATABASE_URL) {
    const database = await openPostgres(env.DATABASE_URL);
    hooks.afterMigrate?.();
    return database;
  }
  return openPglite(path.resolve(env.DATA_DIR), { hooks });
}
