/**
 * The forum (decision 102): boards (programme-wide, one per course, one per house), posts, replies, likes,
 * reports, and the sensitive-word list moderators edit. Posts and replies are never deleted: an author's delete
 * and a moderator's hide are states, so staff can always see what was said (no private channel with minors).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { FORUM_BOARD_KINDS, FORUM_HOLD_REASONS, FORUM_ITEM_STATUSES } from '@summit/domain/forum';
import { accounts } from './schema.ts';
import { courses, houses } from './schema-courses.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** A board. Course and house boards are made on first use, one per course or house (the unique indexes). */
export const forumBoards = pgTable(
  'forum_boards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: FORUM_BOARD_KINDS }).notNull(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    houseId: integer('house_id').references(() => houses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('forum_boards_course_uq').on(t.courseId),
    uniqueIndex('forum_boards_house_uq').on(t.houseId),
    check(
      'forum_boards_kind_ck',
      sql`(${t.kind} = 'programme' and ${t.courseId} is null and ${t.houseId} is null) or (${t.kind} = 'course' and ${t.courseId} is not null and ${t.houseId} is null) or (${t.kind} = 'house' and ${t.houseId} is not null and ${t.courseId} is null)`,
    ),
  ],
);

export const forumPosts = pgTable(
  'forum_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    boardId: integer('board_id')
      .notNull()
      .references(() => forumBoards.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: FORUM_ITEM_STATUSES }).notNull(),
    /** Why a post waits for a moderator: the word filter or its readers' reports. */
    holdReason: text('hold_reason', { enum: FORUM_HOLD_REASONS }),
    /** The list words the filter found, comma-joined, for the moderator (never shown to the author). */
    heldWords: text('held_words').notNull().default(''),
    moderatedBy: integer('moderated_by'),
    moderatedAt: tstz('moderated_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    editedAt: tstz('edited_at'),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [index('forum_posts_board_idx').on(t.boardId, t.id), index('forum_posts_status_idx').on(t.status, t.id)],
);

export const forumReplies = pgTable(
  'forum_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    status: text('status', { enum: FORUM_ITEM_STATUSES }).notNull(),
    heldWords: text('held_words').notNull().default(''),
    moderatedBy: integer('moderated_by'),
    moderatedAt: tstz('moderated_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [index('forum_replies_post_idx').on(t.postId, t.id), index('forum_replies_status_idx').on(t.status, t.id)],
);

/** One like per person per post: the primary key makes a repeated like a no-op under any concurrency. */
export const forumLikes = pgTable(
  'forum_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.accountId] })],
);

/** One report per person per post; resolved when a moderator hides or restores the post. */
export const forumReports = pgTable(
  'forum_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    resolvedAt: tstz('resolved_at'),
    resolvedBy: integer('resolved_by'),
  },
  (t) => [uniqueIndex('forum_reports_post_reporter_uq').on(t.postId, t.reporterId), index('forum_reports_open_idx').on(t.resolvedAt, t.postId)],
);

/** The sensitive-word list, edited by admins in the console. */
export const forumWords = pgTable(
  'forum_words',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    word: text('word').notNull(),
    createdBy: integer('created_by'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('forum_words_word_uq').on(t.word)],
);

/**
 * The word list's version, bumped in the same transaction as every edit: each API process compares it with the
 * version its filter was built from before it checks a post, so an edit takes effect on every node at once.
 */
export const forumFilterState = pgTable(
  'forum_filter_state',
  {
    id: smallint('id').primaryKey(),
    version: integer('version').notNull().default(0),
  },
  (t) => [check('forum_filter_state_one_ck', sql`${t.id} = 1`)],
);
