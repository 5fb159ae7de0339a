/**
 * The forum's rows (decision 102). Posts and replies are never deleted: an author's delete sets deleted_at, a
 * moderator's hide sets the status, so staff can always see what was written. Every moderator's change writes its
 * audit row in the same transaction.
 */
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ForumAuthor, ForumHoldReason, ForumItemStatus } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { accounts, studentProfiles } from '../../db/schema.ts';
import { courses, houseAssignments, houses } from '../../db/schema-courses.ts';
import { enrolments, studentNotices } from '../../db/schema-course-centre.ts';
import { courseAssistants, cslHouses } from '../../db/schema-teaching.ts';
import { forumBoards, forumFilterState, forumLikes, forumPosts, forumReplies, forumReports, forumWords } from '../../db/schema-forum.ts';
import { lockNaturalKey } from '../../db/natural-key-lock.ts';
import { recordAudit } from '../audit/audit-write.ts';

export const FORUM_AUDIT_ENTITY = 'forum';

export type BoardRow = typeof forumBoards.$inferSelect;
export type PostRow = typeof forumPosts.$inferSelect;
export type ReplyRow = typeof forumReplies.$inferSelect;

// Membership ----------------------------------------------------------------------------------------------------

export interface StudentMembership {
  paid: boolean;
  house: { id: number; name: string; venueId: number } | null;
  courses: Array<{ id: number; title: string }>;
}

export async function studentMembership(db: Db, accountId: number): Promise<StudentMembership> {
  const [profile] = await db.select({ paidAt: studentProfiles.tuitionPaidAt }).from(studentProfiles).where(eq(studentProfiles.accountId, accountId)).limit(1);
  const [house] = await db
    .select({ id: houses.id, name: houses.name, venueId: houseAssignments.venueId })
    .from(houseAssignments)
    .innerJoin(houses, eq(houses.id, houseAssignments.houseId))
    .where(eq(houseAssignments.studentId, accountId))
    .limit(1);
  const enrolled = await db
    .select({ id: courses.id, title: courses.title })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(eq(enrolments.studentId, accountId))
    .orderBy(asc(courses.id));
  return { paid: Boolean(profile?.paidAt), house: house ?? null, courses: enrolled };
}

/** The courses a teacher teaches or assists on, and the house a CSL looks after. */
export async function staffMembership(db: Db, accountId: number): Promise<{ courses: Array<{ id: number; title: string }>; houses: Array<{ id: number; name: string }> }> {
  const taught = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(or(eq(courses.teacherId, accountId), inArray(courses.id, db.select({ id: courseAssistants.courseId }).from(courseAssistants).where(eq(courseAssistants.accountId, accountId)))))
    .orderBy(asc(courses.id));
  const own = await db.select({ id: houses.id, name: houses.name }).from(cslHouses).innerJoin(houses, eq(houses.id, cslHouses.houseId)).where(eq(cslHouses.accountId, accountId));
  return { courses: taught, houses: own };
}

// Boards ----------------------------------------------------------------------------------------------------------

/**
 * The boards of these courses and houses, made on first use: read first (the usual case writes nothing), then the
 * missing ones inserted (the unique indexes settle two first uses at once). Courses first, in the given order.
 */
export async function ensureBoards(db: Db, want: { courses: Array<{ id: number; title: string }>; houses: Array<{ id: number; name: string }> }): Promise<BoardRow[]> {
  if (want.courses.length === 0 && want.houses.length === 0) return [];
  const read = () =>
    db
      .select()
      .from(forumBoards)
      .where(
        or(
          want.courses.length ? inArray(forumBoards.courseId, want.courses.map((c) => c.id)) : undefined,
          want.houses.length ? inArray(forumBoards.houseId, want.houses.map((h) => h.id)) : undefined,
        ),
      );
  let rows = await read();
  const missingCourses = want.courses.filter((c) => !rows.some((b) => b.courseId === c.id));
  const missingHouses = want.houses.filter((h) => !rows.some((b) => b.houseId === h.id));
  if (missingCourses.length || missingHouses.length) {
    for (const c of missingCourses) await ensureCourseBoard(db, c);
    for (const h of missingHouses) await ensureHouseBoard(db, h);
    rows = await read();
  }
  return [
    ...want.courses.map((c) => rows.find((b) => b.courseId === c.id)).filter((b): b is BoardRow => Boolean(b)),
    ...want.houses.map((h) => rows.find((b) => b.houseId === h.id)).filter((b): b is BoardRow => Boolean(b)),
  ];
}

