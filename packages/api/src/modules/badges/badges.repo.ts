/**
 * Badges, awards and honours (decision 104): the only code that touches badges, badge_awards and honours.
 * Every staff write records its audit row in the same transaction; an award is inserted at most once per badge and
 * student (the unique index), so an automatic award that fires twice, or eight times at once, gives one award.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { badgeAwards, badges, honours } from '../../db/schema-badges.ts';
import { enrolments, studentNotices } from '../../db/schema-course-centre.ts';
import { attendance, checkinSessions } from '../../db/schema-teaching.ts';
import { recordAudit } from '../audit/audit-write.ts';

export type BadgeRow = typeof badges.$inferSelect;
export type AwardRow = typeof badgeAwards.$inferSelect;
export type HonourRow = typeof honours.$inferSelect;

export const BADGE_AUDIT_ENTITY = 'badge';
export const BADGE_AWARD_AUDIT_ENTITY = 'badge_award';
export const HONOUR_AUDIT_ENTITY = 'honour';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// ---------- badges ----------

export async function listBadges(db: Db, opts: { publishedOnly: boolean }): Promise<BadgeRow[]> {
  return db
    .select()
    .from(badges)
    .where(opts.publishedOnly ? eq(badges.published, true) : undefined)
    .orderBy(asc(badges.id));
}

export async function badgeCounts(db: Db): Promise<Map<number, { awarded: number; revoked: number }>> {
  const rows = await db
    .select({ badgeId: badgeAwards.badgeId, awarded: count(), revoked: sql<number>`count(${badgeAwards.revokedAt})::int` })
    .from(badgeAwards)
    .groupBy(badgeAwards.badgeId);
  return new Map(rows.map((r) => [r.badgeId, { awarded: Number(r.awarded), revoked: Number(r.revoked) }]));
}

export async function findBadge(db: Db | Tx, id: number): Promise<BadgeRow | undefined> {
  const [row] = await db.select().from(badges).where(eq(badges.id, id)).limit(1);
  return row;
}

export type BadgeValues = Pick<BadgeRow, 'name' | 'description' | 'criteriaText' | 'criterion' | 'emblem' | 'colour' | 'published'>;

function badgeAudit(b: BadgeRow | BadgeValues) {
  return { name: b.name, criterion: b.criterion, published: b.published, emblem: b.emblem, colour: b.colour };
}

/** Creates a badge; a duplicate name is a 23505 the service turns into 已有同名徽章. */
export async function insertBadgeAudited(db: Db, v: BadgeValues, actorId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(badges)
      .values({ ...v, createdBy: actorId, createdAt: now, updatedAt: now })
      .returning({ id: badges.id });
    const id = row!.id;
    await recordAudit(tx, { actorId, action: 'badge.create', entity: BADGE_AUDIT_ENTITY, entityId: id, before: null, after: { id, ...badgeAudit(v) }, now });
    return id;
  });
}

export async function updateBadgeAudited(db: Db, id: number, v: BadgeValues, actorId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(badges).where(eq(badges.id, id)).for('update').limit(1);
    if (!before) return false;
    // Nothing changed (a second click of 保存): no write and no audit row.
    if ((Object.keys(v) as Array<keyof BadgeValues>).every((k) => before[k] === v[k])) return true;
    await tx.update(badges).set({ ...v, updatedAt: now }).where(eq(badges.id, id));
    await recordAudit(tx, { actorId, action: 'badge.update', entity: BADGE_AUDIT_ENTITY, entityId: id, before: { id, ...badgeAudit(before) }, after: { id, ...badgeAudit(v) }, now });
    return true;
  });
}

// ---------- awards ----------

export interface NewAward {
  badgeId: number;
  accountId: number;
  sourceKind: string;
  sourceId: string | null;
  awardedBy: number | null;
  note: string | null;
  now: Date;
}

/**
 * Inserts the award unless the student already has (or had) this badge; returns the new award's id or null.
 * The audit row (actor: the staff member, or null for an automatic award) commits with it.
 */
