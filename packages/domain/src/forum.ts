/**
 * The forum (decision 102): boards per programme, per course and per house; posts, replies, likes and reports;
 * a sensitive-word filter whose hits wait for a moderator (待审核, seen only by their author); moderators hide and
 * restore. No private messages: everything a student writes is on a board that staff can see.
 */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { DB_INT_MAX, boundedStringSchema, queryIdSchema, requestObjectSchema, timestampSchema } from './api/common.ts';

export const FORUM_BOARD_KINDS = ['programme', 'course', 'house'] as const;
export type ForumBoardKind = (typeof FORUM_BOARD_KINDS)[number];
/** visible: everyone on the board sees it; held: waits for a moderator (its author sees 待审核); hidden: a moderator took it down. */
export const FORUM_ITEM_STATUSES = ['visible', 'held', 'hidden'] as const;
export type ForumItemStatus = (typeof FORUM_ITEM_STATUSES)[number];
export const FORUM_HOLD_REASONS = ['filter', 'reports'] as const;
export type ForumHoldReason = (typeof FORUM_HOLD_REASONS)[number];

export const FORUM_BOARD_KIND_LABELS: Record<ForumBoardKind, string> = { programme: '项目', course: '课程', house: '学院' };
export const FORUM_STATUS_LABELS: Record<ForumItemStatus, string> = { visible: '已发布', held: '待审核', hidden: '已隐藏' };

export const FORUM_TITLE_MAX = 60;
export const FORUM_BODY_MAX = 5000;
export const FORUM_REPLY_MAX = 1000;
export const FORUM_REASON_MAX = 200;
export const FORUM_WORD_MAX = 30;
/** Words one admin request may add at once (a pasted list). */
export const FORUM_WORDS_PER_REQUEST = 500;
export const FORUM_PAGE_SIZE = 20;
/** Posting limits per account, counted on the server across API processes: a window of ten minutes. */
export const FORUM_LIMIT_WINDOW_MS = 10 * 60_000;
export const FORUM_POSTS_PER_WINDOW = 5;
export const FORUM_REPLIES_PER_WINDOW = 20;
/** This many different readers' reports take a post off the board until a moderator decides. */
export const FORUM_REPORTS_TO_HOLD = 3;

export const FORUM_MSG = {
  TITLE: `请填写标题（不超过 ${FORUM_TITLE_MAX} 字）`,
  BODY: `请填写内容（不超过 ${FORUM_BODY_MAX} 字）`,
  REPLY: `请填写回复（不超过 ${FORUM_REPLY_MAX} 字）`,
  REASON: `请填写举报理由（不超过 ${FORUM_REASON_MAX} 字）`,
  MODERATION_REASON: `请填写处理说明（不超过 ${FORUM_REASON_MAX} 字）`,
  BOARD_REQUIRED: '请选择版块',
  BOARD_NOT_FOUND: '版块不存在',
  POST_NOT_FOUND: '帖子不存在',
  REPLY_NOT_FOUND: '回复不存在',
  WORD: `敏感词须为 1–${FORUM_WORD_MAX} 个字符`,
  WORDS: `请填写敏感词（每次最多 ${FORUM_WORDS_PER_REQUEST} 个）`,
  WORD_NOT_FOUND: '敏感词不存在',
  BOARD_TITLE: '请填写版块名称（不超过 30 字）',
  NOT_YOURS: '只能修改或删除自己的帖子',
  POST_LIMIT: `发帖太频繁了，每 10 分钟最多发 ${FORUM_POSTS_PER_WINDOW} 个帖子，请稍后再试`,
  REPLY_LIMIT: `回复太频繁了，每 10 分钟最多回复 ${FORUM_REPLIES_PER_WINDOW} 次，请稍后再试`,
  ALREADY_REPORTED: '你已举报过该帖子，我们会尽快处理',
  CANNOT_REPORT_OWN: '不能举报自己的帖子',
  POST_CLOSED: '该帖子暂不能回复',
  POSTED: '发布成功',
  HELD: '内容包含需审核的词语，审核通过后其他同学才能看到',
  UPDATED: '已保存',
  DELETED: '已删除',
  REPLIED: '回复成功',
  REPORTED: '举报已提交，感谢你的提醒',
  HIDDEN: '已隐藏',
  RESTORED: '已恢复',
  WORDS_SAVED: '敏感词已更新',
} as const;

