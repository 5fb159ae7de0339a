import { sql } from 'drizzle-orm';
import { ID, send, type Fixture, type FixtureCtx } from './double-submit.kit.ts';

/** The demo's boards and posts (seed/demo-forum.ts). */
const hall = (ctx: FixtureCtx) => ctx.one(sql`select id from forum_boards where kind = 'programme' and title = '项目大厅'`);
const hello = (ctx: FixtureCtx) => ctx.one(sql`select id from forum_posts where title = '大家好，我是王可欣'`);
const latestPostOf = (ctx: FixtureCtx, authorId: number) => ctx.one(sql`select id from forum_posts where author_id = ${authorId} and deleted_at is null order by id desc limit 1`);
const latestReplyOf = (ctx: FixtureCtx, authorId: number) => ctx.one(sql`select id from forum_replies where author_id = ${authorId} and deleted_at is null order by id desc limit 1`);
const heldPost = (ctx: FixtureCtx) => ctx.one(sql`select id from forum_posts where title = '组队学习'`);
const replyOnHello = (ctx: FixtureCtx) => ctx.one(sql`select r.id from forum_replies r join forum_posts p on p.id = r.post_id where p.title = '大家好，我是王可欣' order by r.id limit 1`);
const MOD = { reason: '双击测试处理' };

/** The forum write routes for the double-submit suite (decision 092); see double-submit.kit.ts for the helpers. */
export const FORUM_FIXTURES: Record<string, Fixture> = {
  'POST /api/student/forum/posts': {
    as: 'paid',
    prepare: async (ctx) => ({ body: { board_id: await hall(ctx), title: '双击测试帖', body: '内容' } }),
    additive: 'two posts are two posts (a student may say the same thing twice); the posting limit caps a burst at five',
  },
  'PUT /api/student/forum/posts/:id': { as: 'paid', body: { title: '双击测试帖（改）', body: '改过的内容' }, prepare: async (ctx) => ({ url: `/api/student/forum/posts/${await latestPostOf(ctx, ID.paid)}` }) },
  'POST /api/student/forum/posts/:id/replies': {
    as: 'paid',
    prepare: async (ctx) => ({ url: `/api/student/forum/posts/${await hello(ctx)}/replies`, body: { body: '双击测试回复' } }),
    additive: 'two replies are two replies; the reply limit caps a burst',
  },
  'DELETE /api/student/forum/replies/:id': { as: 'paid', prepare: async (ctx) => ({ url: `/api/student/forum/replies/${await latestReplyOf(ctx, ID.paid)}` }) },
  // A like is a row keyed by (post, person); the demo's 孙浩然 liked this post already, so this is the repeat too.
  'POST /api/student/forum/posts/:id/likes': { as: 'paid', prepare: async (ctx) => ({ url: `/api/student/forum/posts/${await hello(ctx)}/likes` }) },
  'DELETE /api/student/forum/posts/:id/likes': { as: 'paid', prepare: async (ctx) => ({ url: `/api/student/forum/posts/${await hello(ctx)}/likes` }) },
  // One report per person per post (a unique index): the others are told it was filed already.
  'POST /api/student/forum/posts/:id/reports': { as: 'paid', body: { reason: '双击测试举报' }, prepare: async (ctx) => ({ url: `/api/student/forum/posts/${await hello(ctx)}/reports` }) },
  'DELETE /api/student/forum/posts/:id': { as: 'paid', prepare: async (ctx) => ({ url: `/api/student/forum/posts/${await latestPostOf(ctx, ID.paid)}` }) },

  'POST /api/teacher/forum/posts': {
    as: 'teacher',
    prepare: async (ctx) => ({ body: { board_id: await hall(ctx), title: '老师的双击测试帖', body: '内容' } }),
    additive: 'two posts are two posts (a teacher may post the same notice on purpose)',
  },
  'PUT /api/teacher/forum/posts/:id': { as: 'teacher', body: { title: '老师的帖（改）', body: '改过的内容' }, prepare: async (ctx) => ({ url: `/api/teacher/forum/posts/${await latestPostOf(ctx, ID.teacher)}` }) },
  'POST /api/teacher/forum/posts/:id/replies': {
    as: 'teacher',
    prepare: async (ctx) => ({ url: `/api/teacher/forum/posts/${await hello(ctx)}/replies`, body: { body: '老师的双击测试回复' } }),
    additive: 'two replies are two replies',
  },
  'DELETE /api/teacher/forum/replies/:id': { as: 'teacher', prepare: async (ctx) => ({ url: `/api/teacher/forum/replies/${await latestReplyOf(ctx, ID.teacher)}` }) },
  'DELETE /api/teacher/forum/posts/:id': { as: 'teacher', prepare: async (ctx) => ({ url: `/api/teacher/forum/posts/${await latestPostOf(ctx, ID.teacher)}` }) },

  // Moderation sets a state: eight hides leave the post hidden (each is logged in the audit log, which is not compared).
  'POST /api/teacher/forum/posts/:id/restore': { as: 'admin', body: MOD, prepare: async (ctx) => ({ url: `/api/teacher/forum/posts/${await heldPost(ctx)}/restore` }) },
  'POST /api/teacher/forum/posts/:id/hide': { as: 'admin', body: MOD, prepare: async (ctx) => ({ url: `/api/teacher/forum/posts/${await heldPost(ctx)}/hide` }) },
  'POST /api/admin/forum/posts/:id/restore': { as: 'admin', body: MOD, prepare: async (ctx) => ({ url: `/api/admin/forum/posts/${await heldPost(ctx)}/restore` }) },
  'POST /api/admin/forum/posts/:id/hide': { as: 'admin', body: MOD, prepare: async (ctx) => ({ url: `/api/admin/forum/posts/${await heldPost(ctx)}/hide` }) },
  'POST /api/teacher/forum/replies/:id/hide': { as: 'admin', body: MOD, prepare: async (ctx) => ({ url: `/api/teacher/forum/replies/${await replyOnHello(ctx)}/hide` }) },
  'POST /api/teacher/forum/replies/:id/restore': { as: 'admin', body: MOD, prepare: async (ctx) => ({ url: `/api/teacher/forum/replies/${await replyOnHello(ctx)}/restore` }) },
  'POST /api/admin/forum/replies/:id/hide': { as: 'admin', body: MOD, prepare: async (ctx) => ({ url: `/api/admin/forum/replies/${await replyOnHello(ctx)}/hide` }) },
  'POST /api/admin/forum/replies/:id/restore': { as: 'admin', body: MOD, prepare: async (ctx) => ({ url: `/api/admin/forum/replies/${await replyOnHello(ctx)}/restore` }) },

  // A listed word is listed once (a unique index); the version moves with the first only.
  'POST /api/admin/forum/words': { as: 'admin', body: { words: ['双击测试词'] } },
  'DELETE /api/admin/forum/words/:id': {
    as: 'admin',
    prepare: async (ctx) => (await send(ctx, 'admin', 'POST', '/api/admin/forum/words', { words: ['双击删除词'] }), { url: `/api/admin/forum/words/${await ctx.one(sql`select id from forum_words where word = '双击删除词'`)}` }),
  },
  // One programme board per name (a natural-key lock): the repeats find the first.
  'POST /api/admin/forum/boards': { as: 'admin', body: { title: '双击测试版块', description: '测试' } },
};