export async function insertAwardIfNew(db: Db, a: NewAward): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(badgeAwards)
      .values({ publicId: randomUUID(), badgeId: a.badgeId, accountId: a.accountId, sourceKind: a.sourceKind, sourceId: a.sourceId, awardedBy: a.awardedBy, note: a.note, awardedAt: a.now })
      .onConflictDoNothing({ target: [badgeAwards.badgeId, badgeAwards.accountId] })
      .returning({ id: badgeAwards.id });
    if (!row) return null;
    const [badge] = await tx.select({ name: badges.name }).from(badges).where(eq(badges.id, a.badgeId)).limit(1);
    // The student hears of it under 消息 (plain text), with the award.
    await tx.insert(studentNotices).values({
      studentId: a.accountId,
      title: `你获得了徽章「${badge?.name ?? ''}」`,
      body: `恭喜！你获得了徽章「${badge?.name ?? ''}」${a.note ? `：${a.note}` : '。'}在“我的徽章”（/badges）可以查看、分享验证链接或下载凭证。`,
      createdAt: a.now,
    });
    await recordAudit(tx, {
      actorId: a.awardedBy,
      action: a.awardedBy === null ? 'badge_award.auto' : 'badge_award.grant',
      entity: BADGE_AWARD_AUDIT_ENTITY,
      entityId: row.id,
      before: null,
      after: { id: row.id, badge_id: a.badgeId, account_id: a.accountId, source_kind: a.sourceKind, source_id: a.sourceId },
      now: a.now,
    });
    return row.id;
  });
}

export async function awardOf(db: Db, badgeId: number, accountId: number): Promise<AwardRow | undefined> {
  const [row] = await db
    .select()
    .from(badgeAwards)
    .where(and(eq(badgeAwards.badgeId, badgeId), eq(badgeAwards.accountId, accountId)))
    .limit(1);
  return row;
}

export async function publishedBadgeIdsWithCriterion(db: Db, criterion: string): Promise<number[]> {
  const rows = await db
    .select({ id: badges.id })
    .from(badges)
    .where(and(eq(badges.criterion, criterion), eq(badges.published, true)))
    .orderBy(asc(badges.id));
  return rows.map((r) => r.id);
}

export type RevokeOutcome = { kind: 'missing' } | { kind: 'already' } | { kind: 'ok' };

/** Stamps the award revoked (once: the row is locked and re-read), with its audit row. */
export async function revokeAwardAudited(db: Db, w: { id: number; reason: string; actorId: number | null; now: Date }): Promise<RevokeOutcome> {
  return db.transaction(async (tx) => {
    const [award] = await tx.select().from(badgeAwards).where(eq(badgeAwards.id, w.id)).for('update').limit(1);
    if (!award) return { kind: 'missing' } as const;
    if (award.revokedAt) return { kind: 'already' } as const;
    await tx.update(badgeAwards).set({ revokedAt: w.now, revokedBy: w.actorId, revokeReason: w.reason }).where(eq(badgeAwards.id, w.id));
    const [badge] = await tx.select({ name: badges.name }).from(badges).where(eq(badges.id, award.badgeId)).limit(1);
    await tx.insert(studentNotices).values({ studentId: award.accountId, title: `徽章「${badge?.name ?? ''}」已撤销`, body: `你的徽章「${badge?.name ?? ''}」已被撤销。原因：${w.reason}`, createdAt: w.now });
    await recordAudit(tx, {
      actorId: w.actorId,
      action: 'badge_award.revoke',
      entity: BADGE_AWARD_AUDIT_ENTITY,
      entityId: w.id,
      before: { id: w.id, badge_id: award.badgeId, account_id: award.accountId, revoked: false },
      after: { id: w.id, badge_id: award.badgeId, account_id: award.accountId, revoked: true, reason: w.reason },
      now: w.now,
    });
    return { kind: 'ok' } as const;
  });
}

