import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog } from '../../db/schema.ts';
import { wecomOauthStates, wecomStaffLinks, wecomStudentBindings } from '../../db/schema-wecom.ts';

export type WecomStateRow = typeof wecomOauthStates.$inferSelect;
export type WecomStaffLinkRow = typeof wecomStaffLinks.$inferSelect;
export type WecomStudentBindingRow = typeof wecomStudentBindings.$inferSelect;

/** The audit log's entity for staff WeCom links and sign-ins: the account, as the staff console's rows are. */
export const WECOM_AUDIT_ENTITY = 'account';

export async function insertState(
  db: Db,
  row: { nonceHash: string; purpose: WecomStateRow['purpose']; returnPath: string; corpId: string; openId?: string | null; externalUserId?: string | null; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(wecomOauthStates).values(row);
  // Old states are worth nothing: each insert clears those that expired a day ago.
  await db.delete(wecomOauthStates).where(lt(wecomOauthStates.expiresAt, new Date(row.createdAt.getTime() - 24 * 3600_000)));
}

/** Marks a live, unused state used and returns it; null for unknown, expired or already used (one statement: no race). */
export async function consumeState(db: Db, nonceHash: string, now: Date): Promise<WecomStateRow | null> {
  const [row] = await db
    .update(wecomOauthStates)
    .set({ usedAt: now })
    .where(and(eq(wecomOauthStates.nonceHash, nonceHash), isNull(wecomOauthStates.usedAt), gt(wecomOauthStates.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** Whether a state was ever issued (it may have run out or been used). */
export async function stateExists(db: Db, nonceHash: string): Promise<boolean> {
  const [row] = await db.select({ h: wecomOauthStates.nonceHash }).from(wecomOauthStates).where(eq(wecomOauthStates.nonceHash, nonceHash)).limit(1);
  return Boolean(row);
}

// Staff links -------------------------------------------------------------------------------------------------

export async function findLinkByUser(db: Db, corpId: string, wecomUserId: string): Promise<WecomStaffLinkRow | null> {
  const [row] = await db.select().from(wecomStaffLinks).where(and(eq(wecomStaffLinks.corpId, corpId), eq(wecomStaffLinks.wecomUserId, wecomUserId))).limit(1);
  return row ?? null;
}

export async function listLinks(db: Db, corpId: string): Promise<WecomStaffLinkRow[]> {
  return db.select().from(wecomStaffLinks).where(eq(wecomStaffLinks.corpId, corpId)).orderBy(wecomStaffLinks.accountId);
}

export async function touchSignin(db: Db, linkId: number, accountId: number, wecomUserId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(wecomStaffLinks).set({ lastSigninAt: now }).where(eq(wecomStaffLinks.id, linkId));
    await tx.insert(auditLog).values({ actorId: accountId, action: 'wecom.signin', entity: WECOM_AUDIT_ENTITY, entityId: String(accountId), before: null, after: { wecom_user_id: wecomUserId }, createdAt: now });
  });
}

export type LinkOutcome = { kind: 'linked'; row: WecomStaffLinkRow } | { kind: 'unchanged'; row: WecomStaffLinkRow } | { kind: 'taken' } | { kind: 'gone' };

/**
 * Links (or re-links) a staff account to a member user id under the account's row lock, with its audit row. The
 * unique index on (corp, user id) decides a race between two accounts claiming one member.
 */
export async function saveLink(
  db: Db,
  input: { accountId: number; corpId: string; wecomUserId: string; wecomName: string | null; actorId: number; now: Date },
): Promise<LinkOutcome> {
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, input.accountId)).for('update');
    if (!owner) return { kind: 'gone' } as const;
    const [before] = await tx.select().from(wecomStaffLinks).where(eq(wecomStaffLinks.accountId, input.accountId)).limit(1);
    if (before && before.corpId === input.corpId && before.wecomUserId === input.wecomUserId) return { kind: 'unchanged', row: before } as const;
    const [holder] = await tx
      .select({ accountId: wecomStaffLinks.accountId })
      .from(wecomStaffLinks)
      .where(and(eq(wecomStaffLinks.corpId, input.corpId), eq(wecomStaffLinks.wecomUserId, input.wecomUserId)))
      .limit(1);
    if (holder) return { kind: 'taken' } as const;
    if (before) await tx.delete(wecomStaffLinks).where(eq(wecomStaffLinks.id, before.id));
    const [row] = await tx
      .insert(wecomStaffLinks)
      .values({ accountId: input.accountId, corpId: input.corpId, wecomUserId: input.wecomUserId, wecomName: input.wecomName, linkedBy: input.actorId, linkedAt: input.now })
      .onConflictDoNothing()
      .returning();
    if (!row) return { kind: 'taken' } as const;
    await tx.insert(auditLog).values({
      actorId: input.actorId,
      action: 'wecom.link',
      entity: WECOM_AUDIT_ENTITY,
      entityId: String(input.accountId),
      before: before ? { wecom_user_id: before.wecomUserId } : null,
      after: { wecom_user_id: row.wecomUserId, wecom_name: row.wecomName },
      createdAt: input.now,
    });
    return { kind: 'linked', row } as const;
  });
}

/** Removes the account's link with its audit row; false when there was none. */
export async function deleteLink(db: Db, input: { accountId: number; actorId: number; now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(wecomStaffLinks).where(eq(wecomStaffLinks.accountId, input.accountId)).returning();
    if (!gone) return false;
    await tx.insert(auditLog).values({
      actorId: input.actorId,
      action: 'wecom.unlink',
      entity: WECOM_AUDIT_ENTITY,
      entityId: String(input.accountId),
      before: { wecom_user_id: gone.wecomUserId },
      after: null,
      createdAt: input.now,
    });
    return true;
  });
}

// Student bindings --------------------------------------------------------------------------------------------

export async function findBindingByOpenId(db: Db, corpId: string, openId: string): Promise<WecomStudentBindingRow | null> {
  const [row] = await db.select().from(wecomStudentBindings).where(and(eq(wecomStudentBindings.corpId, corpId), eq(wecomStudentBindings.openId, openId))).limit(1);
  return row ?? null;
}

export async function findBindingOfAccount(db: Db, accountId: number, corpId: string): Promise<WecomStudentBindingRow | null> {
  const [row] = await db.select().from(wecomStudentBindings).where(and(eq(wecomStudentBindings.accountId, accountId), eq(wecomStudentBindings.corpId, corpId))).limit(1);
  return row ?? null;
}

/** Binds, or refreshes the external id of the same binding; null when the open id or the account is taken by another binding. */
export async function upsertBinding(db: Db, row: { accountId: number; corpId: string; openId: string; externalUserId: string | null; boundAt: Date }): Promise<WecomStudentBindingRow | null> {
  const [inserted] = await db.insert(wecomStudentBindings).values(row).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [updated] = await db
    .update(wecomStudentBindings)
    .set({ ...(row.externalUserId ? { externalUserId: row.externalUserId } : {}) })
    .where(and(eq(wecomStudentBindings.accountId, row.accountId), eq(wecomStudentBindings.corpId, row.corpId), eq(wecomStudentBindings.openId, row.openId)))
    .returning();
  return updated ?? null;
}