/** The course's board, made on first use (the unique index settles two first uses at once). */
export async function ensureCourseBoard(db: Db, course: { id: number; title: string }): Promise<BoardRow> {
  await db.insert(forumBoards).values({ kind: 'course', courseId: course.id, title: course.title, description: '本课程的同学与老师交流' }).onConflictDoNothing();
  const [row] = await db.select().from(forumBoards).where(eq(forumBoards.courseId, course.id)).limit(1);
  return row!;
}

export async function ensureHouseBoard(db: Db, house: { id: number; name: string }): Promise<BoardRow> {
  await db.insert(forumBoards).values({ kind: 'house', houseId: house.id, title: house.name, description: '本学院同学与学院导师交流' }).onConflictDoNothing();
  const [row] = await db.select().from(forumBoards).where(eq(forumBoards.houseId, house.id)).limit(1);
  return row!;
}

export async function listProgrammeBoards(db: Db): Promise<BoardRow[]> {
  return db.select().from(forumBoards).where(eq(forumBoards.kind, 'programme')).orderBy(asc(forumBoards.sort), asc(forumBoards.id));
}

export async function listAllBoards(db: Db): Promise<BoardRow[]> {
  return db.select().from(forumBoards).orderBy(asc(forumBoards.kind), asc(forumBoards.sort), asc(forumBoards.id));
}

export async function findBoard(db: Db, id: number): Promise<BoardRow | undefined> {
  const [row] = await db.select().from(forumBoards).where(eq(forumBoards.id, id)).limit(1);
  return row;
}

/** Visible, undeleted posts per board. */
export async function postCounts(db: Db, boardIds: number[]): Promise<Map<number, number>> {
  if (boardIds.length === 0) return new Map();
  const rows = await db
    .select({ boardId: forumPosts.boardId, n: count() })
    .from(forumPosts)
    .where(and(inArray(forumPosts.boardId, boardIds), eq(forumPosts.status, 'visible'), isNull(forumPosts.deletedAt)))
    .groupBy(forumPosts.boardId);
  return new Map(rows.map((r) => [r.boardId, r.n]));
}

export async function insertProgrammeBoardAudited(db: Db, w: { title: string; description: string; actorId: number; now: Date }): Promise<BoardRow> {
  return db.transaction(async (tx) => {
    // One programme board per name: a repeated create (a double click) finds the first one's board.
    await lockNaturalKey(tx, 'forum_board', w.title);
    const [existing] = await tx.select().from(forumBoards).where(and(eq(forumBoards.kind, 'programme'), eq(forumBoards.title, w.title))).limit(1);
    if (existing) return existing;
    const [row] = await tx.insert(forumBoards).values({ kind: 'programme', title: w.title, description: w.description, createdAt: w.now }).returning();
    await recordAudit(tx, { actorId: w.actorId, action: 'forum.board.create', entity: FORUM_AUDIT_ENTITY, entityId: `board:${row!.id}`, after: { id: row!.id, title: w.title }, now: w.now });
    return row!;
  });
}

// Authors -----------------------------------------------------------------------------------------------------------

/**
 * What other readers see of each author (decision 102): a student's name and house; staff as 老师. The house comes
 * with the venue it was assigned in, so the service can leave it out until that venue's house result is published.
 */
export async function authorsOf(db: Db, ids: number[]): Promise<Map<number, { author: ForumAuthor; houseVenueId: number | null }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, name: accounts.name, role: accounts.role, houseName: houses.name, houseColour: houses.colour, venueId: houseAssignments.venueId })
    .from(accounts)
    .leftJoin(houseAssignments, eq(houseAssignments.studentId, accounts.id))
    .leftJoin(houses, eq(houses.id, houseAssignments.houseId))
    .where(inArray(accounts.id, unique));
  return new Map(
    rows.map((r) => {
      const student = r.role === 'student';
      const name = r.name.trim() || (student ? '同学' : '老师');
      const author: ForumAuthor = {
        id: r.id,
        name: student ? name : `${name}老师`,
        role: student ? 'student' : 'staff',
        house: student && r.houseName ? { name: r.houseName, colour: r.houseColour ?? '#888888' } : null,
      };
      return [r.id, { author, houseVenueId: student ? r.venueId : null }];
    }),
  );
}

// Posts -------------------------------------------------------------------------------------------------------------

