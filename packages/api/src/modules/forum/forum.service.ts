/**
 * The forum (decision 102). Who may read and write a board:
 * - programme boards: every tuition-paid student, and every teacher and admin;
 * - a course's board: its enrolled students, its teacher and TFs, and admins;
 * - a house's board: its students (once their house result is out), its CSL, and admins.
 * Moderators are a board's staff (teacher and TFs of a course, the CSL of a house) and admins (every board).
 * Every post and reply passes the sensitive-word filter; a hit is held for a moderator and seen only by its author.
 */
import {
  AppError,
  FORUM_LIMIT_WINDOW_MS,
  FORUM_MSG,
  FORUM_PAGE_SIZE,
  FORUM_POSTS_PER_WINDOW,
  FORUM_REPLIES_PER_WINDOW,
  FORUM_REPORTS_TO_HOLD,
  normaliseWord,
  type ForumBoard,
  type ForumBoardInput,
  type ForumLikeState,
  type ForumModerated,
  type ForumPostDetail,
  type ForumPostEdit,
  type ForumPostInput,
  type ForumPostPage,
  type ForumPostSummary,
  type ForumQueue,
  type ForumQueueItem,
  type ForumReply,
  type ForumWordList,
  type ForumWritten,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { incrementBucket } from '../../http/rate-limit-buckets.repo.ts';
import { isPublished, listPublications, publishAtFor } from '../placement/placement.queries.ts';
import { findListedWords, type WordSource } from './forum-filter.ts';
import {
  addLike,
  addWordsAudited,
  authorsOf as authorRows,
  deleteWordAudited,
  ensureBoards,
  filterVersion,
  findBoard,
  findPost,
  findReply,
  hasReported,
  insertPost,
  insertProgrammeBoardAudited,
  insertReply,
  insertReport,
  likeState,
  listAllBoards,
  listPosts,
  listProgrammeBoards,
  listReplies,
  listWords,
  loadWords,
  moderatePostAudited,
  moderateReplyAudited,
  moderationQueue,
  postCounts,
  postWithCounts,
  removeLike,
  softDeletePost,
  softDeleteReply,
  studentMembership,
  staffMembership,
  updatePostText,
  type BoardRow,
  type PostListRow,
  type PostRow,
  type ReplyRow,
} from './forum.repo.ts';

const QUEUE_LIMIT = 200;
const EXCERPT = 120;

// Access --------------------------------------------------------------------------------------------------------------

/** The boards a caller may read and write, and whether they moderate them. */
interface Reach {
  boards: BoardRow[];
  /** Boards this caller moderates (every board for an admin). */
  moderates(board: BoardRow): boolean;
}

async function studentReach(ctx: AppContext, accountId: number): Promise<Reach> {
  const m = await studentMembership(ctx.db, accountId);
  if (!m.paid) throw AppError.gate('403-10');
  // A house board only once the student may know their house (the same publication as the house result).
  const houseOut = m.house !== null && isPublished(publishAtFor(await listPublications(ctx.db), 'house', m.house.venueId), ctx.now());
  const own = await ensureBoards(ctx.db, { courses: m.courses, houses: houseOut && m.house ? [m.house] : [] });
  return { boards: [...(await listProgrammeBoards(ctx.db)), ...own], moderates: () => false };
}

/** `viaConsole`: the request came through /api/admin, whose permission gate (community.manage) makes the caller a moderator of every board. */
async function staffReach(ctx: AppContext, auth: AuthState, viaConsole = false): Promise<Reach> {
  if (auth.isAdmin || viaConsole) {
    const all = await listAllBoards(ctx.db);
    return { boards: all, moderates: () => true };
  }
  const m = await staffMembership(ctx.db, auth.accountId);
  const own = await ensureBoards(ctx.db, { courses: m.courses, houses: m.houses });
  const ownIds = new Set(own.map((b) => b.id));
  return { boards: [...(await listProgrammeBoards(ctx.db)), ...own], moderates: (b) => ownIds.has(b.id) };
}

function reachOf(ctx: AppContext, auth: AuthState): Promise<Reach> {
  return auth.role === 'student' ? studentReach(ctx, auth.accountId) : staffReach(ctx, auth);
}

function boardIn(reach: Reach, boardId: number): BoardRow {
  const board = reach.boards.find((b) => b.id === boardId);
  // A board the caller does not belong to reads as one that does not exist: its name is not theirs to learn.
  if (!board) throw AppError.notFound(FORUM_MSG.BOARD_NOT_FOUND);
  return board;
}

/** The post, on a board the caller belongs to, that the caller may see (a held post: its author and moderators). */
async function reachablePost(ctx: AppContext, auth: AuthState, postId: number): Promise<{ reach: Reach; board: BoardRow; post: PostRow; moderator: boolean }> {
  const reach = await reachOf(ctx, auth);
  const post = await findPost(ctx.db, postId);
  const board = post ? reach.boards.find((b) => b.id === post.boardId) : undefined;
  if (!post || !board || post.deletedAt) throw AppError.notFound(FORUM_MSG.POST_NOT_FOUND);
  const moderator = reach.moderates(board);
  if (post.status !== 'visible' && post.authorId !== auth.accountId && !moderator) throw AppError.notFound(FORUM_MSG.POST_NOT_FOUND);
  return { reach, board, post, moderator };
}

// Views ---------------------------------------------------------------------------------------------------------------

/** Authors as readers see them; a student's house only once its result is published for their venue (as the reveal). */
async function authorsOf(ctx: AppContext, ids: number[]): Promise<Map<number, ForumPostSummary['author']>> {
  const [rows, publications] = await Promise.all([authorRows(ctx.db, ids), listPublications(ctx.db)]);
  const now = ctx.now();
  const out = new Map<number, ForumPostSummary['author']>();
  for (const [id, { author, houseVenueId }] of rows) {
    const shown = author.house && houseVenueId !== null && isPublished(publishAtFor(publications, 'house', houseVenueId), now);
    out.set(id, shown ? author : { ...author, house: null });
  }
  return out;
}

function boardView(b: BoardRow, posts: number): ForumBoard {
  return { id: b.id, kind: b.kind, title: b.title, description: b.description, post_count: posts };
}

const excerptOf = (body: string) => (body.length > EXCERPT ? `${body.slice(0, EXCERPT)}…` : body);

async function summaries(ctx: AppContext, rows: PostListRow[], viewerId: number): Promise<ForumPostSummary[]> {
  const authors = await authorsOf(
    ctx,
    rows.map((r) => r.post.authorId),
  );
  return rows.map((r) => summaryOf(r, authors.get(r.post.authorId)!, viewerId));
}

function summaryOf(r: PostListRow, author: ForumPostSummary['author'], viewerId: number): ForumPostSummary {
  return {
    id: r.post.id,
    board_id: r.post.boardId,
    title: r.post.title,
    excerpt: excerptOf(r.post.body),
    author,
    status: r.post.status,
    mine: r.post.authorId === viewerId,
    like_count: r.likeCount,
    liked: r.liked,
    reply_count: r.replyCount,
    created_at: r.post.createdAt.toISOString(),
    edited_at: r.post.editedAt ? r.post.editedAt.toISOString() : null,
  };
}

export async function listBoards(ctx: AppContext, auth: AuthState): Promise<ForumBoard[]> {
  const reach = await reachOf(ctx, auth);
  const counts = await postCounts(
    ctx.db,
    reach.boards.map((b) => b.id),
  );
  return reach.boards.map((b) => boardView(b, counts.get(b.id) ?? 0));
}

export async function boardPosts(ctx: AppContext, auth: AuthState, boardId: number, page = 1): Promise<ForumPostPage> {
  const reach = await reachOf(ctx, auth);
  const board = boardIn(reach, boardId);
  const { rows, total } = await listPosts(ctx.db, { boardId, viewerId: auth.accountId, moderator: reach.moderates(board), page, pageSize: FORUM_PAGE_SIZE });
  const counts = await postCounts(ctx.db, [board.id]);
  return { board: boardView(board, counts.get(board.id) ?? 0), items: await summaries(ctx, rows, auth.accountId), total, page, page_size: FORUM_PAGE_SIZE };
}

export async function postDetail(ctx: AppContext, auth: AuthState, postId: number): Promise<ForumPostDetail> {
  const { board, post, moderator } = await reachablePost(ctx, auth, postId);
  const [row, replies, reported, counts] = await Promise.all([
    postWithCounts(ctx.db, post.id, auth.accountId),
    listReplies(ctx.db, post.id, auth.accountId, moderator),
    hasReported(ctx.db, post.id, auth.accountId),
    postCounts(ctx.db, [board.id]),
  ]);
  const authors = await authorsOf(ctx, [post.authorId, ...replies.map((r) => r.authorId)]);
  return {
    ...summaryOf(row!, authors.get(post.authorId)!, auth.accountId),
    body: post.body,
    board: boardView(board, counts.get(board.id) ?? 0),
    replies: replies.map((r) => replyView(r, authors.get(r.authorId)!, auth.accountId)),
    reported,
    can_moderate: moderator,
  };
}

function replyView(r: ReplyRow, author: ForumReply['author'], viewerId: number): ForumReply {
  return { id: r.id, body: r.body, author, status: r.status, mine: r.authorId === viewerId, created_at: r.createdAt.toISOString() };
}

// Writing -------------------------------------------------------------------------------------------------------------

function wordSource(ctx: AppContext): WordSource {
  return { version: () => filterVersion(ctx.db), load: () => loadWords(ctx.db) };
}

async function screen(ctx: AppContext, texts: string[]): Promise<string[]> {
  return findListedWords(ctx, wordSource(ctx), texts);
}

/** The posting limit: counted per account in the shared rate-limit table, so every API process sees the same count. */
async function countWrite(ctx: AppContext, auth: AuthState, kind: 'post' | 'reply'): Promise<void> {
  // Staff answer many students at once; the limit is for students.
  if (auth.role !== 'student') return;
  const nowMs = ctx.now().getTime();
  const windowStart = new Date(nowMs - (nowMs % FORUM_LIMIT_WINDOW_MS));
  const n = await incrementBucket(ctx.db, `forum:${kind}:${auth.accountId}`, windowStart);
  const max = kind === 'post' ? FORUM_POSTS_PER_WINDOW : FORUM_REPLIES_PER_WINDOW;
  if (n > max) throw AppError.tooMany(kind === 'post' ? FORUM_MSG.POST_LIMIT : FORUM_MSG.REPLY_LIMIT);
}

export async function createPost(ctx: AppContext, auth: AuthState, input: ForumPostInput): Promise<ForumWritten> {
  const reach = await reachOf(ctx, auth);
  const board = reach.boards.find((b) => b.id === input.board_id);
  if (!board) throw AppError.param('board_id', FORUM_MSG.BOARD_NOT_FOUND);
  await countWrite(ctx, auth, 'post');
  const hits = await screen(ctx, [input.title, input.body]);
  const held = hits.length > 0;
  const post = await insertPost(ctx.db, {
    boardId: board.id,
    authorId: auth.accountId,
    title: input.title,
    body: input.body,
    status: held ? 'held' : 'visible',
    holdReason: held ? 'filter' : null,
    heldWords: hits.join(','),
    now: ctx.now(),
  });
  return { id: post.id, post_id: post.id, status: post.status };
}

export async function editPost(ctx: AppContext, auth: AuthState, postId: number, input: ForumPostEdit): Promise<ForumWritten> {
  const { post } = await reachablePost(ctx, auth, postId);
  if (post.authorId !== auth.accountId) throw AppError.message(FORUM_MSG.NOT_YOURS);
  const hits = await screen(ctx, [input.title, input.body]);
  const row = await updatePostText(ctx.db, { id: post.id, authorId: auth.accountId, title: input.title, body: input.body, held: hits.length > 0, heldWords: hits.join(','), now: ctx.now() });
  if (!row) throw AppError.notFound(FORUM_MSG.POST_NOT_FOUND);
  return { id: row.id, post_id: row.id, status: row.status };
}

export async function deletePost(ctx: AppContext, auth: AuthState, postId: number): Promise<void> {
  const { post } = await reachablePost(ctx, auth, postId);
  if (post.authorId !== auth.accountId) throw AppError.message(FORUM_MSG.NOT_YOURS);
  // A repeat of the same delete finds nothing left to delete: already done, not an error.
  await softDeletePost(ctx.db, post.id, auth.accountId, ctx.now());
}

export async function createReply(ctx: AppContext, auth: AuthState, postId: number, body: string): Promise<ForumWritten> {
  const { post } = await reachablePost(ctx, auth, postId);
  if (post.status !== 'visible') throw AppError.message(FORUM_MSG.POST_CLOSED);
  await countWrite(ctx, auth, 'reply');
  const hits = await screen(ctx, [body]);
  const reply = await insertReply(ctx.db, { postId: post.id, authorId: auth.accountId, body, status: hits.length > 0 ? 'held' : 'visible', heldWords: hits.join(','), now: ctx.now() });
  return { id: reply.id, post_id: post.id, status: reply.status };
}

export async function deleteReply(ctx: AppContext, auth: AuthState, replyId: number): Promise<void> {
  const reply = await findReply(ctx.db, replyId);
  if (!reply || reply.deletedAt) throw AppError.notFound(FORUM_MSG.REPLY_NOT_FOUND);
  await reachablePost(ctx, auth, reply.postId);
  if (reply.authorId !== auth.accountId) throw AppError.message(FORUM_MSG.NOT_YOURS);
  await softDeleteReply(ctx.db, reply.id, auth.accountId, ctx.now());
}

export async function like(ctx: AppContext, auth: AuthState, postId: number, on: boolean): Promise<ForumLikeState> {
  const { post } = await reachablePost(ctx, auth, postId);
  if (post.status !== 'visible') throw AppError.message(FORUM_MSG.POST_CLOSED);
  if (on) await addLike(ctx.db, post.id, auth.accountId, ctx.now());
  else await removeLike(ctx.db, post.id, auth.accountId);
  const state = await likeState(ctx.db, post.id, auth.accountId);
  return { post_id: post.id, liked: state.liked, like_count: state.likeCount };
}

export async function report(ctx: AppContext, auth: AuthState, postId: number, reason: string): Promise<void> {
  const { post } = await reachablePost(ctx, auth, postId);
  if (post.authorId === auth.accountId) throw AppError.message(FORUM_MSG.CANNOT_REPORT_OWN);
  const filed = await insertReport(ctx.db, { postId: post.id, reporterId: auth.accountId, reason, threshold: FORUM_REPORTS_TO_HOLD, now: ctx.now() });
  if (!filed) throw AppError.message(FORUM_MSG.ALREADY_REPORTED);
}

// Moderation ----------------------------------------------------------------------------------------------------------

export async function queue(ctx: AppContext, auth: AuthState, viaConsole = false): Promise<ForumQueue> {
  const everyBoard = auth.isAdmin || viaConsole;
  const reach = await staffReach(ctx, auth, viaConsole);
  const mine = reach.boards.filter((b) => reach.moderates(b));
  const rows = await moderationQueue(ctx.db, everyBoard ? null : mine.map((b) => b.id), QUEUE_LIMIT);
  const authors = await authorsOf(ctx, [...rows.posts.map((p) => p.post.authorId), ...rows.replies.map((r) => r.reply.authorId)]);
  const boardRef = (b: BoardRow) => ({ id: b.id, kind: b.kind, title: b.title });
  const words = (s: string) => (s ? s.split(',') : []);
  const items: ForumQueueItem[] = [
    ...rows.posts.map(
      ({ post, board }): ForumQueueItem => ({
        kind: 'post',
        id: post.id,
        post_id: post.id,
        board: boardRef(board),
        title: post.title,
        body: post.body,
        author: authors.get(post.authorId)!,
        status: post.status,
        hold_reason: post.holdReason,
        held_words: words(post.heldWords),
        reports: (rows.reports.get(post.id) ?? []).map((r) => ({ reason: r.reason, created_at: r.createdAt.toISOString() })),
        created_at: post.createdAt.toISOString(),
      }),
    ),
    ...rows.replies.map(
      ({ reply, post, board }): ForumQueueItem => ({
        kind: 'reply',
        id: reply.id,
        post_id: post.id,
        board: boardRef(board),
        title: post.title,
        body: reply.body,
        author: authors.get(reply.authorId)!,
        status: reply.status,
        hold_reason: 'filter',
        held_words: words(reply.heldWords),
        reports: [],
        created_at: reply.createdAt.toISOString(),
      }),
    ),
  ];
  items.sort((a, b) => a.created_at.localeCompare(b.created_at));
  return { items };
}

async function moderatedBoard(ctx: AppContext, auth: AuthState, boardId: number, viaConsole: boolean): Promise<void> {
  const reach = await staffReach(ctx, auth, viaConsole);
  const board = reach.boards.find((b) => b.id === boardId);
  if (!board || !reach.moderates(board)) throw AppError.forbidden();
}

export async function moderatePost(ctx: AppContext, auth: AuthState, postId: number, status: 'visible' | 'hidden', reason: string, viaConsole = false): Promise<ForumModerated> {
  const post = await findPost(ctx.db, postId);
  if (!post || post.deletedAt) throw AppError.notFound(FORUM_MSG.POST_NOT_FOUND);
  await moderatedBoard(ctx, auth, post.boardId, viaConsole);
  const row = await moderatePostAudited(ctx.db, { id: post.id, status, reason, actorId: auth.accountId, now: ctx.now() });
  if (!row) throw AppError.notFound(FORUM_MSG.POST_NOT_FOUND);
  return { kind: 'post', id: row.id, status: row.status };
}

export async function moderateReply(ctx: AppContext, auth: AuthState, replyId: number, status: 'visible' | 'hidden', reason: string, viaConsole = false): Promise<ForumModerated> {
  const reply = await findReply(ctx.db, replyId);
  if (!reply || reply.deletedAt) throw AppError.notFound(FORUM_MSG.REPLY_NOT_FOUND);
  const post = await findPost(ctx.db, reply.postId);
  if (!post) throw AppError.notFound(FORUM_MSG.REPLY_NOT_FOUND);
  await moderatedBoard(ctx, auth, post.boardId, viaConsole);
  const row = await moderateReplyAudited(ctx.db, { id: reply.id, status, reason, actorId: auth.accountId, now: ctx.now() });
  if (!row) throw AppError.notFound(FORUM_MSG.REPLY_NOT_FOUND);
  return { kind: 'reply', id: row.id, status: row.status };
}

// Admin: the word list and programme boards ----------------------------------------------------------------------------

export async function wordList(ctx: AppContext): Promise<ForumWordList> {
  const { version, items } = await listWords(ctx.db);
  return { version, items: items.map((w) => ({ id: w.id, word: w.word, created_at: w.createdAt.toISOString() })) };
}

export async function addWords(ctx: AppContext, auth: AuthState, words: string[]): Promise<ForumWordList> {
  const clean = [...new Set(words.map(normaliseWord).filter((w) => w.length > 0))];
  if (clean.length === 0) throw AppError.param('words', FORUM_MSG.WORDS);
  await addWordsAudited(ctx.db, { words: clean, actorId: auth.accountId, now: ctx.now() });
  return wordList(ctx);
}

export async function removeWord(ctx: AppContext, auth: AuthState, id: number): Promise<ForumWordList> {
  // Deleting a word already deleted (a double click) leaves the list as asked.
  await deleteWordAudited(ctx.db, { id, actorId: auth.accountId, now: ctx.now() });
  return wordList(ctx);
}

export async function createProgrammeBoard(ctx: AppContext, auth: AuthState, input: ForumBoardInput): Promise<ForumBoard> {
  const board = await insertProgrammeBoardAudited(ctx.db, { title: input.title, description: input.description ?? '', actorId: auth.accountId, now: ctx.now() });
  return boardView(board, 0);
}

export async function boardsForAdmin(ctx: AppContext): Promise<ForumBoard[]> {
  const boards = await listAllBoards(ctx.db);
  const counts = await postCounts(
    ctx.db,
    boards.map((b) => b.id),
  );
  return boards.map((b) => boardView(b, counts.get(b.id) ?? 0));
}
