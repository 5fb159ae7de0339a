import { sql } from 'drizzle-orm';
import { inDays, latest, type Fixture } from './double-submit.kit.ts';

const ACTIVITY_BODY = {
  kind: 'haa',
  title: '双击测试活动',
  content: '<p>内容</p>',
  opens_at: inDays(1),
  closes_at: inDays(3),
  audience: { kind: 'session', values: ['first'] },
  cta_label: '报名',
  cta_url: 'https://example.com/apply',
  agenda: [{ starts_at: inDays(1), title: '开场', speaker: '主持人', cue: '' }],
};

/** The activities write routes for the double-submit suite (decision 092); see double-submit.kit.ts for the helpers. */
export const ACTIVITIES_FIXTURES: Record<string, Fixture> = {
  'POST /api/admin/activities': { as: 'admin', body: ACTIVITY_BODY, additive: 'two activities with one title are two activities (the same call for two sessions is usual)' },
  // The row is locked while its fields and agenda are replaced: eight saves leave one agenda.
  'PUT /api/admin/activities/:id': { as: 'admin', body: { ...ACTIVITY_BODY, title: '双击测试活动（改）' }, prepare: async (ctx) => ({ url: `/api/admin/activities/${await latest(ctx, 'activities')}` }) },
  'PUT /api/admin/activities/:id/publish': { as: 'admin', body: { published: true }, prepare: async (ctx) => ({ url: `/api/admin/activities/${await latest(ctx, 'activities')}/publish` }) },
  // The demo's opening ceremony is live at the seed's time: one attendance row however often the link is opened.
  'POST /api/student/activities/:id/join': {
    as: 'paid',
    prepare: async (ctx) => ({ url: `/api/student/activities/${await ctx.one(sql`select id from activities where kind = 'opening' order by id limit 1`)}/join` }),
  },
};