export interface PostListRow {
  post: PostRow;
  likeCount: number;
  liked: boolean;
  replyCount: number;
}

// Spelled out with the table: drizzle leaves a column unqualified in a query without joins, and inside these
// subqueries a bare "id" would name the subquery's own table.
const postIdRef = sql`${sql.identifier('forum_posts')}.${sql.identifier('id')}`;
const likeCountOf = sql<number>`(select count(*)::int from ${forumLikes} where ${forumLikes.postId} = ${postIdRef})`;
const replyCountOf = sql<number>`(select count(*)::int from ${forumReplies} where ${forumReplies.postId} = ${postIdRef} and ${forumReplies.status} = 'visible' and ${forumReplies.deletedAt} is null)`;
const likedBy = (viewerId: number) => sql<boolean>`exists (select 1 from ${forumLikes} where ${forumLikes.postId} = ${postIdRef} and ${forumLikes.accountId} = ${viewerId})`;

/** A reader sees visible posts and their own held or hidden ones; a moderator sees every undeleted post. */
function postVisibility(viewerId: number, moderator: boolean): SQL | undefined {
  if (moderator) return isNull(forumPosts.deletedAt);
  return and(isNull(forumPosts.deletedAt), or(eq(forumPosts.status, 'visible'), eq(forumPosts.authorId, viewerId)));
}

export async function listPosts(db: Db, w: { boardId: number; viewerId: number; moderator: boolean; page: number; pageSize: number }): Promise<{ rows: PostListRow[]; total: number }> {
  const where = and(eq(forumPosts.boardId, w.boardId), postVisibility(w.viewerId, w.moderator));
  const [rows, [n]] = await Promise.all([
    db
      .select({ post: forumPosts, likeCount: likeCountOf, liked: likedBy(w.viewerId), replyCount: replyCountOf })
      .from(forumPosts)
      .where(where)
      .orderBy(desc(forumPosts.id))
      .limit(w.pageSize)
      .offset((w.page - 1) * w.pageSize),
    db.select({ n: count() }).from(forumPosts).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, likeCount: Number(r.likeCount), replyCount: Number(r.replyCount), liked: Boolean(r.liked) })), total: n?.n ?? 0 };
}

export async function findPost(db: Db, id: number): Promise<PostRow | undefined> {
  const [row] = await db.select().from(forumPosts).where(eq(forumPosts.id, id)).limit(1);
  return row;
}

export async function postWithCounts(db: Db, id: number, viewerId: number): Promise<PostListRow | undefined> {
  const [row] = await db.select({ post: forumPosts, likeCount: likeCountOf, liked: likedBy(viewerId), replyCount: replyCountOf }).from(forumPosts).where(eq(forumPosts.id, id)).limit(1);
  return row ? { ...row, likeCount: Number(row.likeCount), replyCount: Number(row.replyCount), liked: Boolean(row.liked) } : undefined;
}

export async function listReplies(db: Db, postId: number, viewerId: number, moderator: boolean): Promise<ReplyRow[]> {
  const visible = moderator ? isNull(forumReplies.deletedAt) : and(isNull(forumReplies.deletedAt), or(eq(forumReplies.status, 'visible'), eq(forumReplies.authorId, viewerId)));
  return db.select().from(forumReplies).where(and(eq(forumReplies.postId, postId), visible)).orderBy(asc(forumReplies.id));
}

export async function hasReported(db: Db, postId: number, accountId: number): Promise<boolean> {
  const [row] = await db.select({ id: forumReports.id }).from(forumReports).where(and(eq(forumReports.postId, postId), eq(forumReports.reporterId, accountId))).limit(1);
  return Boolean(row);
}

export async function insertPost(db: Db, w: { boardId: number; authorId: number; title: string; body: string; status: ForumItemStatus; holdReason: ForumHoldReason | null; heldWords: string; now: Date }): Promise<PostRow> {
  const [row] = await db
    .insert(forumPosts)
    .values({ boardId: w.boardId, authorId: w.authorId, title: w.title, body: w.body, status: w.status, holdReason: w.holdReason, heldWords: w.heldWords, createdAt: w.now })
    .returning();
  return row!;
}

/**
 * The author's edit: a post a moderator hid stays hidden; otherwise the filter's verdict on the new text decides
 * (an edit that brings in a listed word goes back to the queue; one that removes it from a filter hold is visible again).
 */
