/**
 * Replaced and abandoned uploads are deleted after UPLOAD_RETENTION_DAYS (decision 023). A durable, scheduled
 * job: its whole state is `uploads.unreferenced_since`, so a run that dies part-way is finished by the next
 * run in whichever process; on PostgreSQL one process at a time runs it (db/exclusive-job.ts, the payment
 * reconciler's mechanism).
 */
import type { AppContext } from '../../http/context.ts';
import type { StorageProvider } from '../../providers/storage/storage-provider.ts';
import { startPeriodicJob, type PeriodicJob } from '../../db/exclusive-job.ts';
import { deleteUnreferencedUpload, isUploadReferenced, listUploadsUnreferencedBefore, markUploadReferences } from './storage.repo.ts';
import { storageFor } from './storage.service.ts';

/** Arbitrary, fixed: the advisory lock key every API process agrees on for the sweep. */
export const UPLOAD_RETENTION_LOCK_KEY = 7_007_003;
const BATCH = 200;
const DAY_MS = 86_400_000;

export interface RetentionDeps {
  ctx: AppContext;
  storage: StorageProvider;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface RetentionReport {
  deleted: number;
  kept: number;
  failed: number;
}

/**
 * Marks what nobody refers to (and unmarks what is referred to again), then deletes, oldest first, what has
 * been unreferenced for the whole retention period: the object through the storage provider, then the row.
 * An object the provider fails to delete keeps its row, so the next run tries again.
 */
export async function sweepUploads(deps: RetentionDeps): Promise<RetentionReport> {
  await markUploadReferences(deps.ctx.db, deps.ctx.now());
  return deleteExpiredUploads(deps);
}

/** The delete phase alone: what has been unreferenced for the whole period, re-checked just before it goes. */
export async function deleteExpiredUploads(deps: RetentionDeps): Promise<RetentionReport> {
  const { ctx, storage } = deps;
  const report: RetentionReport = { deleted: 0, kept: 0, failed: 0 };
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - ctx.env.UPLOAD_RETENTION_DAYS * DAY_MS);
  for (const row of await listUploadsUnreferencedBefore(ctx.db, cutoff, BATCH)) {
    // A file kept under another provider (STORAGE_PROVIDER changed since) cannot be reached from here.
    if (row.provider !== storage.id) {
      report.kept++;
      continue;
    }
    if (await isUploadReferenced(ctx.db, row.key)) {
      report.kept++;
      continue;
    }
    try {
      await storage.deleteObject(row.key);
    } catch (err) {
      report.failed++;
      deps.log.warn({ uploadId: row.id, err: err instanceof Error ? err.message : String(err) }, 'upload retention could not delete an object');
      continue;
    }
    if (await deleteUnreferencedUpload(ctx.db, row.id, cutoff)) report.deleted++;
  }
  return report;
}

/** Started by main.ts only (tests call sweepUploads): every UPLOAD_SWEEP_INTERVAL_MINUTES. */
export function startUploadRetention(deps: Omit<RetentionDeps, 'storage'> & { storage?: StorageProvider }, opts: { advisoryLock: boolean }): PeriodicJob {
  const full: RetentionDeps = { ...deps, storage: deps.storage ?? storageFor(deps.ctx) };
  return startPeriodicJob({
    db: deps.ctx.db,
    name: 'upload retention',
    lockKey: UPLOAD_RETENTION_LOCK_KEY,
    advisoryLock: opts.advisoryLock,
    intervalMs: deps.ctx.env.UPLOAD_SWEEP_INTERVAL_MINUTES * 60_000,
    run: () => sweepUploads(full),
    log: deps.log,
  });
}
