/**
 * `npm run db:backup` and `npm run db:restore` (decision 086): one .tar.gz holding a manifest, the database dump
 * (pg_dump's custom format on PostgreSQL, PGlite's own data-directory dump on the embedded database) and, with
 * STORAGE_PROVIDER=local, the uploads folder. A restore checks the manifest before it touches anything.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import tar from 'tar-stream';
import { acquireDataDirLock, type DataDirLock } from '../db/data-dir-lock.ts';
import { migrationsFolder } from '../db/client.ts';
import type { Env } from '../env.ts';

export const BACKUP_FORMAT = 'summit-backup';
export const BACKUP_FORMAT_VERSION = 1;
const MANIFEST = 'manifest.json';
const DUMP = { postgres: 'database.pgdump', pglite: 'database.pglite.tar' } as const;
const UPLOADS = 'uploads';

export type DatabaseKind = 'postgres' | 'pglite';
export type BackupEnv = Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'STORAGE_PROVIDER'>;

export interface MigrationLevel {
  count: number;
  /** The last applied migration's tag (e.g. 0034_programmes), null when none or unknown to this code. */
  last: string | null;
  /** drizzle's created_at of the last applied migration (the journal's `when`). */
  last_created_at: number | null;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  created_at: string;
  database: { kind: DatabaseKind; server_version: string; dump: string; bytes: number; sha256: string };
  migrations: MigrationLevel;
  /** Rows per table ("schema.table") at the time of the dump. */
  tables: Record<string, number>;
  uploads: { included: boolean; files: number; bytes: number };
}

/** A refusal or failure with a message meant for the operator; nothing was changed unless it says so. */
export class BackupError extends Error {}

type Log = (line: string) => void;

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MiB`;
  return `${(n / 1024 ** 3).toFixed(2)} GiB`;
}

export function defaultBackupFile(now = new Date(), dir = 'backups'): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return path.resolve(dir, `summit-backup-${stamp}.tar.gz`);
}

// ─── the code's own migration level ────────────────────────────────────────────────────────────────────────────

interface JournalEntry {
  tag: string;
  when: number;
}

function codeJournal(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

function levelOf(rows: Array<Record<string, unknown>>, journal: JournalEntry[]): MigrationLevel {
  if (rows.length === 0) return { count: 0, last: null, last_created_at: null };
  const last = Number(rows[rows.length - 1]!.created_at);
  return { count: rows.length, last: journal.find((e) => e.when === last)?.tag ?? null, last_created_at: last };
}

/** The backup's level must be one this code knows: not more migrations, none newer, the last one in its journal. */
export function checkMigrationLevel(level: MigrationLevel, journal = codeJournal()): void {
  const codeLast = journal[journal.length - 1];
  if (level.count === 0) return;
  const known = level.last_created_at !== null && journal.some((e) => e.when === level.last_created_at);
  if (level.count > journal.length || !codeLast || (level.last_created_at ?? 0) > codeLast.when || !known) {
    throw new BackupError(
      `This backup is at schema migration ${level.last ?? level.last_created_at} (${level.count} applied); this code knows ${journal.length} ` +
        `(last ${codeLast?.tag ?? 'none'}). Restore it with the release that made it, or a newer one.`,
    );
  }
}

// ─── talking to either database ─────────────────────────────────────────────────────────────────────────────────

type Query = (sql: string) => Promise<Array<Record<string, unknown>>>;

async function tableCounts(query: Query): Promise<Record<string, number>> {
  const tables = await query(
    "select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by schemaname, tablename",
  );
  const out: Record<string, number> = {};
  for (const t of tables) {
    const schema = String(t.schemaname);
    const table = String(t.tablename);
    const [row] = await query(`select count(*)::int as n from "${schema.replaceAll('"', '""')}"."${table.replaceAll('"', '""')}"`);
    out[`${schema}.${table}`] = Number(row?.n ?? 0);
  }
  return out;
}

async function migrationLevel(query: Query): Promise<MigrationLevel> {
  const [exists] = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!exists?.present) return { count: 0, last: null, last_created_at: null };
  const rows = await query('select created_at from drizzle.__drizzle_migrations order by created_at, id');
  return levelOf(rows, codeJournal());
}

const rowsTotal = (tables: Record<string, number>) => Object.values(tables).reduce((a, b) => a + b, 0);

// ─── PostgreSQL tools ───────────────────────────────────────────────────────────────────────────────────────────

function run(cmd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

function installHint(serverMajor: number): string {
  return `Install the PostgreSQL client tools, version ${serverMajor} or newer (Debian/Ubuntu: apt-get install postgresql-client, or postgresql-client-${serverMajor} from apt.postgresql.org when the distribution's is older).`;
}