const textField = (max: number, msg: string) => boundedStringSchema(max + 200).trim().min(1, { error: msg }).max(max, { error: msg });

export const forumPostInputSchema = requestObjectSchema({
  board_id: z.number({ error: FORUM_MSG.BOARD_REQUIRED }).int({ error: FORUM_MSG.BOARD_REQUIRED }).positive({ error: FORUM_MSG.BOARD_REQUIRED }).max(DB_INT_MAX, { error: FORUM_MSG.BOARD_REQUIRED }),
  title: textField(FORUM_TITLE_MAX, FORUM_MSG.TITLE),
  body: textField(FORUM_BODY_MAX, FORUM_MSG.BODY),
});
export type ForumPostInput = z.infer<typeof forumPostInputSchema>;

export const forumPostEditSchema = requestObjectSchema({
  title: textField(FORUM_TITLE_MAX, FORUM_MSG.TITLE),
  body: textField(FORUM_BODY_MAX, FORUM_MSG.BODY),
});
export type ForumPostEdit = z.infer<typeof forumPostEditSchema>;

export const forumReplyInputSchema = requestObjectSchema({ body: textField(FORUM_REPLY_MAX, FORUM_MSG.REPLY) });
export type ForumReplyInput = z.infer<typeof forumReplyInputSchema>;

export const forumReportInputSchema = requestObjectSchema({ reason: textField(FORUM_REASON_MAX, FORUM_MSG.REASON) });
export type ForumReportInput = z.infer<typeof forumReportInputSchema>;

export const forumModerationInputSchema = requestObjectSchema({ reason: textField(FORUM_REASON_MAX, FORUM_MSG.MODERATION_REASON) });
export type ForumModerationInput = z.infer<typeof forumModerationInputSchema>;

export const forumWordsInputSchema = requestObjectSchema({
  words: z
    .array(textField(FORUM_WORD_MAX, FORUM_MSG.WORD), { error: FORUM_MSG.WORDS })
    .min(1, { error: FORUM_MSG.WORDS })
    .max(FORUM_WORDS_PER_REQUEST, { error: FORUM_MSG.WORDS }),
});
export type ForumWordsInput = z.infer<typeof forumWordsInputSchema>;

export const forumBoardInputSchema = requestObjectSchema({
  title: textField(30, FORUM_MSG.BOARD_TITLE),
  description: boundedStringSchema(200).trim().optional(),
});
export type ForumBoardInput = z.infer<typeof forumBoardInputSchema>;

const pageQuery = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }).max(100_000, { error: MSG.PARAM_INVALID }).optional(),
);
export const forumPageQuerySchema = requestObjectSchema({ page: pageQuery });
export type ForumPageQuery = z.infer<typeof forumPageQuerySchema>;

export const forumIdParamsSchema = z.object({ id: queryIdSchema });

/**
 * Who wrote it, as other readers see it (decision 102): a student's name and house only (no school, region,
 * photo or contact); staff as their name and 老师.
 */
export const forumAuthorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(['student', 'staff']),
  house: z.object({ name: z.string(), colour: z.string() }).nullable(),
});
export type ForumAuthor = z.infer<typeof forumAuthorSchema>;

export const forumBoardSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FORUM_BOARD_KINDS),
  title: z.string(),
  description: z.string(),
  post_count: z.number().int(),
});
export type ForumBoard = z.infer<typeof forumBoardSchema>;