export async function updatePostText(db: Db, w: { id: number; authorId: number; title: string; body: string; held: boolean; heldWords: string; now: Date }): Promise<PostRow | undefined> {
  const [row] = await db
    .update(forumPosts)
    .set({
      title: w.title,
      body: w.body,
      editedAt: w.now,
      heldWords: w.heldWords,
      status: w.held ? sql`case when ${forumPosts.status} = 'hidden' then 'hidden' else 'held' end` : sql`case when ${forumPosts.status} = 'held' and ${forumPosts.holdReason} = 'filter' then 'visible' else ${forumPosts.status} end`,
      holdReason: w.held ? sql`case when ${forumPosts.status} = 'hidden' then ${forumPosts.holdReason} else 'filter' end` : sql`case when ${forumPosts.status} = 'held' and ${forumPosts.holdReason} = 'filter' then null else ${forumPosts.holdReason} end`,
    })
    .where(and(eq(forumPosts.id, w.id), eq(forumPosts.authorId, w.authorId), isNull(forumPosts.deletedAt)))
    .returning();
  return row;
}

export async function softDeletePost(db: Db, id: number, authorId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(forumPosts)
    .set({ deletedAt: now })
    .where(and(eq(forumPosts.id, id), eq(forumPosts.authorId, authorId), isNull(forumPosts.deletedAt)))
    .returning({ id: forumPosts.id });
  return rows.length === 1;
}

// Replies -----------------------------------------------------------------------------------------------------------

export async function insertReply(db: Db, w: { postId: number; authorId: number; body: string; status: ForumItemStatus; heldWords: string; now: Date }): Promise<ReplyRow> {
  const [row] = await db.insert(forumReplies).values({ postId: w.postId, authorId: w.authorId, body: w.body, status: w.status, heldWords: w.heldWords, createdAt: w.now }).returning();
  return row!;
}

export async function findReply(db: Db, id: number): Promise<ReplyRow | undefined> {
  const [row] = await db.select().from(forumReplies).where(eq(forumReplies.id, id)).limit(1);
  return row;
}

export async function softDeleteReply(db: Db, id: number, authorId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(forumReplies)
    .set({ deletedAt: now })
    .where(and(eq(forumReplies.id, id), eq(forumReplies.authorId, authorId), isNull(forumReplies.deletedAt)))
    .returning({ id: forumReplies.id });
  return rows.length === 1;
}

// Likes -------------------------------------------------------------------------------------------------------------

/** A like is a row keyed by (post, person): a repeat does nothing, and the count is the rows, so it is exact. */
export async function addLike(db: Db, postId: number, accountId: number, now: Date): Promise<void> {
  await db.insert(forumLikes).values({ postId, accountId, createdAt: now }).onConflictDoNothing();
}

export async function removeLike(db: Db, postId: number, accountId: number): Promise<void> {
  await db.delete(forumLikes).where(and(eq(forumLikes.postId, postId), eq(forumLikes.accountId, accountId)));
}

export async function likeState(db: Db, postId: number, accountId: number): Promise<{ liked: boolean; likeCount: number }> {
  const [row] = await db
    .select({ n: count(), mine: sql<number>`count(*) filter (where ${forumLikes.accountId} = ${accountId})::int` })
    .from(forumLikes)
    .where(eq(forumLikes.postId, postId));
  return { likeCount: row?.n ?? 0, liked: Number(row?.mine ?? 0) > 0 };
}

// Reports -----------------------------------------------------------------------------------------------------------

/**
 * Files a report (one per person per post: the unique index) and, in the same transaction with the post locked, holds a
 * visible post once `threshold` different people have open reports on it. Returns false when this person had reported it.
 */
export async function insertReport(db: Db, w: { postId: number; reporterId: number; reason: string; threshold: number; now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: forumPosts.id }).from(forumPosts).where(eq(forumPosts.id, w.postId)).for('update');
    const inserted = await tx.insert(forumReports).values({ postId: w.postId, reporterId: w.reporterId, reason: w.reason, createdAt: w.now }).onConflictDoNothing().returning({ id: forumReports.id });
    if (inserted.length === 0) return false;
    const [open] = await tx.select({ n: count() }).from(forumReports).where(and(eq(forumReports.postId, w.postId), isNull(forumReports.resolvedAt)));
    if ((open?.n ?? 0) >= w.threshold) {
      await tx.update(forumPosts).set({ status: 'held', holdReason: 'reports' }).where(and(eq(forumPosts.id, w.postId), eq(forumPosts.status, 'visible')));
    }
    return true;
  });
}

