import { and, desc, eq, gt, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog, authTokens } from '../../db/schema.ts';

/** At most this many devices are listed; an account with more is odd, and the oldest matter least. */
const LIST_LIMIT = 50;

/** The tokens of an account that still work at `now` (not revoked, not past their absolute or idle end). */
function liveOf(accountId: number, now: Date) {
  return and(
    eq(authTokens.accountId, accountId),
    isNull(authTokens.revokedAt),
    gt(authTokens.expiresAt, now),
    or(isNull(authTokens.idleExpiresAt), gt(authTokens.idleExpiresAt, now)),
  );
}

export async function listLiveSessions(db: Db, accountId: number, now: Date) {
  return db
    .select({
      id: authTokens.id,
      plat: authTokens.plat,
      ip: authTokens.ip,
      userAgent: authTokens.userAgent,
      createdAt: authTokens.createdAt,
      lastSeenAt: authTokens.lastSeenAt,
    })
    .from(authTokens)
    .where(liveOf(accountId, now))
    .orderBy(desc(authTokens.lastSeenAt), desc(authTokens.id))
    .limit(LIST_LIMIT);
}

/** Ends one live session of the account; false when it is not the account's, or already ended. */
export async function revokeOwnSession(db: Db, accountId: number, tokenId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.id, tokenId), liveOf(accountId, now)))
    .returning({ id: authTokens.id });
  return rows.length === 1;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Ends every live session of the account except `keepTokenId` (password change, 退出其他所有设备, turning on
 * two-factor; null keeps none). Takes a transaction so a change can end the sessions together with itself.
 */
export async function revokeOtherSessions(db: Db | Tx, accountId: number, keepTokenId: number | null, now: Date): Promise<number> {
  const rows = await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(keepTokenId === null ? liveOf(accountId, now) : and(liveOf(accountId, now), ne(authTokens.id, keepTokenId)))
    .returning({ id: authTokens.id });
  return rows.length;
}

export async function findAccountRole(db: Db, accountId: number) {
  const rows = await db.select({ id: accounts.id, role: accounts.role }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return rows[0];
}

/** An administrator ends every session of an account; the count and the actor go to the audit log together. */
export async function revokeAccountSessionsAudited(db: Db, input: { actorId: number; accountId: number; now: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(authTokens)
      .set({ revokedAt: input.now })
      .where(liveOf(input.accountId, input.now))
      .returning({ id: authTokens.id });
    await tx.insert(auditLog).values({
      actorId: input.actorId,
      action: 'account.sessions.revoke',
      entity: 'account',
      entityId: String(input.accountId),
      before: null,
      after: { revoked: rows.length },
      createdAt: input.now,
    });
    return rows.length;
  });
}
