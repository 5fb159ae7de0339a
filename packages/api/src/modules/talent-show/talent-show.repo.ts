/**
 * The talent show (decision 103): the only code touching its tables. Each write is one transaction; staff writes
 * add their audit row in it. A like and its counter move together, so the counter equals the like rows however
 * many arrive at once; an entry, a sheet and a show's settings are upserts on their natural keys, so a repeated
 * request leaves the state of one.
 */
import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { studentNotices } from '../../db/schema-course-centre.ts';
import { talentCriteria, talentEntries, talentJudges, talentLikes, talentMedia, talentSheetScores, talentSheets, talentShows } from '../../db/schema-talent-show.ts';
import { recordAudit } from '../audit/audit-write.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const TALENT_AUDIT_ENTITY = 'talent_show';

export type ShowRow = typeof talentShows.$inferSelect;
export type EntryRow = typeof talentEntries.$inferSelect;
export type CriterionRow = typeof talentCriteria.$inferSelect;
export type MediaRow = typeof talentMedia.$inferSelect;

export async function showOf(db: Db, activityId: number): Promise<ShowRow | undefined> {
  const [row] = await db.select().from(talentShows).where(eq(talentShows.activityId, activityId)).limit(1);
  return row;
}

export async function criteriaOf(db: Db, activityId: number): Promise<CriterionRow[]> {
  return db.select().from(talentCriteria).where(eq(talentCriteria.activityId, activityId)).orderBy(asc(talentCriteria.position), asc(talentCriteria.id));
}

export async function judgesOf(db: Db, activityId: number): Promise<Array<{ id: number; name: string }>> {
  return db
    .select({ id: accounts.id, name: accounts.name })
    .from(talentJudges)
    .innerJoin(accounts, eq(accounts.id, talentJudges.teacherId))
    .where(eq(talentJudges.activityId, activityId))
    .orderBy(asc(accounts.name), asc(accounts.id));
}

export async function isJudge(db: Db, activityId: number, teacherId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: talentJudges.teacherId })
    .from(talentJudges)
    .where(and(eq(talentJudges.activityId, activityId), eq(talentJudges.teacherId, teacherId)))
    .limit(1);
  return row !== undefined;
}

/** Active teacher accounts: whom an admin may name as judges. */
export async function teacherAccounts(db: Db): Promise<Array<{ id: number; name: string }>> {
  return db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.role, 'teacher'), isNull(accounts.disabledAt)))
    .orderBy(asc(accounts.name), asc(accounts.id));
}

export async function teachersExist(db: Db, ids: number[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const [row] = await db
    .select({ n: count() })
    .from(accounts)
    .where(and(inArray(accounts.id, ids), eq(accounts.role, 'teacher'), isNull(accounts.disabledAt)));
  return (row?.n ?? 0) === new Set(ids).size;
}

export async function sheetCountOfShow(db: Db, activityId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(talentSheets)
    .innerJoin(talentEntries, eq(talentEntries.id, talentSheets.entryId))
    .where(eq(talentEntries.activityId, activityId));
  return row?.n ?? 0;
}

export async function approvedCountOf(db: Db, activityId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(talentEntries)
    .where(and(eq(talentEntries.activityId, activityId), eq(talentEntries.status, 'approved')));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------------------
// Entries

export interface EntryView {
  entry: EntryRow;
  studentName: string;
  media: MediaRow[];
  likedByMe: boolean;
}

async function withMediaAndLikes(db: Db, rows: Array<{ entry: EntryRow; studentName: string | null }>, viewerId: number | null): Promise<EntryView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.entry.id);
  const [media, liked] = await Promise.all([
    db.select().from(talentMedia).where(inArray(talentMedia.entryId, ids)).orderBy(asc(talentMedia.entryId), asc(talentMedia.position)),
    viewerId === null
      ? Promise.resolve([] as Array<{ entryId: number }>)
      : db
          .select({ entryId: talentLikes.entryId })
          .from(talentLikes)
          .where(and(inArray(talentLikes.entryId, ids), eq(talentLikes.studentId, viewerId))),
  ]);
  const likedSet = new Set(liked.map((l) => l.entryId));
  const mediaOf = new Map<number, MediaRow[]>();
  for (const m of media) mediaOf.set(m.entryId, [...(mediaOf.get(m.entryId) ?? []), m]);
  return rows.map((r) => ({ entry: r.entry, studentName: r.studentName ?? '', media: mediaOf.get(r.entry.id) ?? [], likedByMe: likedSet.has(r.entry.id) }));
}

function entrySelect(db: Db) {
  return db.select({ entry: talentEntries, studentName: accounts.name }).from(talentEntries).leftJoin(accounts, eq(accounts.id, talentEntries.studentId));
}

