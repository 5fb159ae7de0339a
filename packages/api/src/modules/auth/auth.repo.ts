import { and, count, desc, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { accounts, auditLog, authTokens, captchaChallenges, loginAttempts, smsCodes, smsOutbox, studentProfiles } from '../../db/schema.ts';
import type { Role } from '../../http/context.ts';

export type AccountRow = typeof accounts.$inferSelect;

export async function findAccountByPhone(db: Db, phoneCode: string, phone: string): Promise<AccountRow | undefined> {
  const rows = await db.select().from(accounts).where(and(eq(accounts.phoneCode, phoneCode), eq(accounts.phone, phone))).limit(1);
  return rows[0];
}

export async function findAccountById(db: Db, id: number): Promise<AccountRow | undefined> {
  const rows = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return rows[0];
}

/** Creates a student and their profile in one transaction; returns null when the phone is taken (no throw on races). */
export async function insertStudent(db: Db, input: { phoneCode: string; phone: string; passwordHash: string; now: Date }): Promise<AccountRow | null> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(accounts)
      .values({ role: 'student', phoneCode: input.phoneCode, phone: input.phone, passwordHash: input.passwordHash, createdAt: input.now, updatedAt: input.now })
      .onConflictDoNothing({ target: [accounts.phoneCode, accounts.phone] })
      .returning();
    const account = inserted[0];
    if (!account) return null;
    await tx.insert(studentProfiles).values({ accountId: account.id, activatedAt: input.now, updatedAt: input.now });
    return account;
  });
}

export async function updatePasswordHash(db: Db, accountId: number, passwordHash: string, now: Date): Promise<void> {
  await db.update(accounts).set({ passwordHash, updatedAt: now }).where(eq(accounts.id, accountId));
}

export async function insertToken(
  db: Db,
  row: { tokenHash: string; accountId: number; role: Role; plat: string | null; expiresAt: Date } & Partial<{ ip: string | null; userAgent: string | null; createdAt: Date; lastSeenAt: Date; idleExpiresAt: Date }>,
): Promise<void> {
  await db.insert(authTokens).values(row);
}

const liveTokenQuery = preparedQuery((db) =>
  db
    .select({
      tokenId: authTokens.id,
      accountId: authTokens.accountId,
      role: authTokens.role,
      isAdmin: accounts.isAdmin,
      teacherType: accounts.teacherType,
      expiresAt: authTokens.expiresAt,
      lastSeenAt: authTokens.lastSeenAt,
      idleExpiresAt: authTokens.idleExpiresAt,
    })
    .from(authTokens)
    .innerJoin(accounts, eq(accounts.id, authTokens.accountId))
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql.placeholder('now')),
        or(isNull(authTokens.idleExpiresAt), gt(authTokens.idleExpiresAt, sql.placeholder('now'))),
        isNull(accounts.disabledAt),
      ),
    )
    .limit(1)
    .prepare('find_live_token'),
);

export async function findLiveToken(db: Db, tokenHash: string, now: Date) {
  const rows = await liveTokenQuery(db).execute({ tokenHash, now: now.toISOString() });
  return rows[0];
}

/** Moves last activity and the idle expiry, unless another request (or process) did so since `staleBefore`. */
export async function touchToken(db: Db, tokenId: number, now: Date, idleExpiresAt: Date, staleBefore: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ lastSeenAt: now, idleExpiresAt })
    .where(and(eq(authTokens.id, tokenId), lt(authTokens.lastSeenAt, staleBefore)));
}

export async function revokeToken(db: Db, tokenId: number, now: Date): Promise<void> {
  await db.update(authTokens).set({ revokedAt: now }).where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
}

/** A password reset ends every session of the account. */
export async function revokeAllTokens(db: Db, accountId: number, now: Date): Promise<void> {
  await db.update(authTokens).set({ revokedAt: now }).where(and(eq(authTokens.accountId, accountId), isNull(authTokens.revokedAt)));
}

export async function insertCaptcha(
  db: Db,
  row: { phoneCode: string; phone: string; answer: number; ip: string; createdAt: Date; expiresAt: Date; lockedUntil: Date | null },
) {
  await db.insert(captchaChallenges).values(row);
}

export async function latestCaptcha(db: Db, phoneCode: string, phone: string) {
  const rows = await db
    .select()
    .from(captchaChallenges)
    .where(and(eq(captchaChallenges.phoneCode, phoneCode), eq(captchaChallenges.phone, phone)))
    .orderBy(desc(captchaChallenges.createdAt), desc(captchaChallenges.id))
    .limit(1);
  return rows[0];
}

/** Marks a challenge answered only if nobody answered it first: one answer per question, even under races. */
export async function consumeCaptcha(db: Db, id: number, now: Date, lockedUntil: Date | null): Promise<boolean> {
  const rows = await db
    .update(captchaChallenges)
    .set({ answeredAt: now, lockedUntil })
    .where(and(eq(captchaChallenges.id, id), isNull(captchaChallenges.answeredAt)))
    .returning({ id: captchaChallenges.id });
  return rows.length === 1;
}

