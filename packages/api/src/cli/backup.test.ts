import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { ApplyState } from '@summit/domain';
import { buildApp } from '../app/app.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { accounts, studentProfiles } from '../db/schema.ts';
import { loadEnv } from '../env.ts';
import { payingStudent } from '../modules/payments/payment-test-kit.ts';
import { PDF_BYTES, readBack, uploadPdf } from '../modules/storage/storage-test-kit.ts';
import { STEP1_ANSWERS, call, TEST_PASSWORD } from '../test/flows.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { BackupError, createBackup, readManifest, restoreBackup, type BackupEnv, type BackupManifest } from './backup-archive.ts';

// The whole journey on the suite's database kind (decision 086): PostgreSQL with DATABASE_URL, PGlite otherwise.
const template = inject('dbTemplate');
const onPostgres = template.kind === 'postgres';
const APPLY = '/api/student/v5/apply';
const STEP1 = STEP1_ANSWERS;

const root = mkdtempSync(path.join(os.tmpdir(), 'summit-backup-test-'));
const sourceDir = path.join(root, 'source');
const targetDir = path.join(root, 'target');
const archive = path.join(root, 'summit-backup.tar.gz');
let targetUrl: string | undefined;
const created: string[] = [];

async function adminQuery(sql: string) {
  if (template.kind !== 'postgres') throw new Error('PostgreSQL only');
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** An empty database on the suite's server, as an operator would create for a restore. */
async function newEmptyDatabase(): Promise<string> {
  if (template.kind !== 'postgres') throw new Error('PostgreSQL only');
  const name = `summit_restore_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  created.push(name);
  const url = new URL(template.adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function appEnv(dataDir: string) {
  return loadEnv({ ...process.env, DEMO_MODE: 'true', SEED_DEMO: 'false', LOG_LEVEL: 'silent', ARGON2_MEMORY_KIB: '8192', DATA_DIR: dataDir, STORAGE_PROVIDER: 'local' });
}

async function startApp(database: Database, dataDir: string) {
  const app = await buildApp({ env: appEnv(dataDir), db: database.db, logger: false });
  await app.ready();
  return app;
}

const backupEnv = (dataDir: string, url?: string): BackupEnv => ({ DATA_DIR: dataDir, STORAGE_PROVIDER: 'local', ...(url ? { DATABASE_URL: url } : {}) });

let student: { phone: string; attachment: { name: string; url: string } };

/** Logs the student in on the restored data and reads back their application and its uploaded file. */
async function studentSeesApplication() {
  const database = targetUrl ? await openPostgres(targetUrl, { max: 2 }) : await openPglite(targetDir);
  const app = await startApp(database, targetDir);
  try {
    const login = await call<{ token: string }>(app, 'POST', '/api/login', { body: { phone_code: '86', phone: student.phone, password: TEST_PASSWORD } });
    expect(login.body.status).toBe(200);
    const token = login.body.data!.token;
    const state = await call<ApplyState>(app, 'GET', APPLY, { token });
    expect(state.body.data).toMatchObject({ step1: { legal_name: '李小明', grade: 'G11', guardian_name: '李大明' }, step2: { attachment: student.attachment } });
    expect(state.body.data!.step1_submitted).toBe(true);
    const file = await readBack(app, student.attachment.url, token);
    expect(file.statusCode).toBe(200);
    expect(Buffer.from(file.rawPayload)).toEqual(PDF_BYTES);
  } finally {
    await app.close();
    await database.close();
  }
}

beforeAll(async () => {
  // The source: a student with an application draft and an uploaded attachment.
  const source = onPostgres ? await createTestDatabase() : await openPglite(sourceDir);
  const app = await startApp(source, sourceDir);
  const s = await payingStudent({ app, db: source.db }, { step1Submitted: false });
  const [row] = await source.db.select({ phone: accounts.phone }).from(accounts).where(eq(accounts.id, s.accountId));
  expect((await call(app, 'POST', `${APPLY}/step1`, { token: s.token, body: { submit: true, data: STEP1 } })).body.status).toBe(200);
  // Step 2 opens once the application fee is paid.
  await source.db.update(studentProfiles).set({ applyPaidAt: new Date() }).where(eq(studentProfiles.accountId, s.accountId));
  const attachment = await uploadPdf(app, s.token);
  expect((await call(app, 'POST', `${APPLY}/step2`, { token: s.token, body: { submit: false, data: { attachment } } })).body.status).toBe(200);
  student = { phone: row!.phone!, attachment };
  await app.close();
  try {
    // The embedded database is backed up with its server stopped (it holds the data directory's lock).
    if (!onPostgres) await source.close();
    await createBackup(backupEnv(sourceDir, (source as { url?: string }).url), { file: archive });
  } finally {
    if (onPostgres) await source.close();
  }
  if (onPostgres) targetUrl = await newEmptyDatabase();
}, 240_000);

afterAll(async () => {
  for (const name of created) await adminQuery(`drop database if exists ${name} with (force)`);
  rmSync(root, { recursive: true, force: true });
});

describe('db:backup and db:restore', () => {
  it('the archive holds a manifest, the dump and the upload', async () => {
    const manifest = await readManifest(archive);
    expect(manifest).toMatchObject({
      format: 'summit-backup',
      format_version: 1,
      database: { kind: onPostgres ? 'postgres' : 'pglite' },
      uploads: { included: true, files: 1, bytes: PDF_BYTES.length },
    });
    expect(manifest.migrations.count).toBeGreaterThan(0);
    expect(manifest.migrations.last).toMatch(/^\d{4}_/);
    expect(manifest.tables['public.accounts']).toBeGreaterThanOrEqual(1);
  });

  it('restores into a fresh database and data dir: the student logs in and sees the application and the file', async () => {
    const result = await restoreBackup(backupEnv(targetDir, targetUrl), archive);
    expect(result).toMatchObject({ kind: onPostgres ? 'postgres' : 'pglite', uploads: 1, keptAside: [] });
    await studentSeesApplication();
  }, 240_000);

  it('refuses to overwrite data without --yes', async () => {
    await expect(restoreBackup(backupEnv(targetDir, targetUrl), archive)).rejects.toThrow(/already (has data|holds).*--yes/);
  }, 60_000);

  it('refuses a corrupt or mismatched archive, even with --yes, and leaves the target as it was', async () => {
    const before = readdirSync(targetDir).sort();
    // Not an archive at all.
    const garbage = path.join(root, 'garbage.tar.gz');
    writeFileSync(garbage, 'not a backup');
    await expect(restoreBackup(backupEnv(targetDir, targetUrl), garbage, { yes: true })).rejects.toThrow(/not a readable Summit backup/);
    // Cut short: the manifest reads, the rest does not.
    const truncated = path.join(root, 'truncated.tar.gz');
    const bytes = readFileSync(archive);
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expect(restoreBackup(backupEnv(targetDir, targetUrl), truncated, { yes: true })).rejects.toThrow(BackupError);
    // A schema newer than this code.
    const newer = path.join(root, 'newer.tar.gz');
    await rewriteManifest(archive, newer, (m) => ({ ...m, migrations: { count: m.migrations.count + 1, last: '9999_future', last_created_at: (m.migrations.last_created_at ?? 0) + 1 } }));
    await expect(restoreBackup(backupEnv(targetDir, targetUrl), newer, { yes: true })).rejects.toThrow(/schema migration 9999_future/);
    // The other kind of database.
    const otherKind = path.join(root, 'other-kind.tar.gz');
    await rewriteManifest(archive, otherKind, (m) => ({ ...m, database: { ...m.database, kind: onPostgres ? 'pglite' : 'postgres' } }));
    await expect(restoreBackup(backupEnv(targetDir, targetUrl), otherKind, { yes: true })).rejects.toThrow(/This backup is of/);
    // A dump that does not match its manifest's checksum.
    const tampered = path.join(root, 'tampered.tar.gz');
    await rewriteManifest(archive, tampered, (m) => ({ ...m, database: { ...m.database, sha256: '0'.repeat(64) } }));
    await expect(restoreBackup(backupEnv(targetDir, targetUrl), tampered, { yes: true })).rejects.toThrow(/does not match its manifest/);

    expect(readdirSync(targetDir).sort()).toEqual(before);
    expect(existsSync(path.join(targetDir, 'uploads'))).toBe(true);
    await studentSeesApplication();
  }, 240_000);
});

/** Copies an archive entry by entry with its manifest changed. */
async function rewriteManifest(from: string, to: string, change: (m: BackupManifest) => BackupManifest) {
  const extract = tar.extract();
  const pack = tar.pack();
  const out = pipeline(pack, createGzip(), createWriteStream(to));
  const read = pipeline(createReadStream(from), createGunzip(), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    let body = Buffer.concat(chunks);
    if (entry.header.name === 'manifest.json') body = Buffer.from(JSON.stringify(change(JSON.parse(body.toString('utf8')) as BackupManifest)));
    await new Promise<void>((resolve, reject) => pack.entry({ ...entry.header, size: body.length }, body, (err) => (err ? reject(err) : resolve())));
  }
  await read;
  pack.finalize();
  await out;
}
