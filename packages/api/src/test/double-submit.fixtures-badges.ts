import { sql } from 'drizzle-orm';
import { ID, latest, type Fixture } from './double-submit.kit.ts';

const BADGE = { name: '双击徽章', description: '双击测试', criteria_text: '由老师颁发', criterion: 'manual', emblem: '双', colour: '#1d4ed8', published: true };
const HONOUR = { title: '双击荣誉', citation: '双击测试', honouree_name: '孙浩然', account_id: ID.paid, published: true };

/** The badges write routes for the double-submit suite (decision 092); see double-submit.kit.ts for the helpers. */
export const BADGES_FIXTURES: Record<string, Fixture> = {
  // Unique by name: one badge, the others 已有同名徽章.
  'POST /api/admin/badges': { as: 'admin', body: BADGE },
  // Serialised on the row: the first save changes it, the rest find nothing to change (no write, no audit row).
  'PUT /api/admin/badges/:id': { as: 'admin', body: { ...BADGE, description: '双击测试（改）' }, prepare: async (ctx) => ({ url: `/api/admin/badges/${await latest(ctx, 'badges')}` }) },
  // Unique per badge and student: one award, the others answer it.
  'POST /api/admin/badges/:id/awards': { as: 'admin', body: { account_id: ID.paid, note: '双击' }, prepare: async (ctx) => ({ url: `/api/admin/badges/${await latest(ctx, 'badges')}/awards` }) },
  // Revoked once (the row is locked): the others 该徽章已撤销.
  'POST /api/admin/badge-awards/:id/revoke': { as: 'admin', body: { reason: '双击测试' }, prepare: async (ctx) => ({ url: `/api/admin/badge-awards/${await latest(ctx, 'badge_awards')}/revoke` }) },
  'POST /api/admin/honours': { as: 'admin', body: HONOUR, additive: 'honours are citations, not keyed: one title may honour several students; the console disables 保存 while it is sent' },
  'PUT /api/admin/honours/:id': { as: 'admin', body: { ...HONOUR, citation: '双击测试（改）' }, prepare: async (ctx) => ({ url: `/api/admin/honours/${await latest(ctx, 'honours')}` }) },
  // Deleted once: the others 荣誉不存在.
  'DELETE /api/admin/honours/:id': { as: 'admin', prepare: async (ctx) => ({ url: `/api/admin/honours/${await latest(ctx, 'honours')}` }) },
  // Reads only: checks a credential the demo student holds (signed on that first read, once: the column is written if empty).
  'POST /api/badges/verify': {
    as: 'public',
    prepare: async (ctx) => {
      const token = await ctx.token('paid');
      const awardId = await ctx.one(sql`select id from badge_awards where account_id = ${ID.paid} and revoked_at is null order by id limit 1`);
      const res = await ctx.app.inject({ method: 'GET', url: `/api/student/badges/${awardId}/credential`, headers: { authorization: `Bearer ${token ?? ''}` } });
      return { body: { credential: res.body } };
    },
  },
};