export const forumPostSummarySchema = z.object({
  id: z.number().int(),
  board_id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  author: forumAuthorSchema,
  status: z.enum(FORUM_ITEM_STATUSES),
  mine: z.boolean(),
  like_count: z.number().int(),
  liked: z.boolean(),
  reply_count: z.number().int(),
  created_at: timestampSchema,
  edited_at: timestampSchema.nullable(),
});
export type ForumPostSummary = z.infer<typeof forumPostSummarySchema>;

export const forumPostPageSchema = z.object({
  board: forumBoardSchema,
  items: z.array(forumPostSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ForumPostPage = z.infer<typeof forumPostPageSchema>;

export const forumReplySchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author: forumAuthorSchema,
  status: z.enum(FORUM_ITEM_STATUSES),
  mine: z.boolean(),
  created_at: timestampSchema,
});
export type ForumReply = z.infer<typeof forumReplySchema>;

export const forumPostDetailSchema = forumPostSummarySchema.extend({
  body: z.string(),
  board: forumBoardSchema,
  replies: z.array(forumReplySchema),
  reported: z.boolean(),
  /** The reader moderates this board (its teacher, TF or CSL, or an admin): hide and restore are offered. */
  can_moderate: z.boolean(),
});
export type ForumPostDetail = z.infer<typeof forumPostDetailSchema>;

export const forumLikeStateSchema = z.object({ post_id: z.number().int(), liked: z.boolean(), like_count: z.number().int() });
export type ForumLikeState = z.infer<typeof forumLikeStateSchema>;

/** One entry of the moderation queue: a held or reported post, or a held reply. */
export const forumQueueItemSchema = z.object({
  kind: z.enum(['post', 'reply']),
  id: z.number().int(),
  post_id: z.number().int(),
  board: z.object({ id: z.number().int(), kind: z.enum(FORUM_BOARD_KINDS), title: z.string() }),
  title: z.string(),
  body: z.string(),
  author: forumAuthorSchema,
  status: z.enum(FORUM_ITEM_STATUSES),
  hold_reason: z.enum(FORUM_HOLD_REASONS).nullable(),
  held_words: z.array(z.string()),
  reports: z.array(z.object({ reason: z.string(), created_at: timestampSchema })),
  created_at: timestampSchema,
});
export type ForumQueueItem = z.infer<typeof forumQueueItemSchema>;
export const forumQueueSchema = z.object({ items: z.array(forumQueueItemSchema) });
export type ForumQueue = z.infer<typeof forumQueueSchema>;

export const forumModeratedSchema = z.object({ kind: z.enum(['post', 'reply']), id: z.number().int(), status: z.enum(FORUM_ITEM_STATUSES) });
export type ForumModerated = z.infer<typeof forumModeratedSchema>;

export const forumWordSchema = z.object({ id: z.number().int(), word: z.string(), created_at: timestampSchema });
export const forumWordListSchema = z.object({ items: z.array(forumWordSchema), version: z.number().int() });
export type ForumWordList = z.infer<typeof forumWordListSchema>;

/** What a student's new post or reply became: visible at once, or held for a moderator. */
export const forumWrittenSchema = z.object({ id: z.number().int(), post_id: z.number().int(), status: z.enum(FORUM_ITEM_STATUSES) });
export type ForumWritten = z.infer<typeof forumWrittenSchema>;

/**
 * The text the filter reads besides the raw one: lower case, and without spaces, punctuation, symbols and
 * zero-width characters, so 坏 蛋 or 坏-蛋 is found like 坏蛋.
 */
export function normaliseForFilter(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\s\p{P}\p{S}\u200B-\u200D\uFEFF]/gu, '');
}

/** A sensitive word as stored: trimmed, NFKC, lower case (the filter compares lower case). */
export function normaliseWord(word: string): string {
  return word.normalize('NFKC').trim().toLowerCase();
}
