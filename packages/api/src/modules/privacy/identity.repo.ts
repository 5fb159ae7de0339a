import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applications } from '../../db/schema-admission.ts';
import { studentIdentity } from '../../db/schema-privacy.ts';
import type { SealedIdNumber } from './id-number-crypto.ts';

export type IdentityRow = typeof studentIdentity.$inferSelect;

/** What one step-1 write changes: the card type, and the number when one was typed (undefined keeps it). */
export interface IdentityWrite {
  cardType?: string | undefined;
  sealed?: SealedIdNumber | undefined;
}

/** Called inside the caller's transaction (the draft or submission that carried the number). */
export async function upsertIdentity(db: Db, accountId: number, w: IdentityWrite, now: Date): Promise<void> {
  const set = {
    ...(w.cardType !== undefined ? { cardType: w.cardType } : {}),
    ...(w.sealed ? { idNumberCipher: w.sealed.cipher, idNumberHash: w.sealed.hash, idNumberTail: w.sealed.tail, keyId: w.sealed.keyId } : {}),
    updatedAt: now,
  };
  if (Object.keys(set).length === 1) return;
  await db.insert(studentIdentity).values({ accountId, ...set }).onConflictDoUpdate({ target: studentIdentity.accountId, set });
}

export async function findIdentity(db: Db, accountId: number): Promise<IdentityRow | undefined> {
  const [row] = await db.select().from(studentIdentity).where(eq(studentIdentity.accountId, accountId)).limit(1);
  return row;
}

export async function findIdentities(db: Db, accountIds: readonly number[]): Promise<IdentityRow[]> {
  if (accountIds.length === 0) return [];
  return db.select().from(studentIdentity).where(inArray(studentIdentity.accountId, [...accountIds]));
}

/** Students whose full number hashes to `hash` (search by full number; more than one is a duplicate registration). */
export async function findAccountsByIdHash(db: Db, hash: string): Promise<number[]> {
  const rows = await db.select({ accountId: studentIdentity.accountId }).from(studentIdentity).where(eq(studentIdentity.idNumberHash, hash));
  return rows.map((r) => r.accountId);
}

/** Arbitrary, fixed: one process at a time moves plain numbers (several may start on one PostgreSQL). */
const ID_SWEEP_LOCK_KEY = 7_007_064;
const SWEEP_BATCH = 200;

/**
 * Moves every plain `card_number` still in an application's step-1 JSON into student_identity, sealed, and
 * removes it from the JSON; in batches, each one transaction under an advisory lock, so two processes starting
 * together never seal a row twice and a start killed part-way leaves each row either moved or untouched.
 * Only rows that still hold the key are read, so running it again is a no-op. Returns how many moved.
 */
export async function sweepPlainIdNumbers(db: Db, seal: (accountId: number, number: string) => SealedIdNumber, now: Date): Promise<number> {
  let moved = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ID_SWEEP_LOCK_KEY})`);
      const rows = await tx
        .select({ accountId: applications.accountId, step1: applications.step1 })
        .from(applications)
        .where(sql`${applications.step1} ? 'card_number'`)
        .orderBy(applications.accountId)
        .limit(SWEEP_BATCH);
      for (const row of rows) {
        const number = row.step1.card_number;
        const cardType = typeof row.step1.card_type === 'string' ? row.step1.card_type : undefined;
        if (typeof number === 'string' && number.trim() !== '') {
          await upsertIdentity(tx, row.accountId, { cardType, sealed: seal(row.accountId, number) }, now);
        }
        await tx
          .update(applications)
          .set({ step1: sql`${applications.step1} - 'card_number'` })
          .where(eq(applications.accountId, row.accountId));
      }
      return rows.length;
    });
    moved += batch;
    if (batch < SWEEP_BATCH) return moved;
  }
}