export async function lastSmsSentAt(db: Db, phoneCode: string, phone: string): Promise<Date | undefined> {
  const rows = await db
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.phoneCode, phoneCode), eq(smsCodes.phone, phone)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return rows[0]?.createdAt;
}

export async function countSmsSince(db: Db, by: { phoneCode: string; phone: string } | { ip: string }, since: Date): Promise<number> {
  const where =
    'ip' in by
      ? and(eq(smsCodes.ip, by.ip), gte(smsCodes.createdAt, since))
      : and(eq(smsCodes.phoneCode, by.phoneCode), eq(smsCodes.phone, by.phone), gte(smsCodes.createdAt, since));
  const rows = await db.select({ n: count() }).from(smsCodes).where(where);
  return rows[0]?.n ?? 0;
}

export async function insertSmsCode(db: Db, row: { phoneCode: string; phone: string; codeHash: string; ip: string; createdAt: Date; expiresAt: Date }) {
  await db.insert(smsCodes).values(row);
}

export async function latestLiveSmsCode(db: Db, phoneCode: string, phone: string, now: Date) {
  const rows = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phoneCode, phoneCode), eq(smsCodes.phone, phone), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  return rows[0];
}

/** Single use: only the first of two concurrent uses of one code wins. */
export async function markSmsCodeUsed(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  return rows.length === 1;
}

/** Counts a wrong guess; the code burns after maxAttempts so 4 digits cannot be walked. */
export async function recordSmsCodeFailure(db: Db, id: number, now: Date, maxAttempts: number): Promise<void> {
  await db
    .update(smsCodes)
    .set({
      failedAttempts: sql`${smsCodes.failedAttempts} + 1`,
      usedAt: sql`case when ${smsCodes.failedAttempts} + 1 >= ${maxAttempts} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)));
}

export async function insertOutbox(db: Db, row: typeof smsOutbox.$inferInsert) {
  await db.insert(smsOutbox).values(row);
}

export async function listOutbox(db: Db, phone: string | null, limit: number) {
  return db
    .select({ phone: smsOutbox.phone, content: smsOutbox.content, code: smsOutbox.code, created_at: smsOutbox.createdAt })
    .from(smsOutbox)
    .where(phone ? eq(smsOutbox.phone, phone) : undefined)
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(limit);
}

export async function recordLoginAttempt(db: Db, row: { phone: string; ip: string; success: boolean; createdAt: Date }) {
  await db.insert(loginAttempts).values(row);
}

export async function countFailedLogins(db: Db, by: { phone: string } | { ip: string }, since: Date): Promise<number> {
  const where =
    'ip' in by
      ? and(eq(loginAttempts.ip, by.ip), eq(loginAttempts.success, false), gte(loginAttempts.createdAt, since))
      : and(eq(loginAttempts.phone, by.phone), eq(loginAttempts.success, false), gte(loginAttempts.createdAt, since));
  const rows = await db.select({ n: count() }).from(loginAttempts).where(where);
  return rows[0]?.n ?? 0;
}

/** Makes an existing teacher an administrator and records before/after in the audit log, together. */
export async function promoteTeacherToAdmin(
  db: Db,
  input: { accountId: number; name?: string | undefined; passwordHash?: string | undefined; before: unknown; after: unknown; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ isAdmin: true, updatedAt: input.now, ...(input.name !== undefined ? { name: input.name } : {}), ...(input.passwordHash !== undefined ? { passwordHash: input.passwordHash } : {}) })
      .where(eq(accounts.id, input.accountId));
    await tx.insert(auditLog).values({ actorId: null, action: 'admin.promote', entity: 'account', entityId: String(input.accountId), before: input.before, after: input.after, createdAt: input.now });
  });
}

/** Creates an administrator (teacher type 9) with its audit row; null when the phone was taken meanwhile. */
export async function insertAdminTeacher(db: Db, input: { phone: string; name: string; passwordHash: string; now: Date }): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(accounts)
      .values({ role: 'teacher', phoneCode: '86', phone: input.phone, name: input.name, passwordHash: input.passwordHash, isAdmin: true, teacherType: 9, createdAt: input.now, updatedAt: input.now })
      .onConflictDoNothing({ target: [accounts.phoneCode, accounts.phone] })
      .returning({ id: accounts.id });
    if (!created) return null;
    await tx.insert(auditLog).values({
      actorId: null,
      action: 'admin.create',
      entity: 'account',
      entityId: String(created.id),
      before: null,
      after: { role: 'teacher', is_admin: true, teacher_type: 9, name: input.name },
      createdAt: input.now,
    });
    return created.id;
  });
}
