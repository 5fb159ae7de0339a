import { and, asc, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog } from '../../db/schema.ts';
import { accountMfa, mfaChallenges, mfaRecoveryCodes } from '../../db/schema-security-mfa.ts';
import { revokeOtherSessions } from './sessions.repo.ts';

export type AccountMfaRow = typeof accountMfa.$inferSelect;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AuditEntry {
  actorId: number | null;
  action: string;
  accountId: number;
  before?: unknown;
  after?: unknown;
}

async function writeAudit(db: Db | Tx, entry: AuditEntry, now: Date): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: 'account_mfa',
    entityId: String(entry.accountId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: now,
  });
}

export function insertMfaAudit(db: Db, entry: AuditEntry, now: Date): Promise<void> {
  return writeAudit(db, entry, now);
}

export async function findAccountMfa(db: Db, accountId: number): Promise<AccountMfaRow | undefined> {
  const rows = await db.select().from(accountMfa).where(eq(accountMfa.accountId, accountId)).limit(1);
  return rows[0];
}

export async function savePendingSecret(db: Db, accountId: number, pendingSecretEnc: string, now: Date): Promise<void> {
  await db
    .insert(accountMfa)
    .values({ accountId, pendingSecretEnc, pendingCreatedAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: accountMfa.accountId, set: { pendingSecretEnc, pendingCreatedAt: now, updatedAt: now } });
}

/**
 * Confirms a pending secret: it becomes the secret, the step that confirmed it counts as used, the recovery codes
 * are replaced, and the audit row is written, all or nothing. False when another request confirmed first.
 */
/**
 * Turns the factor on, and in the same transaction ends every other session of the account (decision 082): all
 * but `keepTokenId`, the session that confirmed it (null at sign-in, where the new session comes after). The
 * audit row counts the ended sessions. Null when the factor was already on.
 */
export async function confirmEnrolment(
  db: Db,
  input: { accountId: number; secretEnc: string; step: number; codeHashes: string[]; keepTokenId: number | null; audit: AuditEntry; now: Date },
): Promise<{ sessionsEnded: number } | null> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(accountMfa)
      .set({ secretEnc: input.secretEnc, pendingSecretEnc: null, pendingCreatedAt: null, enabledAt: input.now, lastUsedStep: input.step, failedAttempts: 0, lockedUntil: null, updatedAt: input.now })
      .where(and(eq(accountMfa.accountId, input.accountId), isNull(accountMfa.secretEnc)))
      .returning({ id: accountMfa.accountId });
    if (updated.length !== 1) return null;
    await replaceRecoveryCodesIn(tx, input.accountId, input.codeHashes, input.now);
    const sessionsEnded = await revokeOtherSessions(tx, input.accountId, input.keepTokenId, input.now);
    await writeAudit(tx, { ...input.audit, after: { ...(input.audit.after as Record<string, unknown> | undefined), sessions_ended: sessionsEnded } }, input.now);
    return { sessionsEnded };
  });
}

async function replaceRecoveryCodesIn(tx: Tx, accountId: number, codeHashes: string[], now: Date): Promise<void> {
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.accountId, accountId));
  await tx.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ accountId, codeHash, createdAt: now })));
}

export async function replaceRecoveryCodes(db: Db, accountId: number, codeHashes: string[], audit: AuditEntry, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await replaceRecoveryCodesIn(tx, accountId, codeHashes, now);
    await writeAudit(tx, audit, now);
  });
}

/** Removes the factor and its recovery codes with the audit row (self disable or an admin's reset). */
export async function deleteMfa(db: Db, accountId: number, audit: AuditEntry, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(accountMfa).where(eq(accountMfa.accountId, accountId)).returning({ id: accountMfa.accountId });
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.accountId, accountId));
    // Open challenges die with the factor: a reset must not leave a half-finished sign-in usable.
    await tx.update(mfaChallenges).set({ usedAt: now }).where(and(eq(mfaChallenges.accountId, accountId), isNull(mfaChallenges.usedAt)));
    await writeAudit(tx, audit, now);
    return removed.length === 1;
  });
}