/** The public gallery: approved entries only (every entry carries its consent: the column is required). */
export async function galleryOf(db: Db, activityId: number, viewerId: number | null): Promise<EntryView[]> {
  const rows = await entrySelect(db)
    .where(and(eq(talentEntries.activityId, activityId), eq(talentEntries.status, 'approved')))
    .orderBy(desc(talentEntries.likesCount), asc(talentEntries.id));
  return withMediaAndLikes(db, rows, viewerId);
}

/** Every entry of the show (staff), or the approved ones only (judges). */
export async function entriesOfShow(db: Db, activityId: number, opts: { approvedOnly: boolean }): Promise<EntryView[]> {
  const rows = await entrySelect(db)
    .where(and(eq(talentEntries.activityId, activityId), opts.approvedOnly ? eq(talentEntries.status, 'approved') : undefined))
    .orderBy(sql`case ${talentEntries.status} when 'pending' then 0 when 'approved' then 1 else 2 end`, asc(talentEntries.id));
  return withMediaAndLikes(db, rows, null);
}

export async function entryOfStudent(db: Db, activityId: number, studentId: number): Promise<EntryView | undefined> {
  const rows = await entrySelect(db)
    .where(and(eq(talentEntries.activityId, activityId), eq(talentEntries.studentId, studentId)))
    .limit(1);
  const [view] = await withMediaAndLikes(db, rows, studentId);
  return view;
}

export async function findEntry(db: Db, id: number): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(talentEntries).where(eq(talentEntries.id, id)).limit(1);
  return row;
}

export async function findMedia(db: Db, id: number): Promise<{ media: MediaRow; entry: EntryRow } | undefined> {
  const [row] = await db
    .select({ media: talentMedia, entry: talentEntries })
    .from(talentMedia)
    .innerJoin(talentEntries, eq(talentEntries.id, talentMedia.entryId))
    .where(eq(talentMedia.id, id))
    .limit(1);
  return row;
}

export interface EntryWrite {
  activityId: number;
  studentId: number;
  title: string;
  kind: string;
  description: string;
  guardianName: string;
  guardianRelation: string;
  consentVersion: string;
  media: Array<{ name: string; url: string; contentType: string }>;
  now: Date;
}

/**
 * Submits or replaces the student's one entry of the show (unique per show and student). Any change sends it
 * back to review: staff see what they approve. The consent is recorded again with each submission.
 */
export async function upsertEntry(db: Db, w: EntryWrite): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(talentEntries)
      .values({
        activityId: w.activityId,
        studentId: w.studentId,
        title: w.title,
        kind: w.kind,
        description: w.description,
        guardianName: w.guardianName,
        guardianRelation: w.guardianRelation,
        consentAt: w.now,
        consentVersion: w.consentVersion,
        createdAt: w.now,
        updatedAt: w.now,
      })
      .onConflictDoUpdate({
        target: [talentEntries.activityId, talentEntries.studentId],
        set: {
          title: w.title,
          kind: w.kind,
          description: w.description,
          guardianName: w.guardianName,
          guardianRelation: w.guardianRelation,
          consentAt: w.now,
          consentVersion: w.consentVersion,
          status: 'pending',
          reviewNote: '',
          reviewedBy: null,
          reviewedAt: null,
          updatedAt: w.now,
        },
      })
      .returning({ id: talentEntries.id });
    const id = row!.id;
    await tx.delete(talentMedia).where(eq(talentMedia.entryId, id));
    await tx.insert(talentMedia).values(w.media.map((m, i) => ({ entryId: id, position: i, name: m.name, url: m.url, contentType: m.contentType })));
    return id;
  });
}

/** Withdraws (deletes) the student's own entry with its pictures, likes and sheets; false when it was not theirs. */
export async function deleteEntryOf(db: Db, entryId: number, studentId: number): Promise<boolean> {
  const rows = await db
    .delete(talentEntries)
    .where(and(eq(talentEntries.id, entryId), eq(talentEntries.studentId, studentId)))
    .returning({ id: talentEntries.id });
  return rows.length === 1;
}

