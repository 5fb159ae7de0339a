import { sql } from 'drizzle-orm';
import type { Fixture, FixtureCtx } from './double-submit.kit.ts';

/** The games write routes for the double-submit suite (decision 092); see double-submit.kit.ts for the helpers. */

/** The demo's brain-olympics activity (seed/demo-games.ts) and the round these fixtures make in it. */
const activityId = (ctx: FixtureCtx) => ctx.one<number>(sql`select id from activities where kind = 'brain-olympics' order by id limit 1`);
const dsRound = (ctx: FixtureCtx) => ctx.one<number>(sql`select id from games_quiz_rounds where title = '双击测试轮次' order by id desc limit 1`);
const dsQuestion = (ctx: FixtureCtx) => ctx.one<number>(sql`select q.id from games_quiz_questions q join games_quiz_rounds r on r.id = q.round_id where r.title = '双击测试轮次' order by q.position limit 1`);

export const GAMES_FIXTURES: Record<string, Fixture> = {
  // A round's title is unique within its activity: one round.
  'POST /api/teacher/brain-olympics': {
    as: 'teacher',
    prepare: async (ctx) => ({ body: { activity_id: await activityId(ctx), title: '双击测试轮次', questions: [{ prompt: '一加一等于几？', choices: ['1', '2'], answer: 1, seconds: 300, points: 10 }] } }),
  },
  // The round row is locked: one push opens the question, the others are told it is still running.
  'POST /api/teacher/brain-olympics/rounds/:id/push': { as: 'teacher', prepare: async (ctx) => ({ url: `/api/teacher/brain-olympics/rounds/${await dsRound(ctx)}/push` }) },
  // One answer per student per question (unique): the rest are told they answered already.
  'POST /api/student/brain-olympics/questions/:id/answer': { as: 'paid', prepare: async (ctx) => ({ url: `/api/student/brain-olympics/questions/${await dsQuestion(ctx)}/answer`, body: { choice: 1 } }) },
  // Ending stamps the round once; ending an ended round answers it as it is.
  'POST /api/teacher/brain-olympics/rounds/:id/end': { as: 'teacher', prepare: async (ctx) => ({ url: `/api/teacher/brain-olympics/rounds/${await dsRound(ctx)}/end` }) },
};