/** The standing awards an account earned from one source for badges of one criterion. */
export async function standingAwardsFromSource(db: Db, accountId: number, criterion: string, source: { kind: string; id: string }): Promise<number[]> {
  const rows = await db
    .select({ id: badgeAwards.id })
    .from(badgeAwards)
    .innerJoin(badges, eq(badges.id, badgeAwards.badgeId))
    .where(and(eq(badgeAwards.accountId, accountId), eq(badges.criterion, criterion), eq(badgeAwards.sourceKind, source.kind), eq(badgeAwards.sourceId, source.id), isNull(badgeAwards.revokedAt)));
  return rows.map((r) => r.id);
}

export interface AwardWithBadge {
  award: AwardRow;
  badge: BadgeRow;
  holderName: string;
}

export async function findAwardWithBadge(db: Db, where: { id: number } | { publicId: string }): Promise<AwardWithBadge | undefined> {
  const [row] = await db
    .select({ award: badgeAwards, badge: badges, holderName: accounts.name })
    .from(badgeAwards)
    .innerJoin(badges, eq(badges.id, badgeAwards.badgeId))
    .innerJoin(accounts, eq(accounts.id, badgeAwards.accountId))
    .where('id' in where ? eq(badgeAwards.id, where.id) : eq(badgeAwards.publicId, where.publicId))
    .limit(1);
  return row;
}

export async function awardsOfAccount(db: Db, accountId: number): Promise<Array<{ award: AwardRow; badge: BadgeRow }>> {
  return db
    .select({ award: badgeAwards, badge: badges })
    .from(badgeAwards)
    .innerJoin(badges, eq(badges.id, badgeAwards.badgeId))
    .where(eq(badgeAwards.accountId, accountId))
    .orderBy(desc(badgeAwards.awardedAt), desc(badgeAwards.id));
}

const giver = alias(accounts, 'giver');

export async function listAwards(db: Db, f: { badgeId?: number | undefined; awardId?: number; limit: number }) {
  return db
    .select({ award: badgeAwards, badgeName: badges.name, studentName: accounts.name, giverName: giver.name })
    .from(badgeAwards)
    .innerJoin(badges, eq(badges.id, badgeAwards.badgeId))
    .innerJoin(accounts, eq(accounts.id, badgeAwards.accountId))
    .leftJoin(giver, eq(giver.id, badgeAwards.awardedBy))
    .where(and(f.badgeId !== undefined ? eq(badgeAwards.badgeId, f.badgeId) : undefined, f.awardId !== undefined ? eq(badgeAwards.id, f.awardId) : undefined))
    .orderBy(desc(badgeAwards.id))
    .limit(f.limit);
}

/** Stores the signed credential once: a second signer racing this one keeps the first credential. */
export async function storeCredential(db: Db, id: number, jwt: string): Promise<string> {
  await db
    .update(badgeAwards)
    .set({ credentialJwt: jwt })
    .where(and(eq(badgeAwards.id, id), isNull(badgeAwards.credentialJwt)));
  const [row] = await db.select({ jwt: badgeAwards.credentialJwt }).from(badgeAwards).where(eq(badgeAwards.id, id)).limit(1);
  return row?.jwt ?? jwt;
}

/** The public ids of revoked credentials (the 1EdTech revocation list). */
export async function revokedPublicIds(db: Db): Promise<string[]> {
  const rows = await db.select({ publicId: badgeAwards.publicId }).from(badgeAwards).where(isNotNull(badgeAwards.revokedAt)).orderBy(asc(badgeAwards.id));
  return rows.map((r) => r.publicId);
}

export async function studentExists(db: Db, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.role, 'student')))
    .limit(1);
  return row;
}

/** The console's student picker: by name or the phone's last digits. */
export async function lookupStudents(db: Db, q: string): Promise<Array<{ id: number; name: string; phone: string }>> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const conds: SQL[] = [ilike(accounts.name, like), ilike(accounts.phone, like)];
  return db
    .select({ id: accounts.id, name: accounts.name, phone: accounts.phone })
    .from(accounts)
    .where(and(eq(accounts.role, 'student'), sql`(${sql.join(conds, sql` or `)})`))
    .orderBy(asc(accounts.name), asc(accounts.id))
    .limit(20);
}

// ---------- honours ----------