export async function reviewEntryAudited(db: Db, r: { entryId: number; status: 'approved' | 'hidden'; note: string; actorId: number; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: talentEntries.status, note: talentEntries.reviewNote, studentId: talentEntries.studentId, title: talentEntries.title })
      .from(talentEntries)
      .where(eq(talentEntries.id, r.entryId))
      .for('update');
    if (!before) return;
    if (before.status === r.status && before.note === r.note) return;
    await tx.update(talentEntries).set({ status: r.status, reviewNote: r.note, reviewedBy: r.actorId, reviewedAt: r.now }).where(eq(talentEntries.id, r.entryId));
    // The student hears of a change of state under 消息 (a note changed alone is seen on the page).
    if (before.status !== r.status) {
      const approved = r.status === 'approved';
      await tx.insert(studentNotices).values({
        studentId: before.studentId,
        title: approved ? '才艺秀作品已通过审核' : '才艺秀作品已被隐藏',
        body: approved ? `你的作品《${before.title}》已在才艺秀作品展中展示。` : `你的作品《${before.title}》暂不在作品展中展示。${r.note ? `审核意见：${r.note}` : ''}可以修改后重新提交。`,
        createdAt: r.now,
      });
    }
    await recordAudit(tx, {
      actorId: r.actorId,
      action: r.status === 'approved' ? 'talent_show.entry.approve' : 'talent_show.entry.hide',
      entity: TALENT_AUDIT_ENTITY,
      entityId: r.entryId,
      before: { status: before.status },
      after: { status: r.status, note: r.note },
      now: r.now,
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Likes

/**
 * One like per student per entry: the like row's primary key decides, and the counter moves in the same
 * transaction only when a row was really added or removed. The UPDATE takes the entry's row lock, so counters
 * of concurrent likes are applied one after another and stay exact.
 */
export async function likeEntry(db: Db, entryId: number, studentId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const added = await tx.insert(talentLikes).values({ entryId, studentId, createdAt: now }).onConflictDoNothing().returning({ id: talentLikes.entryId });
    if (added.length === 1) {
      const [row] = await tx
        .update(talentEntries)
        .set({ likesCount: sql`${talentEntries.likesCount} + 1` })
        .where(eq(talentEntries.id, entryId))
        .returning({ n: talentEntries.likesCount });
      return row?.n ?? 0;
    }
    return likesOf(tx, entryId);
  });
}

export async function unlikeEntry(db: Db, entryId: number, studentId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(talentLikes)
      .where(and(eq(talentLikes.entryId, entryId), eq(talentLikes.studentId, studentId)))
      .returning({ id: talentLikes.entryId });
    if (removed.length === 1) {
      const [row] = await tx
        .update(talentEntries)
        .set({ likesCount: sql`${talentEntries.likesCount} - 1` })
        .where(eq(talentEntries.id, entryId))
        .returning({ n: talentEntries.likesCount });
      return row?.n ?? 0;
    }
    return likesOf(tx, entryId);
  });
}

async function likesOf(tx: Db | Tx, entryId: number): Promise<number> {
  const [row] = await tx.select({ n: talentEntries.likesCount }).from(talentEntries).where(eq(talentEntries.id, entryId));
  return row?.n ?? 0;
}