/** pg_dump / pg_restore on PATH, of a major version at least the server's (an older one refuses newer servers). */
export async function checkPgTool(tool: 'pg_dump' | 'pg_restore', serverMajor: number): Promise<number> {
  let out: string;
  try {
    out = (await run(tool, ['--version'])).stdout;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`${tool} was not found on PATH. ${installHint(serverMajor)}`);
    throw err;
  }
  const major = Number(/(\d+)(?:\.\d+)?/.exec(out)?.[1]);
  if (!Number.isInteger(major)) throw new BackupError(`Could not read ${tool}'s version from "${out.trim()}".`);
  if (major < serverMajor) throw new BackupError(`${tool} is version ${major} but the server is PostgreSQL ${serverMajor}. ${installHint(serverMajor)}`);
  return major;
}

/**
 * A libpq connection string for the tools without the password on their command line (other users see it in
 * `ps`): the password goes to a private passfile named in the connection string.
 */
async function toolConnection(url: string, dir: string): Promise<string> {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  if (password) {
    const passfile = path.join(dir, 'pgpass');
    await writeFile(passfile, `*:*:*:*:${password.replaceAll('\\', '\\\\').replaceAll(':', '\\:')}\n`, { mode: 0o600 });
    await chmod(passfile, 0o600);
    u.searchParams.set('passfile', passfile);
  }
  return u.toString();
}

async function withPg<T>(url: string, fn: (query: Query, client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(async (sql) => (await client.query(sql)).rows as Array<Record<string, unknown>>, client);
  } finally {
    await client.end();
  }
}

// ─── PGlite ─────────────────────────────────────────────────────────────────────────────────────────────────────

function pgliteDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'pg');
}

function lockEmbedded(dataDir: string, what: string): DataDirLock {
  try {
    return acquireDataDirLock(path.resolve(dataDir));
  } catch (err) {
    throw new BackupError(`${what} needs the server on this DATA_DIR stopped. ${err instanceof Error ? err.message : String(err)}`);
  }
}

async function withPglite<T>(dir: string, fn: (query: Query, client: PGlite) => Promise<T>): Promise<T> {
  const client = await PGlite.create(dir);
  try {
    return await fn(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows, client);
  } finally {
    await client.close();
  }
}

// ─── files ──────────────────────────────────────────────────────────────────────────────────────────────────────

async function listFiles(root: string): Promise<Array<{ rel: string; size: number }>> {
  const out: Array<{ rel: string; size: number }> = [];
  async function walk(dir: string) {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.push({ rel: path.relative(root, full).split(path.sep).join('/'), size: (await stat(full)).size });
    }
  }
  if (existsSync(root)) await walk(root);
  return out.sort((a, b) => a.rel.localeCompare(b.rel));
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

async function addFile(pack: tar.Pack, name: string, file: string, size: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const entry = pack.entry({ name, size, mode: 0o600 }, (err) => (err ? reject(err) : resolve()));
    createReadStream(file).on('error', reject).pipe(entry);
  });
}

// ─── backup ─────────────────────────────────────────────────────────────────────────────────────────────────────

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

