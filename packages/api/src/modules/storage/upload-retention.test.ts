/** Replaced and abandoned uploads are deleted after the retention period, object first, then row (decision 023). */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { getTableColumns, type Table } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, studentForms, uploads } from '../../db/schema-admission.ts';
import { settings } from '../../db/schema-payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, registerStudent } from '../../test/flows.ts';
import type { StorageProvider } from '../../providers/storage/storage-provider.ts';
import { FILE_REFERENCE_COLUMNS, NOT_FILE_REFERENCE_COLUMNS } from './storage.repo.ts';
import { storageFor } from './storage.service.ts';
import { readBack, uploadPdf } from './storage-test-kit.ts';
import { deleteExpiredUploads, sweepUploads } from './upload-retention.ts';

const DAY = 86_400_000;
let t: TestApp;
let dataDir: string;
let student: { phone: string; password: string };
let token: string;
let accountId: number;
const silent = { warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'summit-retention-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, UPLOAD_RETENTION_DAYS: '30' } });
  const registered = await registerStudent(t.app);
  student = registered;
  token = registered.token;
});

/** The test clock moves weeks ahead, past the token's lifetime: log in again at the current time. */
async function freshToken(): Promise<string> {
  const res = await call<{ token: string }>(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone: student.phone, password: student.password } });
  token = res.body.data!.token;
  return token;
}
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const keyOf = (url: string) => url.replace('/api/oss/file/', '');
const fileOnDisk = (url: string) => existsSync(path.join(dataDir, 'uploads', keyOf(url)));
const rowOf = async (url: string) => (await t.db.select().from(uploads).where(eq(uploads.key, keyOf(url))))[0];
const sweep = (storage: StorageProvider = storageFor(t.app.ctx)) => sweepUploads({ ctx: t.app.ctx, storage, log: silent });

