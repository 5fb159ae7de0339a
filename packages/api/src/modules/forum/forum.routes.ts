import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FORUM_MSG,
  forumBoardInputSchema,
  forumBoardSchema,
  forumIdParamsSchema,
  forumLikeStateSchema,
  forumModeratedSchema,
  forumModerationInputSchema,
  forumPageQuerySchema,
  forumPostDetailSchema,
  forumPostEditSchema,
  forumPostInputSchema,
  forumPostPageSchema,
  forumQueueSchema,
  forumReplyInputSchema,
  forumReportInputSchema,
  forumWordListSchema,
  forumWordsInputSchema,
  forumWrittenSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { emptyEnvelopeSchema, envelopeOf, ok } from '../../http/envelope.ts';
import * as svc from './forum.service.ts';

const written = { 200: envelopeOf(forumWrittenSchema) };
const boards = { 200: envelopeOf(z.array(forumBoardSchema)) };

/**
 * The forum (decision 102). Students read and write under /api/student/forum, teachers (their course and house
 * boards, and the programme boards) under /api/teacher/forum, where the moderators (a board's staff; admins on every
 * board) also find the queue and hide or restore. Admins edit the word list and the programme boards under /api/admin/forum.
 */
export async function forumRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  // Reading and writing: the same service for students and teachers; the path prefix names the role.
  for (const area of ['student', 'teacher'] as const) {
    const base = `/api/${area}/forum`;
    const tags = [area];
    r.get(`${base}/boards`, { schema: { tags, summary: '论坛：我可以参与的版块（项目、课程、学院）', response: boards } }, async (req) => ok(await svc.listBoards(ctx, authOf(req))));
    r.get(
      `${base}/boards/:id/posts`,
      { schema: { tags, summary: '论坛：版块的帖子（最新在前；自己的待审核帖子也在其中）', params: forumIdParamsSchema, querystring: forumPageQuerySchema, response: { 200: envelopeOf(forumPostPageSchema) } } },
      async (req) => ok(await svc.boardPosts(ctx, authOf(req), req.params.id, req.query.page ?? 1)),
    );
    r.get(
      `${base}/posts/:id`,
      { schema: { tags, summary: '论坛：帖子与回复', params: forumIdParamsSchema, response: { 200: envelopeOf(forumPostDetailSchema) } } },
      async (req) => ok(await svc.postDetail(ctx, authOf(req), req.params.id)),
    );
    r.post(`${base}/posts`, { schema: { tags, summary: '论坛：发帖（含敏感词的帖子待审核，仅作者可见）', body: forumPostInputSchema, response: written } }, async (req) => {
      const res = await svc.createPost(ctx, authOf(req), req.body);
      return ok(res, res.status === 'held' ? FORUM_MSG.HELD : FORUM_MSG.POSTED);
    });
    r.put(`${base}/posts/:id`, { schema: { tags, summary: '论坛：修改自己的帖子（重新过滤敏感词）', params: forumIdParamsSchema, body: forumPostEditSchema, response: written } }, async (req) => {
      const res = await svc.editPost(ctx, authOf(req), req.params.id, req.body);
      return ok(res, res.status === 'held' ? FORUM_MSG.HELD : FORUM_MSG.UPDATED);
    });
    r.delete(`${base}/posts/:id`, { schema: { tags, summary: '论坛：删除自己的帖子', params: forumIdParamsSchema, response: { 200: emptyEnvelopeSchema } } }, async (req) => {
      await svc.deletePost(ctx, authOf(req), req.params.id);
      return ok(null, FORUM_MSG.DELETED);
    });
    r.post(`${base}/posts/:id/replies`, { schema: { tags, summary: '论坛：回复帖子', params: forumIdParamsSchema, body: forumReplyInputSchema, response: written } }, async (req) => {
      const res = await svc.createReply(ctx, authOf(req), req.params.id, req.body.body);
      return ok(res, res.status === 'held' ? FORUM_MSG.HELD : FORUM_MSG.REPLIED);
    });
    r.delete(`${base}/replies/:id`, { schema: { tags, summary: '论坛：删除自己的回复', params: forumIdParamsSchema, response: { 200: emptyEnvelopeSchema } } }, async (req) => {
      await svc.deleteReply(ctx, authOf(req), req.params.id);
      return ok(null, FORUM_MSG.DELETED);
    });
  }

  // Likes and reports: students.
  const student = ['student'];
  r.post(
    '/api/student/forum/posts/:id/likes',
    { schema: { tags: student, summary: '论坛：点赞（每人每帖一次）', params: forumIdParamsSchema, response: { 200: envelopeOf(forumLikeStateSchema) } } },
    async (req) => ok(await svc.like(ctx, authOf(req), req.params.id, true)),
  );
  r.delete(
    '/api/student/forum/posts/:id/likes',
    { schema: { tags: student, summary: '论坛：取消点赞', params: forumIdParamsSchema, response: { 200: envelopeOf(forumLikeStateSchema) } } },
    async (req) => ok(await svc.like(ctx, authOf(req), req.params.id, false)),
  );
  r.post(
    '/api/student/forum/posts/:id/reports',
    { schema: { tags: student, summary: '论坛：举报帖子（每人每帖一次；多人举报的帖子暂时隐藏待审核）', params: forumIdParamsSchema, body: forumReportInputSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await svc.report(ctx, authOf(req), req.params.id, req.body.reason);
      return ok(null, FORUM_MSG.REPORTED);
    },
  );

  // Moderation: a board's staff on /api/teacher, admins on both prefixes.
  for (const area of ['teacher', 'admin'] as const) {
    const base = `/api/${area}/forum`;
    const tags = [area];
    r.get(`${base}/queue`, { schema: { tags, summary: '论坛审核：待审核与被举报的帖子、待审核的回复', response: { 200: envelopeOf(forumQueueSchema) } } }, async (req) => ok(await svc.queue(ctx, authOf(req), area === 'admin')));
    for (const [action, status, msg] of [
      ['hide', 'hidden', FORUM_MSG.HIDDEN],
      ['restore', 'visible', FORUM_MSG.RESTORED],
    ] as const) {
      r.post(
        `${base}/posts/:id/${action}`,
        { schema: { tags, summary: `论坛审核：${action === 'hide' ? '隐藏' : '恢复'}帖子（写入审计日志）`, params: forumIdParamsSchema, body: forumModerationInputSchema, response: { 200: envelopeOf(forumModeratedSchema) } } },
        async (req) => ok(await svc.moderatePost(ctx, authOf(req), req.params.id, status, req.body.reason, area === 'admin'), msg),
      );
      r.post(
        `${base}/replies/:id/${action}`,
        { schema: { tags, summary: `论坛审核：${action === 'hide' ? '隐藏' : '恢复'}回复（写入审计日志）`, params: forumIdParamsSchema, body: forumModerationInputSchema, response: { 200: envelopeOf(forumModeratedSchema) } } },
        async (req) => ok(await svc.moderateReply(ctx, authOf(req), req.params.id, status, req.body.reason, area === 'admin'), msg),
      );
    }
  }

  // Admin: the word list (the filter is rebuilt on every node at its next check) and programme boards.
  const admin = ['admin'];
  const wordList = { 200: envelopeOf(forumWordListSchema) };
  r.get('/api/admin/forum/words', { schema: { tags: admin, summary: '论坛敏感词列表', response: wordList } }, async () => ok(await svc.wordList(ctx)));
  r.post('/api/admin/forum/words', { schema: { tags: admin, summary: '添加敏感词（已有的忽略；写入审计日志）', body: forumWordsInputSchema, response: wordList } }, async (req) =>
    ok(await svc.addWords(ctx, authOf(req), req.body.words), FORUM_MSG.WORDS_SAVED),
  );
  r.delete('/api/admin/forum/words/:id', { schema: { tags: admin, summary: '删除敏感词（写入审计日志）', params: forumIdParamsSchema, response: wordList } }, async (req) =>
    ok(await svc.removeWord(ctx, authOf(req), req.params.id), FORUM_MSG.WORDS_SAVED),
  );
  r.get('/api/admin/forum/boards', { schema: { tags: admin, summary: '论坛全部版块', response: boards } }, async () => ok(await svc.boardsForAdmin(ctx)));
  r.post(
    '/api/admin/forum/boards',
    { schema: { tags: admin, summary: '新建项目版块（全体学生可见；同名版块只建一个；写入审计日志）', body: forumBoardInputSchema, response: { 200: envelopeOf(forumBoardSchema) } } },
    async (req) => ok(await svc.createProgrammeBoard(ctx, authOf(req), req.body)),
  );
}
