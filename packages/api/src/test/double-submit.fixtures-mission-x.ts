import { sql } from 'drizzle-orm';
import { inDays, type Fixture, type FixtureCtx } from './double-submit.kit.ts';

/** The mission-x write routes for the double-submit suite (decision 092); see double-submit.kit.ts for the helpers. */

/** The demo's Mission X activity (seed/demo-mission-x.ts). */
const activityId = (ctx: FixtureCtx) => ctx.one<number>(sql`select id from activities where kind = 'mission-x' order by id limit 1`);
const dsMission = (ctx: FixtureCtx) => ctx.one<number>(sql`select id from mission_x_missions where title = '双击测试任务' and withdrawn_at is null order by id desc limit 1`);

const body = async (ctx: FixtureCtx, over: Record<string, unknown> = {}) => ({
  activity_id: await activityId(ctx),
  title: '双击测试任务',
  brief: '写一段话。',
  deliverables: ['text'],
  points: 4,
  due_at: inDays(5),
  ...over,
});

export const MISSION_X_FIXTURES: Record<string, Fixture> = {
  // A live mission's title is unique within its activity (partial unique index): one mission.
  'POST /api/teacher/mission-x': { as: 'teacher', prepare: async (ctx) => ({ body: await body(ctx) }) },
  'PUT /api/teacher/mission-x/:id': { as: 'teacher', prepare: async (ctx) => ({ url: `/api/teacher/mission-x/${await dsMission(ctx)}`, body: await body(ctx, { points: 6 }) }) },
  // The hand-in is an upsert on (mission, student); the same content again changes nothing.
  'POST /api/student/activity/mission-x/:id/hand-in': { as: 'paid', prepare: async (ctx) => ({ url: `/api/student/activity/mission-x/${await dsMission(ctx)}/hand-in`, body: { text: '我的回答' } }) },
  // The review names the version it saw: one of eight identical accepts wins, the rest are told it is accepted.
  'PUT /api/teacher/mission-x/hand-ins/:id': {
    as: 'teacher',
    prepare: async (ctx) => {
      const missionId = await dsMission(ctx);
      const [row] = ((await ctx.db.execute(sql`select id, version from mission_x_hand_ins where mission_id = ${missionId} order by id desc limit 1`)) as unknown as { rows: Array<{ id: number; version: number }> }).rows;
      return { url: `/api/teacher/mission-x/hand-ins/${row!.id}`, body: { decision: 'accept', comment: '很好', version: Number(row!.version) } };
    },
  },
  // Withdrawing stamps withdrawn_at once; a second withdrawal answers the withdrawn mission.
  'DELETE /api/teacher/mission-x/:id': { as: 'teacher', prepare: async (ctx) => ({ url: `/api/teacher/mission-x/${await dsMission(ctx)}` }) },
};
