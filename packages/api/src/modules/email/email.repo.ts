import { and, desc, eq, gte, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { emailVerifications, mailOutbox } from '../../db/schema-email.ts';

export type EmailVerificationRow = typeof emailVerifications.$inferSelect;

export async function findAccountEmail(db: Db, accountId: number): Promise<{ email: string | null; name: string } | undefined> {
  const [row] = await db.select({ email: accounts.email, name: accounts.name }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row;
}

/** The latest link of the account that was used: the address it proves. */
export async function latestUsedVerification(db: Db, accountId: number): Promise<EmailVerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(emailVerifications)
    .where(and(eq(emailVerifications.accountId, accountId), isNotNull(emailVerifications.usedAt)))
    .orderBy(desc(emailVerifications.usedAt))
    .limit(1);
  return row;
}

export async function latestSentVerification(db: Db, accountId: number, email: string): Promise<EmailVerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(emailVerifications)
    .where(and(eq(emailVerifications.accountId, accountId), eq(emailVerifications.email, email)))
    .orderBy(desc(emailVerifications.createdAt), desc(emailVerifications.id))
    .limit(1);
  return row;
}

export interface NewLink {
  accountId: number;
  email: string;
  tokenHash: string;
  now: Date;
  expiresAt: Date;
}

export type IssueOutcome = { kind: 'issued'; id: number } | { kind: 'too-soon' } | { kind: 'daily-limit' };

/**
 * Issues a link unless the account is over its limits. The account row is locked for the check and the
 * insert, so two sends racing each other cannot both pass the interval; older unused links stop working.
 */
export async function issueVerificationLink(db: Db, link: NewLink, limits: { intervalMs: number; dailyMax: number }): Promise<IssueOutcome> {
  return db.transaction(async (tx) => {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, link.accountId)).for('update');
    const since = new Date(link.now.getTime() - 24 * 3600_000);
    const recent = await tx
      .select({ createdAt: emailVerifications.createdAt })
      .from(emailVerifications)
      .where(and(eq(emailVerifications.accountId, link.accountId), gte(emailVerifications.createdAt, since)))
      .orderBy(desc(emailVerifications.createdAt))
      .limit(limits.dailyMax);
    const last = recent[0];
    if (last && link.now.getTime() - last.createdAt.getTime() < limits.intervalMs) return { kind: 'too-soon' };
    if (recent.length >= limits.dailyMax) return { kind: 'daily-limit' };
    await tx
      .update(emailVerifications)
      .set({ supersededAt: link.now })
      .where(and(eq(emailVerifications.accountId, link.accountId), isNull(emailVerifications.usedAt), isNull(emailVerifications.supersededAt)));
    const [row] = await tx
      .insert(emailVerifications)
      .values({ accountId: link.accountId, email: link.email, tokenHash: link.tokenHash, createdAt: link.now, expiresAt: link.expiresAt })
      .returning({ id: emailVerifications.id });
    return { kind: 'issued', id: row!.id };
  });
}

/** A link whose e-mail never left: it must not stay usable, nor block a retry beyond the interval. */
export async function withdrawLink(db: Db, id: number, now: Date): Promise<void> {
  await db.update(emailVerifications).set({ supersededAt: now }).where(eq(emailVerifications.id, id));
}

export async function findVerificationByHash(db: Db, tokenHash: string): Promise<EmailVerificationRow | undefined> {
  const [row] = await db.select().from(emailVerifications).where(eq(emailVerifications.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Marks the link used; false when another request used it first (single use under concurrency). */
export async function markLinkUsed(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailVerifications)
    .set({ usedAt: now })
    .where(and(eq(emailVerifications.id, id), isNull(emailVerifications.usedAt)))
    .returning({ id: emailVerifications.id });
  return rows.length === 1;
}

export async function insertMailOutbox(db: Db, row: typeof mailOutbox.$inferInsert): Promise<void> {
  await db.insert(mailOutbox).values(row);
}

export async function listMailOutbox(db: Db, to: string | null, limit: number) {
  return db
    .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.text, created_at: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(to ? and(eq(mailOutbox.toAddress, to.toLowerCase()), ne(mailOutbox.status, 'failed')) : ne(mailOutbox.status, 'failed'))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}