export async function createBackup(env: BackupEnv, opts: { file?: string; log?: Log; now?: Date } = {}): Promise<BackupResult> {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? new Date();
  const file = path.resolve(opts.file ?? defaultBackupFile(now));
  const kind: DatabaseKind = env.DATABASE_URL ? 'postgres' : 'pglite';
  const work = await mkdtemp(path.join(os.tmpdir(), 'summit-backup-'));
  let lock: DataDirLock | undefined;
  try {
    const dumpFile = path.join(work, DUMP[kind]);
    let serverVersion: string;
    let tables: Record<string, number>;
    let migrations: MigrationLevel;
    if (env.DATABASE_URL) {
      const url = env.DATABASE_URL;
      const info = await withPg(url, async (query) => {
        const [v] = await query("select current_setting('server_version') as v, current_setting('server_version_num')::int as n, current_database() as db");
        return { version: String(v!.v), major: Math.floor(Number(v!.n) / 10000), name: String(v!.db) };
      });
      serverVersion = info.version;
      await checkPgTool('pg_dump', info.major);
      log(`PostgreSQL ${info.version}, database "${info.name}": dumping with pg_dump --format=custom …`);
      // pg_dump takes one snapshot; the counts beside it are for the summary and the restore's check.
      const dumped = await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dumpFile}`, `--dbname=${await toolConnection(url, work)}`]);
      if (dumped.code !== 0) throw new BackupError(`pg_dump failed: ${dumped.stderr.trim()}`);
      ({ tables, migrations } = await withPg(url, async (query) => ({ tables: await tableCounts(query), migrations: await migrationLevel(query) })));
    } else {
      const dir = pgliteDir(env.DATA_DIR);
      if (!existsSync(path.join(dir, 'global', 'pg_control'))) throw new BackupError(`There is no embedded database in ${path.resolve(env.DATA_DIR)} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`);
      lock = lockEmbedded(env.DATA_DIR, 'A backup of the embedded database');
      log(`embedded database in ${dir}: dumping its data directory …`);
      ({ serverVersion, tables, migrations } = await withPglite(dir, async (query, client) => {
        const [v] = await query("select current_setting('server_version') as v");
        const blob = await client.dumpDataDir('none');
        await writeFile(dumpFile, Buffer.from(await blob.arrayBuffer()));
        return { serverVersion: String(v!.v), tables: await tableCounts(query), migrations: await migrationLevel(query) };
      }));
    }
    const dumpBytes = (await stat(dumpFile)).size;
    log(`database dump: ${formatBytes(dumpBytes)}, ${Object.keys(tables).length} tables, ${rowsTotal(tables)} rows, migration ${migrations.last ?? 'none'}`);

    const uploadsRoot = path.join(path.resolve(env.DATA_DIR), 'uploads');
    const local = env.STORAGE_PROVIDER === 'local';
    const files = local ? await listFiles(uploadsRoot) : [];
    if (!local) log(`uploads: STORAGE_PROVIDER=${env.STORAGE_PROVIDER}, not included (back the bucket up with the provider's own tools)`);
    else log(`uploads: ${files.length} files, ${formatBytes(files.reduce((a, f) => a + f.size, 0))} from ${uploadsRoot}`);

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      format_version: BACKUP_FORMAT_VERSION,
      created_at: now.toISOString(),
      database: { kind, server_version: serverVersion, dump: DUMP[kind], bytes: dumpBytes, sha256: await sha256File(dumpFile) },
      migrations,
      tables,
      uploads: { included: local, files: files.length, bytes: files.reduce((a, f) => a + f.size, 0) },
    };

    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.partial`;
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(partial, { mode: 0o600 }));
    const body = Buffer.from(JSON.stringify(manifest, null, 2));
    pack.entry({ name: MANIFEST, size: body.length, mode: 0o600 }, body);
    await addFile(pack, DUMP[kind], dumpFile, dumpBytes);
    for (const f of files) await addFile(pack, `${UPLOADS}/${f.rel}`, path.join(uploadsRoot, f.rel), f.size);
    pack.finalize();
    await written;
    await rename(partial, file);
    const bytes = (await stat(file)).size;
    log(`written ${file} (${formatBytes(bytes)})`);
    return { file, bytes, manifest };
  } finally {
    lock?.release();
    await rm(work, { recursive: true, force: true });
  }
}

// ─── reading an archive ─────────────────────────────────────────────────────────────────────────────────────────

function corrupt(file: string, why: string): BackupError {
  return new BackupError(`${file} is not a readable Summit backup (${why}). Nothing was changed.`);
}

/** The manifest only: the first entry of the archive, read without unpacking the rest. */
export async function readManifest(file: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const extract = tar.extract();
  const source = createReadStream(file);
  const gunzip = createGunzip();
  let text: string | null = null;
  try {
    const feeding = pipeline(source, gunzip, extract).catch(() => undefined);
    for await (const entry of extract) {
      if (entry.header.name !== MANIFEST) throw corrupt(file, `its first entry is ${entry.header.name}, not ${MANIFEST}`);
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      text = Buffer.concat(chunks).toString('utf8');
      break;
    }
    source.destroy();
    await feeding;
  } catch (err) {
    source.destroy();
    if (err instanceof BackupError) throw err;
    throw corrupt(file, err instanceof Error ? err.message : String(err));
  }
  if (text === null) throw corrupt(file, 'no manifest');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw corrupt(file, 'the manifest is not JSON');
  }
  if (manifest?.format !== BACKUP_FORMAT || typeof manifest.format_version !== 'number') throw corrupt(file, 'no Summit manifest');
  if (manifest.format_version > BACKUP_FORMAT_VERSION) throw new BackupError(`${file} has backup format ${manifest.format_version}; this code reads up to ${BACKUP_FORMAT_VERSION}. Use a newer release.`);
  if (!manifest.database || !(manifest.database.kind in DUMP) || !manifest.migrations || !manifest.tables || !manifest.uploads) throw corrupt(file, 'an incomplete manifest');
  return manifest;
}

/** Unpacks every entry into `dir`, refusing names that would leave it. */
async function unpack(file: string, dir: string): Promise<void> {
  const extract = tar.extract();
  const done = pipeline(createReadStream(file), createGunzip(), extract);
  done.catch(() => undefined); // awaited below; a refusal inside the loop leaves it rejected
  for await (const entry of extract) {
    const name = entry.header.name;
    const target = path.resolve(dir, name);
    if (!target.startsWith(dir + path.sep) || entry.header.type !== 'file') throw new Error(`unexpected entry ${name}`);
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(entry, createWriteStream(target, { mode: 0o600 }));
  }
  await done;
}

// ─── restore ────────────────────────────────────────────────────────────────────────────────────────────────────

export interface RestoreResult {
  kind: DatabaseKind;
  tables: number;
  rows: number;
  uploads: number;
  /** Directories the replaced data was moved to (kept, never deleted). */
  keptAside: string[];
}

function stampNow(): string {
  return new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
}

function sameCounts(expected: Record<string, number>, actual: Record<string, number>): string[] {
  return Object.entries(expected)
    .filter(([t, n]) => actual[t] !== n)
    .map(([t, n]) => `${t}: ${n} in the backup, ${actual[t] ?? 'missing'} restored`);
}

export async function restoreBackup(env: BackupEnv, file: string, opts: { yes?: boolean; log?: Log } = {}): Promise<RestoreResult> {
  const log = opts.log ?? (() => {});
  const archive = path.resolve(file);
  const manifest = await readManifest(archive);
  const kind: DatabaseKind = env.DATABASE_URL ? 'postgres' : 'pglite';
  log(`backup of ${manifest.created_at}: ${manifest.database.kind} ${manifest.database.server_version}, migration ${manifest.migrations.last ?? 'none'}, ` +
    `${Object.keys(manifest.tables).length} tables, ${rowsTotal(manifest.tables)} rows, ${manifest.uploads.included ? `${manifest.uploads.files} uploaded files` : 'no uploads'}`);
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      `This backup is of ${manifest.database.kind === 'postgres' ? 'a PostgreSQL database' : 'the embedded database'} but this configuration uses ` +
        `${kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database (no DATABASE_URL)'}. Nothing was changed.`,
    );
  }
  checkMigrationLevel(manifest.migrations);
  const dataDir = path.resolve(env.DATA_DIR);
  const restoreUploads = manifest.uploads.included && env.STORAGE_PROVIDER === 'local';
  if (manifest.uploads.included && !restoreUploads) log(`uploads: STORAGE_PROVIDER=${env.STORAGE_PROVIDER}; the backup's ${manifest.uploads.files} local files are not restored`);

  let lock: DataDirLock | undefined;
  let serverMajor = 0;
  if (env.DATABASE_URL) {
    const state = await withPg(env.DATABASE_URL, async (query) => {
      const [v] = await query(
        "select current_setting('server_version_num')::int as n, current_database() as db, " +
          "(select count(*)::int from pg_tables where schemaname not in ('pg_catalog', 'information_schema')) as tables, " +
          '(select count(*)::int from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) as others',
      );
      return { major: Math.floor(Number(v!.n) / 10000), name: String(v!.db), tables: Number(v!.tables), others: Number(v!.others) };
    });
    serverMajor = state.major;
    if (state.tables > 0 && !opts.yes) {
      throw new BackupError(`The database "${state.name}" already has data (${state.tables} tables). Restoring replaces it: run again with --yes to go ahead. Nothing was changed.`);
    }
    if (state.others > 0) {
      throw new BackupError(`${state.others} other connection(s) are open to the database "${state.name}": stop the Summit servers (and other clients) first. Nothing was changed.`);
    }
    await checkPgTool('pg_restore', serverMajor);
  } else {
    await mkdir(dataDir, { recursive: true });
    lock = lockEmbedded(dataDir, 'A restore of the embedded database');
    if (existsSync(path.join(pgliteDir(dataDir), 'global', 'pg_control')) && !opts.yes) {
      lock.release();
      throw new BackupError(`${dataDir} already holds an embedded database. Restoring replaces it (the old one is kept aside): run again with --yes to go ahead. Nothing was changed.`);
    }
  }
  if (restoreUploads && !opts.yes && (await listFiles(path.join(dataDir, UPLOADS))).length > 0) {
    lock?.release();
    throw new BackupError(`${path.join(dataDir, UPLOADS)} already holds files. Restoring replaces them (the old ones are kept aside): run again with --yes to go ahead. Nothing was changed.`);
  }

  // Unpacked beside the data so the uploads can be renamed into place.
  const staging = path.join(dataDir, `.restore-${stampNow()}-${process.pid}`);
  const keptAside: string[] = [];
  try {
    await mkdir(staging, { recursive: true });
    log('unpacking and checking the archive …');
    try {
      await unpack(archive, staging);
    } catch (err) {
      throw corrupt(archive, err instanceof Error ? err.message : String(err));
    }
    const dumpFile = path.join(staging, manifest.database.dump);
    if (!existsSync(dumpFile) || (await sha256File(dumpFile)) !== manifest.database.sha256) throw corrupt(archive, 'the database dump does not match its manifest');
    const stagedUploads = path.join(staging, UPLOADS);
    const uploadFiles = restoreUploads ? await listFiles(stagedUploads) : [];
    if (restoreUploads && uploadFiles.length !== manifest.uploads.files) throw corrupt(archive, `${uploadFiles.length} uploaded files instead of ${manifest.uploads.files}`);

    let restored: Record<string, number>;
    if (env.DATABASE_URL) {
      log('restoring with pg_restore --clean --if-exists --no-owner (one transaction) …');
      const connection = await toolConnection(env.DATABASE_URL, staging);
      const result = await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${connection}`, dumpFile]);
      if (result.code !== 0) throw new BackupError(`pg_restore failed; its transaction was rolled back, so the database is as it was: ${result.stderr.trim()}`);
      restored = await withPg(env.DATABASE_URL, tableCounts);
    } else {
      const stagedPg = path.join(staging, 'pg');
      log('loading the embedded database …');
      const blob = new Blob([await readFile(dumpFile)]);
      const loaded = await PGlite.create(stagedPg, { loadDataDir: blob });
      await loaded.close();
      restored = await withPglite(stagedPg, tableCounts);
    }
    const mismatch = sameCounts(manifest.tables, restored);
    if (mismatch.length > 0) throw new BackupError(`The restored row counts differ from the backup's: ${mismatch.slice(0, 5).join('; ')}`);
    const extra = Object.keys(restored).filter((t) => !(t in manifest.tables));
    if (extra.length > 0) log(`note: tables not in the backup were left as they were: ${extra.join(', ')}`);

    const stamp = stampNow();
    if (!env.DATABASE_URL) {
      const live = pgliteDir(dataDir);
      if (existsSync(live)) {
        const aside = `${live}.before-restore-${stamp}`;
        await rename(live, aside);
        keptAside.push(aside);
      }
      await rename(path.join(staging, 'pg'), live);
    }
    if (restoreUploads) {
      const live = path.join(dataDir, UPLOADS);
      if (existsSync(live)) {
        const aside = `${live}.before-restore-${stamp}`;
        await rename(live, aside);
        keptAside.push(aside);
      }
      if (existsSync(stagedUploads)) await rename(stagedUploads, live);
      else await mkdir(live, { recursive: true });
    }
    return { kind, tables: Object.keys(restored).length, rows: rowsTotal(restored), uploads: uploadFiles.length, keptAside };
  } finally {
    await rm(staging, { recursive: true, force: true });
    lock?.release();
  }
}
