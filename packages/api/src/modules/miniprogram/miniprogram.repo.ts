import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { MpApp } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { miniprogramLandings, miniprogramReferrals, miniprogramReferrers, miniprogramScenes, miniprogramTickets } from '../../db/schema-miniprogram.ts';
import { wechatIdentities } from '../../db/schema-wechat.ts';

export type TicketRow = typeof miniprogramTickets.$inferSelect;
export type SceneRow = typeof miniprogramScenes.$inferSelect;
export type LandingRow = typeof miniprogramLandings.$inferSelect;
export type IdentityRow = typeof wechatIdentities.$inferSelect;

const DAY_MS = 24 * 3600_000;

// Tickets ---------------------------------------------------------------------------------------------------------

export async function insertTicket(
  db: Db,
  row: { hash: string; kind: 'webview' | 'bind'; app: MpApp; appId: string; openId: string; unionId: string | null; accountId: number | null; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(miniprogramTickets).values(row);
  // Spent and expired hand-overs are worth nothing: each insert clears those a day old.
  await db.delete(miniprogramTickets).where(lt(miniprogramTickets.expiresAt, new Date(row.createdAt.getTime() - DAY_MS)));
}

/** Marks a live, unused ticket of this kind used and returns it; null otherwise (one statement: no race). */
export async function consumeTicket(db: Db, hash: string, kind: 'webview' | 'bind', now: Date): Promise<TicketRow | null> {
  const [row] = await db
    .update(miniprogramTickets)
    .set({ usedAt: now })
    .where(and(eq(miniprogramTickets.hash, hash), eq(miniprogramTickets.kind, kind), isNull(miniprogramTickets.usedAt), gt(miniprogramTickets.expiresAt, now)))
    .returning();
  return row ?? null;
}

// Identities (decision 069's table, rows under the mini-programs' app ids) ----------------------------------------

export async function findIdentity(db: Db, appId: string, openId: string): Promise<IdentityRow | null> {
  const [row] = await db.select().from(wechatIdentities).where(and(eq(wechatIdentities.appId, appId), eq(wechatIdentities.openId, openId))).limit(1);
  return row ?? null;
}

/** Another of our apps' binding of the same WeChat user (one union id across an open-platform account's apps). */
export async function findIdentityByUnionId(db: Db, unionId: string, appIds: readonly string[]): Promise<IdentityRow | null> {
  if (appIds.length === 0) return null;
  const [row] = await db
    .select()
    .from(wechatIdentities)
    .where(and(eq(wechatIdentities.unionId, unionId), inArray(wechatIdentities.appId, [...appIds])))
    .orderBy(wechatIdentities.id)
    .limit(1);
  return row ?? null;
}

export async function findIdentityOfAccount(db: Db, accountId: number, appId: string): Promise<IdentityRow | null> {
  const [row] = await db.select().from(wechatIdentities).where(and(eq(wechatIdentities.accountId, accountId), eq(wechatIdentities.appId, appId))).limit(1);
  return row ?? null;
}

/** Binds; null when the open id or the account is already bound to another (the unique indexes decide races). */
export async function insertIdentity(db: Db, row: { accountId: number; appId: string; openId: string; unionId: string | null; boundAt: Date }): Promise<IdentityRow | null> {
  const [inserted] = await db.insert(wechatIdentities).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

// Scenes ------------------------------------------------------------------------------------------------------------

export async function insertScene(db: Db, row: { sceneId: string; secretHash: string; userAgent: string | null; ip: string | null; expiresAt: Date; createdAt: Date }): Promise<void> {
  await db.insert(miniprogramScenes).values({ ...row, updatedAt: row.createdAt });
  await db.delete(miniprogramScenes).where(lt(miniprogramScenes.expiresAt, new Date(row.createdAt.getTime() - DAY_MS)));
}

export async function deleteScene(db: Db, sceneId: string): Promise<void> {
  await db.delete(miniprogramScenes).where(eq(miniprogramScenes.sceneId, sceneId));
}

export async function findScene(db: Db, sceneId: string): Promise<SceneRow | null> {
  const [row] = await db.select().from(miniprogramScenes).where(eq(miniprogramScenes.sceneId, sceneId)).limit(1);
  return row ?? null;
}

/** Moves a live scene from one of `from` to `to`; null when it is not live or not in one of those states. */
export async function moveScene(
  db: Db,
  sceneId: string,
  from: readonly SceneRow['status'][],
  set: { status: SceneRow['status']; appId?: string; openId?: string; accountId?: number },
  now: Date,
  secretHash?: string,
): Promise<SceneRow | null> {
  const [row] = await db
    .update(miniprogramScenes)
    .set({ ...set, updatedAt: now })
    .where(
      and(
        eq(miniprogramScenes.sceneId, sceneId),
        inArray(miniprogramScenes.status, [...from]),
        gt(miniprogramScenes.expiresAt, now),
        ...(secretHash ? [eq(miniprogramScenes.secretHash, secretHash)] : []),
      ),
    )
    .returning();
  return row ?? null;
}

// Referrals ----------------------------------------------------------------------------------------------------------

export async function findReferrerCode(db: Db, accountId: number): Promise<string | null> {
  const [row] = await db.select({ code: miniprogramReferrers.code }).from(miniprogramReferrers).where(eq(miniprogramReferrers.accountId, accountId)).limit(1);
  return row?.code ?? null;
}

/** The account's code, made on first ask; two first asks at once keep one. */
export async function ensureReferrerCode(db: Db, accountId: number, fresh: () => string, now: Date): Promise<string> {
  const seen = await findReferrerCode(db, accountId);
  if (seen) return seen;
  await db.insert(miniprogramReferrers).values({ accountId, code: fresh(), createdAt: now }).onConflictDoNothing();
  const made = await findReferrerCode(db, accountId);
  if (!made) throw new Error(`no referral code for account ${accountId}`);
  return made;
}

export async function findReferrerByCode(db: Db, code: string): Promise<number | null> {
  const [row] = await db.select({ accountId: miniprogramReferrers.accountId }).from(miniprogramReferrers).where(eq(miniprogramReferrers.code, code)).limit(1);
  return row?.accountId ?? null;
}

export async function findReferral(db: Db, accountId: number): Promise<{ referrerAccountId: number } | null> {
  const [row] = await db.select({ referrerAccountId: miniprogramReferrals.referrerAccountId }).from(miniprogramReferrals).where(eq(miniprogramReferrals.accountId, accountId)).limit(1);
  return row ?? null;
}

export async function insertReferral(db: Db, row: { accountId: number; referrerAccountId: number; boundAt: Date }): Promise<boolean> {
  const inserted = await db.insert(miniprogramReferrals).values(row).onConflictDoNothing().returning({ accountId: miniprogramReferrals.accountId });
  return inserted.length > 0;
}

// Landings -----------------------------------------------------------------------------------------------------------

export async function findLanding(db: Db, id: number): Promise<LandingRow | null> {
  const [row] = await db.select().from(miniprogramLandings).where(eq(miniprogramLandings.id, id)).limit(1);
  return row ?? null;
}

/** The landing of this path and referrer, made once (unique by both). */
export async function ensureLanding(db: Db, row: { targetPath: string; title: string; referrerAccountId: number; createdAt: Date }): Promise<LandingRow> {
  await db.insert(miniprogramLandings).values(row).onConflictDoNothing();
  const [found] = await db
    .select()
    .from(miniprogramLandings)
    .where(and(eq(miniprogramLandings.targetPath, row.targetPath), eq(miniprogramLandings.referrerAccountId, row.referrerAccountId)))
    .limit(1);
  if (!found) throw new Error('landing vanished');
  return found;
}
