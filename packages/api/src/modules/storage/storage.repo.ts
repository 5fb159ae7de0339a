import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema-admission.ts';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(
  db: Db,
  row: { ownerId: number; key: string; fileName: string; contentType: string; maxBytes: number; provider: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(uploads).values(row);
}

export async function findUploadByKey(db: Db, key: string): Promise<UploadRow | undefined> {
  const rows = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  return rows[0];
}

/** Claims a credential's key for the file just received: only the first POST under a key is stored. */
export async function markUploadStored(db: Db, key: string, sizeBytes: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ storedAt: now, sizeBytes })
    .where(and(eq(uploads.key, key), isNull(uploads.storedAt)))
    .returning({ id: uploads.id });
  return rows.length === 1;
}