/** The like rows of an entry (tests compare them with the counter). */
export async function likeRowCount(db: Db, entryId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(talentLikes).where(eq(talentLikes.entryId, entryId));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------------------
// Score sheets

export interface SheetRow {
  sheetId: number;
  entryId: number;
  judgeId: number;
  comment: string;
  updatedAt: Date;
  scores: Map<number, number>;
}

/** Every sheet of the show with its scores. */
export async function sheetsOfShow(db: Db, activityId: number): Promise<SheetRow[]> {
  const rows = await db
    .select({ sheet: talentSheets, criterionId: talentSheetScores.criterionId, score: talentSheetScores.score })
    .from(talentSheets)
    .innerJoin(talentEntries, eq(talentEntries.id, talentSheets.entryId))
    .leftJoin(talentSheetScores, eq(talentSheetScores.sheetId, talentSheets.id))
    .where(eq(talentEntries.activityId, activityId))
    .orderBy(asc(talentSheets.id));
  const out = new Map<number, SheetRow>();
  for (const r of rows) {
    let s = out.get(r.sheet.id);
    if (!s) {
      s = { sheetId: r.sheet.id, entryId: r.sheet.entryId, judgeId: r.sheet.judgeId, comment: r.sheet.comment, updatedAt: r.sheet.updatedAt, scores: new Map() };
      out.set(r.sheet.id, s);
    }
    if (r.criterionId !== null && r.score !== null) s.scores.set(r.criterionId, r.score);
  }
  return [...out.values()];
}

/** The judge's one sheet for the entry: created or replaced whole (unique per entry and judge), audited. */
export async function saveSheetAudited(db: Db, w: { entryId: number; judgeId: number; comment: string; scores: Array<{ criterionId: number; score: number }>; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const [sheet] = await tx
      .insert(talentSheets)
      .values({ entryId: w.entryId, judgeId: w.judgeId, comment: w.comment, createdAt: w.now, updatedAt: w.now })
      .onConflictDoUpdate({ target: [talentSheets.entryId, talentSheets.judgeId], set: { comment: w.comment, updatedAt: w.now } })
      .returning({ id: talentSheets.id });
    const sheetId = sheet!.id;
    await tx.delete(talentSheetScores).where(eq(talentSheetScores.sheetId, sheetId));
    await tx.insert(talentSheetScores).values(w.scores.map((s) => ({ sheetId, criterionId: s.criterionId, score: s.score })));
    await recordAudit(tx, {
      actorId: w.judgeId,
      action: 'talent_show.sheet.save',
      entity: TALENT_AUDIT_ENTITY,
      entityId: w.entryId,
      after: { sheet_id: sheetId, scores: w.scores.map((s) => [s.criterionId, s.score]) },
      now: w.now,
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Rules and results

export interface RulesWrite {
  activityId: number;
  rulesText: string;
  /** null: keep the criteria (they are locked once a sheet exists and the request repeats them). */
  criteria: Array<{ name: string; description: string; weight: number }> | null;
  judgeIds: number[];
  resultsAt: Date | null;
  finalistCount: number;
  published: boolean;
  actorId: number;
  now: Date;
}

export async function saveRulesAudited(db: Db, w: RulesWrite): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(talentShows).values({ activityId: w.activityId, updatedAt: w.now }).onConflictDoNothing();
    const [before] = await tx.select().from(talentShows).where(eq(talentShows.activityId, w.activityId)).for('update');
    const publishedAt = w.published ? (before?.rulesPublishedAt ?? w.now) : null;
    await tx
      .update(talentShows)
      .set({ rulesText: w.rulesText, rulesPublishedAt: publishedAt, finalistCount: w.finalistCount, resultsAt: w.resultsAt, updatedBy: w.actorId, updatedAt: w.now })
      .where(eq(talentShows.activityId, w.activityId));
    if (w.criteria) {
      await tx.delete(talentCriteria).where(eq(talentCriteria.activityId, w.activityId));
      await tx.insert(talentCriteria).values(w.criteria.map((c, i) => ({ activityId: w.activityId, position: i, name: c.name, description: c.description, weight: c.weight })));
    }
    await tx.delete(talentJudges).where(eq(talentJudges.activityId, w.activityId));
    if (w.judgeIds.length) await tx.insert(talentJudges).values([...new Set(w.judgeIds)].map((teacherId) => ({ activityId: w.activityId, teacherId })));
    await recordAudit(tx, {
      actorId: w.actorId,
      action: 'talent_show.rules.update',
      entity: TALENT_AUDIT_ENTITY,
      entityId: w.activityId,
      before: before ? { published: before.rulesPublishedAt !== null, results_at: before.resultsAt?.toISOString() ?? null, finalist_count: before.finalistCount } : null,
      after: { published: w.published, results_at: w.resultsAt?.toISOString() ?? null, finalist_count: w.finalistCount, judges: w.judgeIds, criteria: w.criteria?.map((c) => [c.name, c.weight]) ?? 'unchanged' },
      now: w.now,
    });
  });
}

/**
 * Marks the show's results final once: the first caller at or after the publication time wins the conditional
 * UPDATE and, in the same transaction, stamps each finalist's rank and runs `onFinalist` (the badge award).
 * Concurrent callers find finalized_at set and do nothing.
 */
export async function finalizeResults(
  db: Db,
  activityId: number,
  now: Date,
  finalists: Array<{ entryId: number; rank: number }>,
  onFinalist: (tx: Db, entry: { entryId: number; studentId: number }) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const won = await tx
      .update(talentShows)
      .set({ finalizedAt: now })
      .where(and(eq(talentShows.activityId, activityId), isNull(talentShows.finalizedAt)))
      .returning({ id: talentShows.activityId });
    if (won.length === 0) return false;
    for (const f of finalists) {
      const [row] = await tx
        .update(talentEntries)
        .set({ finalistRank: f.rank })
        .where(and(eq(talentEntries.id, f.entryId), eq(talentEntries.activityId, activityId), ne(talentEntries.status, 'hidden')))
        .returning({ studentId: talentEntries.studentId, title: talentEntries.title });
      if (!row) continue;
      await tx.insert(studentNotices).values({ studentId: row.studentId, title: '恭喜入围才艺秀决赛', body: `你的作品《${row.title}》以第 ${f.rank} 名入围才艺秀决赛，入围名单已在才艺秀页面公布。`, createdAt: now });
      await onFinalist(tx as unknown as Db, { entryId: f.entryId, studentId: row.studentId });
    }
    return true;
  });
}
