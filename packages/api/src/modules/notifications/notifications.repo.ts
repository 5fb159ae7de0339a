import { and, asc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, smsOutbox } from '../../db/schema.ts';
import { notificationText, type NotificationKind, type NotificationParams } from '../../providers/sms/sms-provider.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type NotificationRow = typeof smsOutbox.$inferSelect;

/** Attempts before a notification is left as failed for good (a person reads the log then). */
export const NOTIFICATION_MAX_ATTEMPTS = 5;

export interface NotificationEvent {
  /** Unique per event: `decision_released:<account>:<release time>`, `tuition_paid:<order>`. */
  eventKey: string;
  kind: NotificationKind;
  accountId: number;
  /** Everything but the name, which is read here from the account. */
  params?: Omit<NotificationParams, 'name'>;
  now: Date;
}

/**
 * Writes a pending notification in the caller's transaction, so it exists exactly when the event committed.
 * The unique event key makes a second write of the same event a no-op. Returns the new row's id, or null
 * when the event already had its message (or the account has no phone).
 */
export async function enqueueNotification(tx: Tx | Db, e: NotificationEvent): Promise<number | null> {
  const [account] = await tx.select({ phoneCode: accounts.phoneCode, phone: accounts.phone, name: accounts.name }).from(accounts).where(eq(accounts.id, e.accountId));
  if (!account) return null;
  const params: NotificationParams = { name: account.name || '', ...e.params };
  const rows = await tx
    .insert(smsOutbox)
    .values({
      phoneCode: account.phoneCode,
      phone: account.phone,
      content: notificationText(e.kind, params),
      provider: 'pending',
      status: 'pending',
      eventKey: e.eventKey,
      kind: e.kind,
      params,
      createdAt: e.now,
    })
    .onConflictDoNothing({ target: smsOutbox.eventKey })
    .returning({ id: smsOutbox.id });
  return rows[0]?.id ?? null;
}

/**
 * Takes a notification for sending: only one process (or one call) wins it. Pending and failed rows with
 * attempts left can be taken; a row stuck in 'sending' (its process died mid-send) is taken again after
 * `staleBefore`.
 */
export async function claimNotification(db: Db, id: number, now: Date, staleBefore: Date): Promise<NotificationRow | null> {
  const rows = await db
    .update(smsOutbox)
    .set({ status: 'sending', attempts: sql`${smsOutbox.attempts} + 1`, claimedAt: now })
    .where(
      and(
        eq(smsOutbox.id, id),
        isNotNull(smsOutbox.kind),
        lt(smsOutbox.attempts, NOTIFICATION_MAX_ATTEMPTS),
        or(inArray(smsOutbox.status, ['pending', 'failed']), and(eq(smsOutbox.status, 'sending'), lt(smsOutbox.claimedAt, staleBefore))),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

export async function markNotificationSent(db: Db, id: number, r: { provider: string; content: string; providerMessageId: string | null }): Promise<void> {
  await db
    .update(smsOutbox)
    .set({ status: 'sent', provider: r.provider, content: r.content, providerMessageId: r.providerMessageId, error: null })
    .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'sending')));
}

export async function markNotificationFailed(db: Db, id: number, provider: string, error: string): Promise<void> {
  await db
    .update(smsOutbox)
    .set({ status: 'failed', provider, error: error.slice(0, 500) })
    .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'sending')));
}

/**
 * Notifications the after-commit delivery did not finish: pending ones older than `pendingBefore` (the
 * process died between commit and send), failed ones last tried before `retryBefore`, and stuck sends.
 */
export async function listDueNotifications(db: Db, c: { pendingBefore: Date; retryBefore: Date; staleBefore: Date; limit: number }): Promise<number[]> {
  const rows = await db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(
      and(
        isNotNull(smsOutbox.kind),
        lt(smsOutbox.attempts, NOTIFICATION_MAX_ATTEMPTS),
        or(
          and(eq(smsOutbox.status, 'pending'), lt(smsOutbox.createdAt, c.pendingBefore)),
          and(eq(smsOutbox.status, 'failed'), lt(smsOutbox.claimedAt, c.retryBefore)),
          and(eq(smsOutbox.status, 'sending'), lt(smsOutbox.claimedAt, c.staleBefore)),
        ),
      ),
    )
    .orderBy(asc(smsOutbox.createdAt))
    .limit(c.limit);
  return rows.map((r) => r.id);
}