// The moderation queue ------------------------------------------------------------------------------------------------

export interface QueueRows {
  posts: Array<{ post: PostRow; board: BoardRow }>;
  replies: Array<{ reply: ReplyRow; post: PostRow; board: BoardRow }>;
  reports: Map<number, Array<{ reason: string; createdAt: Date }>>;
}

/** Held posts, visible posts with open reports, and held replies, on the given boards (all boards: null), oldest first. */
export async function moderationQueue(db: Db, boardIds: number[] | null, limit: number): Promise<QueueRows> {
  if (boardIds !== null && boardIds.length === 0) return { posts: [], replies: [], reports: new Map() };
  const onBoards = boardIds === null ? undefined : inArray(forumPosts.boardId, boardIds);
  const openReport = sql`exists (select 1 from ${forumReports} where ${forumReports.postId} = ${postIdRef} and ${forumReports.resolvedAt} is null)`;
  const posts = await db
    .select({ post: forumPosts, board: forumBoards })
    .from(forumPosts)
    .innerJoin(forumBoards, eq(forumBoards.id, forumPosts.boardId))
    .where(and(onBoards, isNull(forumPosts.deletedAt), or(eq(forumPosts.status, 'held'), and(eq(forumPosts.status, 'visible'), openReport))))
    .orderBy(asc(forumPosts.id))
    .limit(limit);
  const replies = await db
    .select({ reply: forumReplies, post: forumPosts, board: forumBoards })
    .from(forumReplies)
    .innerJoin(forumPosts, eq(forumPosts.id, forumReplies.postId))
    .innerJoin(forumBoards, eq(forumBoards.id, forumPosts.boardId))
    .where(and(onBoards, eq(forumReplies.status, 'held'), isNull(forumReplies.deletedAt)))
    .orderBy(asc(forumReplies.id))
    .limit(limit);
  const reports = new Map<number, Array<{ reason: string; createdAt: Date }>>();
  const ids = posts.map((p) => p.post.id);
  if (ids.length > 0) {
    const rows = await db
      .select({ postId: forumReports.postId, reason: forumReports.reason, createdAt: forumReports.createdAt })
      .from(forumReports)
      .where(and(inArray(forumReports.postId, ids), isNull(forumReports.resolvedAt)))
      .orderBy(asc(forumReports.id));
    for (const r of rows) reports.set(r.postId, [...(reports.get(r.postId) ?? []), { reason: r.reason, createdAt: r.createdAt }]);
  }
  return { posts, replies, reports };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const postHiddenNotice = (title: string, reason: string) => ({ title: '你的论坛帖子已被隐藏', body: `你的帖子「${title}」已被老师隐藏，其他同学看不到它。说明：${reason}` });
const postRestoredNotice = (title: string) => ({ title: '你的论坛帖子已发布', body: `你的帖子「${title}」已通过审核，其他同学现在可以看到它。` });
const replyHiddenNotice = (reason: string) => ({ title: '你的论坛回复已被隐藏', body: `你的一条回复已被老师隐藏。说明：${reason}` });
const replyRestoredNotice = () => ({ title: '你的论坛回复已发布', body: '你的一条回复已通过审核，其他同学现在可以看到它。' });

/** An in-app notice (消息) to the author, if a student, in the moderator's transaction. */
async function noticeAuthor(tx: Tx, authorId: number, notice: { title: string; body: string }, now: Date): Promise<void> {
  const [author] = await tx.select({ role: accounts.role }).from(accounts).where(eq(accounts.id, authorId)).limit(1);
  if (author?.role !== 'student') return;
  await tx.insert(studentNotices).values({ studentId: authorId, title: notice.title, body: notice.body, createdAt: now });
}

/** Hides or restores a post, resolves its open reports, and writes the audit row, in one transaction. */
export async function moderatePostAudited(db: Db, w: { id: number; status: 'visible' | 'hidden'; reason: string; actorId: number; now: Date }): Promise<PostRow | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(forumPosts).where(eq(forumPosts.id, w.id)).for('update');
    if (!before || before.deletedAt) return undefined;
    const [after] = await tx
      .update(forumPosts)
      .set({ status: w.status, holdReason: null, moderatedBy: w.actorId, moderatedAt: w.now })
      .where(eq(forumPosts.id, w.id))
      .returning();
    await tx.update(forumReports).set({ resolvedAt: w.now, resolvedBy: w.actorId }).where(and(eq(forumReports.postId, w.id), isNull(forumReports.resolvedAt)));
    // The author hears of a change (not of a repeat): a held post that goes up, or a post that is taken down.
    if (before.status !== w.status) await noticeAuthor(tx, before.authorId, w.status === 'hidden' ? postHiddenNotice(before.title, w.reason) : postRestoredNotice(before.title), w.now);
    await recordAudit(tx, {
      actorId: w.actorId,
      action: w.status === 'hidden' ? 'forum.post.hide' : 'forum.post.restore',
      entity: FORUM_AUDIT_ENTITY,
      entityId: `post:${w.id}`,
      before: { id: w.id, board_id: before.boardId, status: before.status, hold_reason: before.holdReason },
      after: { id: w.id, board_id: before.boardId, status: w.status, reason: w.reason },
      now: w.now,
    });
    return after;
  });
}