export async function listHonours(db: Db, opts: { publishedOnly: boolean }) {
  return db
    .select({ h: honours, accountName: accounts.name })
    .from(honours)
    .leftJoin(accounts, eq(accounts.id, honours.accountId))
    .where(opts.publishedOnly ? isNotNull(honours.publishedAt) : undefined)
    .orderBy(opts.publishedOnly ? desc(honours.publishedAt) : desc(honours.id), desc(honours.id));
}

export type HonourValues = { title: string; citation: string; honoureeName: string; accountId: number | null; published: boolean };

function honourAudit(h: { title: string; honoureeName: string; accountId: number | null }, published: boolean) {
  return { title: h.title, honouree: h.honoureeName, account_id: h.accountId, published };
}

export async function insertHonourAudited(db: Db, v: HonourValues, actorId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(honours)
      .values({ title: v.title, citation: v.citation, honoureeName: v.honoureeName, accountId: v.accountId, publishedAt: v.published ? now : null, createdBy: actorId, createdAt: now })
      .returning({ id: honours.id });
    const id = row!.id;
    await recordAudit(tx, { actorId, action: 'honour.create', entity: HONOUR_AUDIT_ENTITY, entityId: id, before: null, after: { id, ...honourAudit(v, v.published) }, now });
    return id;
  });
}

/** Edits an honour; publishing keeps the first publication time, unpublishing clears it. */
export async function updateHonourAudited(db: Db, id: number, v: HonourValues, actorId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(honours).where(eq(honours.id, id)).for('update').limit(1);
    if (!before) return false;
    const publishedAt = v.published ? (before.publishedAt ?? now) : null;
    const same = before.title === v.title && before.citation === v.citation && before.honoureeName === v.honoureeName && before.accountId === v.accountId && (before.publishedAt === null) === !v.published;
    if (same) return true;
    await tx.update(honours).set({ title: v.title, citation: v.citation, honoureeName: v.honoureeName, accountId: v.accountId, publishedAt }).where(eq(honours.id, id));
    await recordAudit(tx, {
      actorId,
      action: 'honour.update',
      entity: HONOUR_AUDIT_ENTITY,
      entityId: id,
      before: { id, ...honourAudit(before, before.publishedAt !== null) },
      after: { id, ...honourAudit(v, v.published) },
      now,
    });
    return true;
  });
}

export async function deleteHonourAudited(db: Db, id: number, actorId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(honours).where(eq(honours.id, id)).for('update').limit(1);
    if (!before) return false;
    await tx.delete(honours).where(eq(honours.id, id));
    await recordAudit(tx, { actorId, action: 'honour.delete', entity: HONOUR_AUDIT_ENTITY, entityId: id, before: { id, ...honourAudit(before, before.publishedAt !== null) }, after: null, now });
    return true;
  });
}

export async function findHonour(db: Db, id: number) {
  const [row] = await db
    .select({ h: honours, accountName: accounts.name })
    .from(honours)
    .leftJoin(accounts, eq(accounts.id, honours.accountId))
    .where(eq(honours.id, id))
    .limit(1);
  return row;
}


// ---------- attendance weeks (read from the teaching module's sign-ins) ----------

/**
 * The students who attended every sign-in of their courses that opened in [start, end): at least one, each
 * present or late (excused and absent are not attendance). A course's sign-ins count for the students enrolled in it.
 */
export async function studentsWithFullWeek(db: Db, start: Date, end: Date): Promise<number[]> {
  const rows = await db
    .select({ studentId: enrolments.studentId })
    .from(checkinSessions)
    .innerJoin(enrolments, eq(enrolments.courseId, checkinSessions.courseId))
    .leftJoin(attendance, and(eq(attendance.sessionId, checkinSessions.id), eq(attendance.studentId, enrolments.studentId), inArray(attendance.status, ['present', 'late'])))
    .where(and(gte(checkinSessions.opensAt, start), lt(checkinSessions.opensAt, end)))
    .groupBy(enrolments.studentId)
    .having(sql`count(*) = count(${attendance.studentId})`)
    .orderBy(asc(enrolments.studentId));
  return rows.map((r) => r.studentId);
}
