import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifySse from '@fastify/sse';
import {
  GAMES_MSG,
  answerResultSchema,
  gamesIdParamsSchema,
  quizAnswerInputSchema,
  quizRoundInputSchema,
  siegeSchema,
  studentBrainOlympicsSchema,
  teacherBrainOlympicsSchema,
  teacherRoundSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { closeHub } from './games.live.ts';
import { getSiege } from './games.siege.ts';
import { answerQuestion, createRound, endRound, getStudentBoard, getTeacherBoard, liveHub, pushNext, roundForStudent, roundForTeacher } from './games.service.ts';

/** The stream's events are JSON the hub wrote once for every stream; sent as they are. */
const SSE_ROUTE = { kind: 'only' as const, serializer: (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data)) };

/**
 * Holds a stream open and hands it to this process's hub: every change of the round arrives as one `state` event
 * with the whole public state (the client needs no other read to catch up after a reconnect).
 */
async function stream(app: FastifyInstance, reply: FastifyReply, roundId: number): Promise<void> {
  reply.sse.keepAlive();
  reply.sse.sendHeaders();
  const detach = await liveHub(app.ctx).attach(roundId, (json) => {
    if (reply.sse.isConnected) void reply.sse.send({ event: 'state', data: json }).catch(() => {});
  });
  reply.sse.onClose(detach);
}

/**
 * 脑力奥赛 (decision 105): students read their rounds, answer, and hold a live stream; teachers create rounds, push
 * questions and end rounds. The stream is a fetch with the bearer header (no token in the URL).
 */
export async function gamesRoutes(app: FastifyInstance) {
  await app.register(fastifySse, { heartbeatInterval: 20_000 });
  app.addHook('onClose', async () => closeHub(app.ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(
    '/api/student/brain-olympics',
    { schema: { tags: ['student'], summary: '脑力奥赛：我可参加的各轮比赛（当前题、排行榜、我的作答）', response: { 200: envelopeOf(studentBrainOlympicsSchema) } } },
    async (req) => ok(await getStudentBoard(ctx, authOf(req))),
  );
  r.get(
    '/api/student/brain-olympics/rounds/:id/stream',
    { sse: SSE_ROUTE, schema: { tags: ['student'], summary: '脑力奥赛：本轮实时推送（text/event-stream，state 事件）', params: gamesIdParamsSchema } },
    async (req, reply) => {
      const round = await roundForStudent(ctx, authOf(req), req.params.id);
      await stream(app, reply, round.id);
    },
  );
  r.post(
    '/api/student/brain-olympics/questions/:id/answer',
    { schema: { tags: ['student'], summary: '脑力奥赛：作答（服务器计时，超时不计；每题一次）', params: gamesIdParamsSchema, body: quizAnswerInputSchema, response: { 200: envelopeOf(answerResultSchema) } } },
    async (req) => ok(await answerQuestion(ctx, authOf(req), req.params.id, req.body.choice), GAMES_MSG.ANSWERED),
  );

  r.get(
    '/api/student/xii-siege',
    { schema: { tags: ['student'], summary: '十二学院攻城：按学院杯积分划分的领地地图', response: { 200: envelopeOf(siegeSchema) } } },
    async (req) => ok(await getSiege(ctx, authOf(req))),
  );

  const tags = ['teacher'];
  r.get(
    '/api/teacher/brain-olympics',
    { schema: { tags, summary: '脑力奥赛：活动与各轮比赛（含每题作答数）', response: { 200: envelopeOf(teacherBrainOlympicsSchema) } } },
    async (req) => ok(await getTeacherBoard(ctx, authOf(req))),
  );
  r.post(
    '/api/teacher/brain-olympics',
    { schema: { tags, summary: '脑力奥赛：创建一轮比赛及题目（写入审计日志）', body: quizRoundInputSchema, response: { 200: envelopeOf(teacherRoundSchema) } } },
    async (req) => ok(await createRound(ctx, authOf(req), req.body), GAMES_MSG.CREATED),
  );
  r.post(
    '/api/teacher/brain-olympics/rounds/:id/push',
    { schema: { tags, summary: '脑力奥赛：推送下一题（出题老师或管理员；写入审计日志）', params: gamesIdParamsSchema, response: { 200: envelopeOf(teacherRoundSchema) } } },
    async (req) => ok(await pushNext(ctx, authOf(req), req.params.id), GAMES_MSG.PUSHED),
  );
  r.post(
    '/api/teacher/brain-olympics/rounds/:id/end',
    { schema: { tags, summary: '脑力奥赛：结束本轮（出题老师或管理员；写入审计日志）', params: gamesIdParamsSchema, response: { 200: envelopeOf(teacherRoundSchema) } } },
    async (req) => ok(await endRound(ctx, authOf(req), req.params.id), GAMES_MSG.ENDED),
  );
  r.get(
    '/api/teacher/brain-olympics/rounds/:id/stream',
    { sse: SSE_ROUTE, schema: { tags, summary: '脑力奥赛：本轮实时推送（老师观看）', params: gamesIdParamsSchema } },
    async (req, reply) => {
      const round = await roundForTeacher(ctx, req.params.id);
      await stream(app, reply, round.id);
    },
  );
}