/**
 * Accepts a time step only if it is later than the last accepted one, in one statement: two requests racing with
 * the same code cannot both pass.
 */
export async function claimTotpStep(db: Db, accountId: number, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(accountMfa)
    .set({ lastUsedStep: step, failedAttempts: 0, lockedUntil: null, updatedAt: now })
    .where(and(eq(accountMfa.accountId, accountId), or(isNull(accountMfa.lastUsedStep), lt(accountMfa.lastUsedStep, step))))
    .returning({ id: accountMfa.accountId });
  return rows.length === 1;
}

/** Counts a wrong code; returns the lock time when this failure reached the limit (the count starts over). */
export async function recordMfaFailure(db: Db, accountId: number, maxFailures: number, lockUntil: Date, now: Date): Promise<Date | null> {
  const rows = await db
    .update(accountMfa)
    .set({
      failedAttempts: sql`case when ${accountMfa.failedAttempts} + 1 >= ${maxFailures} then 0 else ${accountMfa.failedAttempts} + 1 end`,
      lockedUntil: sql`case when ${accountMfa.failedAttempts} + 1 >= ${maxFailures} then ${lockUntil.toISOString()}::timestamptz else ${accountMfa.lockedUntil} end`,
      updatedAt: now,
    })
    .where(eq(accountMfa.accountId, accountId))
    .returning({ lockedUntil: accountMfa.lockedUntil, failedAttempts: accountMfa.failedAttempts });
  const row = rows[0];
  // The count only drops back to 0 on the failure that set the lock.
  return row && row.failedAttempts === 0 ? lockUntil : null;
}

export async function resetMfaFailures(db: Db, accountId: number, now: Date): Promise<void> {
  await db.update(accountMfa).set({ failedAttempts: 0, updatedAt: now }).where(eq(accountMfa.accountId, accountId));
}

/** Single use: marks the code used only if unused, with its audit row. */
export async function useRecoveryCode(db: Db, accountId: number, codeHash: string, audit: AuditEntry, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(mfaRecoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(mfaRecoveryCodes.accountId, accountId), eq(mfaRecoveryCodes.codeHash, codeHash), isNull(mfaRecoveryCodes.usedAt)))
      .returning({ id: mfaRecoveryCodes.id });
    if (rows.length !== 1) return false;
    await tx.update(accountMfa).set({ failedAttempts: 0, lockedUntil: null, updatedAt: now }).where(eq(accountMfa.accountId, accountId));
    await writeAudit(tx, audit, now);
    return true;
  });
}

export async function countUnusedRecoveryCodes(db: Db, accountId: number): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.accountId, accountId), isNull(mfaRecoveryCodes.usedAt)));
  return rows[0]?.n ?? 0;
}

export async function insertChallenge(
  db: Db,
  row: { tokenHash: string; accountId: number; purpose: 'verify' | 'enrol'; plat: string | null; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(mfaChallenges).values(row);
}

export async function findLiveChallenge(db: Db, tokenHash: string, now: Date) {
  const rows = await db
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.tokenHash, tokenHash), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, now)))
    .limit(1);
  return rows[0];
}

/** Single use: only the first of two concurrent answers turns a challenge into a session. */
export async function consumeChallenge(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  return rows.length === 1;
}

/** Staff and school accounts with their second-factor state, for the admin's list. */
export async function listStaffMfa(db: Db) {
  return db
    .select({
      id: accounts.id,
      name: accounts.name,
      phone: accounts.phone,
      role: accounts.role,
      teacherType: accounts.teacherType,
      isAdmin: accounts.isAdmin,
      enabledAt: accountMfa.enabledAt,
    })
    .from(accounts)
    .leftJoin(accountMfa, eq(accountMfa.accountId, accounts.id))
    .where(and(inArray(accounts.role, ['teacher', 'school']), isNull(accounts.disabledAt)))
    .orderBy(asc(accounts.id))
    .limit(1000);
}