export async function moderateReplyAudited(db: Db, w: { id: number; status: 'visible' | 'hidden'; reason: string; actorId: number; now: Date }): Promise<ReplyRow | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(forumReplies).where(eq(forumReplies.id, w.id)).for('update');
    if (!before || before.deletedAt) return undefined;
    const [after] = await tx.update(forumReplies).set({ status: w.status, moderatedBy: w.actorId, moderatedAt: w.now }).where(eq(forumReplies.id, w.id)).returning();
    if (before.status !== w.status) await noticeAuthor(tx, before.authorId, w.status === 'hidden' ? replyHiddenNotice(w.reason) : replyRestoredNotice(), w.now);
    await recordAudit(tx, {
      actorId: w.actorId,
      action: w.status === 'hidden' ? 'forum.reply.hide' : 'forum.reply.restore',
      entity: FORUM_AUDIT_ENTITY,
      entityId: `reply:${w.id}`,
      before: { id: w.id, post_id: before.postId, status: before.status },
      after: { id: w.id, post_id: before.postId, status: w.status, reason: w.reason },
      now: w.now,
    });
    return after;
  });
}

// The word list -------------------------------------------------------------------------------------------------------

export async function filterVersion(db: Db): Promise<number> {
  const [row] = await db.select({ v: forumFilterState.version }).from(forumFilterState).where(eq(forumFilterState.id, 1)).limit(1);
  return row?.v ?? 0;
}

export async function loadWords(db: Db): Promise<{ version: number; words: string[] }> {
  // Read together so the words belong to the version (a concurrent edit bumps it, and the next check reloads).
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ v: forumFilterState.version }).from(forumFilterState).where(eq(forumFilterState.id, 1)).limit(1);
    const rows = await tx.select({ word: forumWords.word }).from(forumWords);
    return { version: row?.v ?? 0, words: rows.map((r) => r.word) };
  });
}

export async function listWords(db: Db): Promise<{ version: number; items: Array<{ id: number; word: string; createdAt: Date }> }> {
  const [version, items] = await Promise.all([filterVersion(db), db.select({ id: forumWords.id, word: forumWords.word, createdAt: forumWords.createdAt }).from(forumWords).orderBy(asc(forumWords.word))]);
  return { version, items };
}

async function bumpVersion(tx: Tx): Promise<void> {
  await tx
    .insert(forumFilterState)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: forumFilterState.id, set: { version: sql`${forumFilterState.version} + 1` } });
}

/** Adds the words not yet listed; the version moves (and the audit row is written) only when something was added. */
export async function addWordsAudited(db: Db, w: { words: string[]; actorId: number; now: Date }): Promise<string[]> {
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(forumWords)
      .values(w.words.map((word) => ({ word, createdBy: w.actorId, createdAt: w.now })))
      .onConflictDoNothing()
      .returning({ word: forumWords.word });
    if (added.length > 0) {
      await bumpVersion(tx);
      await recordAudit(tx, { actorId: w.actorId, action: 'forum.words.add', entity: FORUM_AUDIT_ENTITY, entityId: 'words', after: { added: added.length }, now: w.now });
    }
    return added.map((a) => a.word);
  });
}

export async function deleteWordAudited(db: Db, w: { id: number; actorId: number; now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.delete(forumWords).where(eq(forumWords.id, w.id)).returning({ id: forumWords.id });
    if (rows.length === 0) return false;
    await bumpVersion(tx);
    await recordAudit(tx, { actorId: w.actorId, action: 'forum.words.delete', entity: FORUM_AUDIT_ENTITY, entityId: `word:${w.id}`, now: w.now });
    return true;
  });
}