describe('upload retention sweep', () => {
  it('deletes replaced and abandoned files 30 days after nobody refers to them, and keeps the rest', async () => {
    const kept = await uploadPdf(t.app, token, 'kept.pdf');
    const replaced = await uploadPdf(t.app, token, 'old.pdf');
    const replacement = await uploadPdf(t.app, token, 'new.pdf');
    const abandoned = await uploadPdf(t.app, token, 'never-used.pdf');
    const qr = await uploadPdf(t.app, token, 'qr.pdf');
    accountId = (await rowOf(kept.url))!.ownerId;

    // References the way forms keep them: the application's step 2, a follow-up form, a setting.
    await t.db.insert(applications).values({ accountId, step2: { attachment: { name: kept.name, url: kept.url } } });
    await t.db.insert(studentForms).values({ accountId, formName: 'additional-info', value: { files: [{ name: replaced.name, url: replaced.url }] } });
    await t.db.insert(settings).values({ key: 'test.retention.qr', value: { file: qr } });
    expect((await sweep()).deleted).toBe(0);
    expect((await rowOf(abandoned.url))!.unreferencedSince).toEqual(t.app.ctx.now());
    expect((await rowOf(kept.url))!.unreferencedSince).toBeNull();

    // The student replaces the follow-up form's file: from now on the old one is unreferenced.
    t.clock.advance(10 * DAY);
    await t.db.update(studentForms).set({ value: { files: [{ name: replacement.name, url: replacement.url }] } }).where(eq(studentForms.accountId, accountId));
    await sweep();
    const replacedAt = t.app.ctx.now();
    expect((await rowOf(replaced.url))!.unreferencedSince).toEqual(replacedAt);
    expect((await rowOf(replacement.url))!.unreferencedSince).toBeNull();

    // Day 29 for the abandoned file: still inside the period, nothing goes.
    t.clock.advance(19 * DAY);
    expect(await sweep()).toEqual({ deleted: 0, kept: 0, failed: 0 });
    expect(fileOnDisk(abandoned.url)).toBe(true);

    // Day 31: the abandoned file goes, object and row; the replaced one (unreferenced 21 days) stays.
    t.clock.advance(2 * DAY);
    expect((await sweep()).deleted).toBe(1);
    expect(fileOnDisk(abandoned.url)).toBe(false);
    expect(await rowOf(abandoned.url)).toBeUndefined();
    expect((await readBack(t.app, abandoned.url, await freshToken())).statusCode).toBe(403);
    expect(fileOnDisk(replaced.url)).toBe(true);

    // 30 days after the replacement it goes too; what forms and settings use is never touched.
    t.clock.set(new Date(replacedAt.getTime() + 30 * DAY + 1000));
    expect((await sweep()).deleted).toBe(1);
    expect(fileOnDisk(replaced.url)).toBe(false);
    await freshToken();
    for (const file of [kept, replacement, qr]) {
      expect(fileOnDisk(file.url), file.name).toBe(true);
      expect((await readBack(t.app, file.url, token)).statusCode).toBe(200);
    }
  });

  it('a file referred to again before the period ends is kept, and its clock starts over if dropped again', async () => {
    const file = await uploadPdf(t.app, await freshToken(), 'back-again.pdf');
    await sweep();
    expect((await rowOf(file.url))!.unreferencedSince).not.toBeNull();
    t.clock.advance(20 * DAY);
    await t.db.update(applications).set({ step1: { proof: file } }).where(eq(applications.accountId, accountId));
    await sweep();
    expect((await rowOf(file.url))!.unreferencedSince).toBeNull();
    t.clock.advance(40 * DAY);
    expect((await sweep()).deleted).toBe(0);
    expect(fileOnDisk(file.url)).toBe(true);
  });

  it('a form saved after the marking pass still keeps its file (a last look before deleting)', async () => {
    const file = await uploadPdf(t.app, await freshToken(), 'late-save.pdf');
    await sweep();
    t.clock.advance(31 * DAY);
    // Saved between the marking pass and the delete phase: the row still says "unreferenced for 31 days".
    await t.db.update(applications).set({ step1: { late: file } }).where(eq(applications.accountId, accountId));
    expect((await rowOf(file.url))!.unreferencedSince).not.toBeNull();
    const deletedKeys: string[] = [];
    const base = storageFor(t.app.ctx);
    const watching = { ...base, deleteObject: async (key: string) => void deletedKeys.push(key) } as StorageProvider;
    const report = await deleteExpiredUploads({ ctx: t.app.ctx, storage: watching, log: silent });
    expect(deletedKeys).not.toContain(keyOf(file.url));
    expect(report.kept).toBeGreaterThanOrEqual(1);
    expect(await rowOf(file.url)).toBeDefined();
  });

  it('an object the provider fails to delete keeps its row, and the next run deletes it', async () => {
    await t.db.update(applications).set({ step1: {} }).where(eq(applications.accountId, accountId));
    const file = await uploadPdf(t.app, await freshToken(), 'flaky.pdf');
    await sweep();
    t.clock.advance(31 * DAY);
    const base = storageFor(t.app.ctx);
    const failing = { ...base, deleteObject: async () => Promise.reject(new Error('bucket unavailable')) } as StorageProvider;
    const first = await sweep(failing);
    expect(first.failed).toBeGreaterThanOrEqual(1);
    expect(await rowOf(file.url)).toBeDefined();
    expect(fileOnDisk(file.url)).toBe(true);
    const second = await sweep();
    expect(second.deleted).toBeGreaterThanOrEqual(1);
    expect(await rowOf(file.url)).toBeUndefined();
    expect(fileOnDisk(file.url)).toBe(false);
  });

  it('every JSON column is either searched for file addresses or listed as never holding one', async () => {
    const listed = new Set([...FILE_REFERENCE_COLUMNS, ...NOT_FILE_REFERENCE_COLUMNS]);
    const unlisted: string[] = [];
    // Every schema file, found on disk: a table added in a new schema file cannot slip past the check.
    const dbDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db');
    const schemaFiles = readdirSync(dbDir).filter((f) => /^schema.*\.ts$/.test(f) && !f.endsWith('.test.ts'));
    expect(schemaFiles.length).toBeGreaterThanOrEqual(5);
    const schemas = await Promise.all(schemaFiles.map((f) => import(pathToFileURL(path.join(dbDir, f)).href) as Promise<Record<string, unknown>>));
    for (const schema of schemas) {
      for (const [name, value] of Object.entries(schema)) {
        if (typeof value !== 'object' || value === null || !('getSQL' in value)) continue;
        let columns: Record<string, { columnType: string }>;
        try {
          columns = getTableColumns(value as Table) as Record<string, { columnType: string }>;
        } catch {
          continue;
        }
        for (const [field, column] of Object.entries(columns)) {
          if (column.columnType === 'PgJsonb' && !listed.has(column as never)) unlisted.push(`${name}.${field}`);
        }
      }
    }
    expect(unlisted).toEqual([]);
    expect(FILE_REFERENCE_COLUMNS.length).toBeGreaterThanOrEqual(7);
  });
});
