import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { WechatOauthPurpose } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { wechatCredentials, wechatIdentities, wechatOauthStates } from '../../db/schema-wechat.ts';

export type WechatIdentityRow = typeof wechatIdentities.$inferSelect;
export type WechatStateRow = typeof wechatOauthStates.$inferSelect;
export type CredentialKind = 'access_token' | 'jsapi_ticket';

export async function insertOauthState(
  db: Db,
  row: { nonceHash: string; purpose: WechatOauthPurpose; returnPath: string; appId: string; accountId: number | null; openId?: string | null; unionId?: string | null; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(wechatOauthStates).values(row);
  // Old states are worth nothing: each insert clears those that expired a day ago.
  await db.delete(wechatOauthStates).where(lt(wechatOauthStates.expiresAt, new Date(row.createdAt.getTime() - 24 * 3600_000)));
}

/** Marks a live, unused state used and returns it; null for unknown, expired or already used (one statement: no race). */
export async function consumeOauthState(db: Db, nonceHash: string, now: Date): Promise<WechatStateRow | null> {
  const [row] = await db
    .update(wechatOauthStates)
    .set({ usedAt: now })
    .where(and(eq(wechatOauthStates.nonceHash, nonceHash), isNull(wechatOauthStates.usedAt), gt(wechatOauthStates.expiresAt, now)))
    .returning();
  return row ?? null;
}

export async function findIdentityByOpenId(db: Db, appId: string, openId: string): Promise<WechatIdentityRow | null> {
  const [row] = await db.select().from(wechatIdentities).where(and(eq(wechatIdentities.appId, appId), eq(wechatIdentities.openId, openId))).limit(1);
  return row ?? null;
}

export async function findIdentityOfAccount(db: Db, accountId: number, appId: string): Promise<WechatIdentityRow | null> {
  const [row] = await db.select().from(wechatIdentities).where(and(eq(wechatIdentities.accountId, accountId), eq(wechatIdentities.appId, appId))).limit(1);
  return row ?? null;
}

/** Binds, or refreshes the profile of the same binding; null when the open id or the account is taken by another binding. */
export async function upsertIdentity(
  db: Db,
  row: { accountId: number; appId: string; openId: string; unionId: string | null; nickname: string | null; avatarUrl: string | null; boundAt: Date },
): Promise<WechatIdentityRow | null> {
  const [inserted] = await db.insert(wechatIdentities).values(row).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [updated] = await db
    .update(wechatIdentities)
    .set({ unionId: row.unionId, ...(row.nickname !== null ? { nickname: row.nickname } : {}), ...(row.avatarUrl !== null ? { avatarUrl: row.avatarUrl } : {}) })
    .where(and(eq(wechatIdentities.accountId, row.accountId), eq(wechatIdentities.appId, row.appId), eq(wechatIdentities.openId, row.openId)))
    .returning();
  return updated ?? null;
}

export async function deleteIdentity(db: Db, accountId: number, appId: string): Promise<boolean> {
  const rows = await db.delete(wechatIdentities).where(and(eq(wechatIdentities.accountId, accountId), eq(wechatIdentities.appId, appId))).returning({ id: wechatIdentities.id });
  return rows.length > 0;
}

// Credentials ----------------------------------------------------------------------------------------------

export async function readCredential(db: Db, appId: string, kind: CredentialKind): Promise<{ value: string | null; expiresAt: Date | null } | null> {
  const [row] = await db
    .select({ value: wechatCredentials.value, expiresAt: wechatCredentials.expiresAt })
    .from(wechatCredentials)
    .where(and(eq(wechatCredentials.appId, appId), eq(wechatCredentials.kind, kind)))
    .limit(1);
  return row ?? null;
}

/**
 * Runs `refresh` while holding the credential's row lock (SELECT … FOR UPDATE), so of two processes that find it
 * stale only the first fetches; the second waits, then sees the fresh value. `refresh` gets the row's value and
 * answers null to keep it or a new value with its expiry.
 */
export async function refreshCredentialLocked(
  db: Db,
  appId: string,
  kind: CredentialKind,
  refresh: (current: { value: string | null; expiresAt: Date | null }) => Promise<{ value: string; expiresAt: Date; refreshedAt: Date } | null>,
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.insert(wechatCredentials).values({ appId, kind }).onConflictDoNothing();
    const [row] = await tx
      .select({ value: wechatCredentials.value, expiresAt: wechatCredentials.expiresAt })
      .from(wechatCredentials)
      .where(and(eq(wechatCredentials.appId, appId), eq(wechatCredentials.kind, kind)))
      .for('update');
    const current = row ?? { value: null, expiresAt: null };
    const next = await refresh(current);
    if (!next) return current.value!;
    await tx.update(wechatCredentials).set(next).where(and(eq(wechatCredentials.appId, appId), eq(wechatCredentials.kind, kind)));
    return next.value;
  });
}
