import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TALENT_MSG,
  idParamsSchema,
  studentTalentShowSchema,
  talentEntryInputSchema,
  talentLikeSchema,
  talentMyEntrySchema,
  talentReviewInputSchema,
  talentRulesInputSchema,
  talentRulesSchema,
  talentSheetInputSchema,
  talentSheetSchema,
  talentShowQuerySchema,
  teacherTalentShowSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { emptyEnvelopeSchema, envelopeOf, ok } from '../../http/envelope.ts';
import {
  getRules,
  getStudentTalentShow,
  getTeacherTalentShow,
  like,
  readMedia,
  reviewEntry,
  saveRules,
  saveSheet,
  submitEntry,
  unlike,
  withdrawEntry,
  type MediaAnswer,
} from './talent-show.service.ts';

function sendMedia(reply: FastifyReply, answer: MediaAnswer) {
  reply.header('cache-control', 'private, no-store');
  if (answer.kind === 'redirect') return reply.redirect(answer.url, 302);
  return reply
    .header('content-type', answer.contentType)
    .header('content-length', answer.sizeBytes)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(answer.stream);
}

/** The talent show (decision 103): students submit, like and browse; staff review; judges score; admins set the rules. */
export async function talentShowRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const student = ['student'];
  const teacher = ['teacher'];

  r.get(
    '/api/student/talent-show',
    { schema: { tags: student, summary: '才艺秀：活动信息、我的作品、作品展（已审核）与入围名单（公布时间后）', querystring: talentShowQuerySchema, response: { 200: envelopeOf(studentTalentShowSchema) } } },
    async (req) => ok(await getStudentTalentShow(ctx, authOf(req), req.query.activity_id)),
  );
  r.post(
    '/api/student/talent-show/entries',
    { schema: { tags: student, summary: '提交或修改我的才艺秀作品（须监护人同意展示肖像；修改后重新审核）', body: talentEntryInputSchema, response: { 200: envelopeOf(talentMyEntrySchema) } } },
    async (req) => ok(await submitEntry(ctx, authOf(req), req.body), TALENT_MSG.SUBMITTED),
  );
  r.delete(
    '/api/student/talent-show/entries/:id',
    { schema: { tags: student, summary: '撤回我的作品（同时撤回展示授权；结果公布后不可撤回）', params: idParamsSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await withdrawEntry(ctx, authOf(req), req.params.id);
      return { status: 200 as const, msg: TALENT_MSG.WITHDRAWN };
    },
  );
  r.post(
    '/api/student/talent-show/entries/:id/like',
    { schema: { tags: student, summary: '为作品点赞（每人每件作品一次）', params: idParamsSchema, response: { 200: envelopeOf(talentLikeSchema) } } },
    async (req) => ok(await like(ctx, authOf(req), req.params.id)),
  );
  r.delete(
    '/api/student/talent-show/entries/:id/like',
    { schema: { tags: student, summary: '取消点赞', params: idParamsSchema, response: { 200: envelopeOf(talentLikeSchema) } } },
    async (req) => ok(await unlike(ctx, authOf(req), req.params.id)),
  );
  r.get(
    '/api/student/talent-show/media/:id',
    { schema: { tags: student, summary: '作品图片（本人，或同一活动的学生可见已审核作品）', params: idParamsSchema } },
    async (req, reply) => sendMedia(reply, await readMedia(ctx, authOf(req), req.params.id)),
  );

  r.get(
    '/api/teacher/talent-show',
    { schema: { tags: teacher, summary: '才艺秀评审：待评分作品与我的评分表；管理员与工作人员另见全部作品以审核', querystring: talentShowQuerySchema, response: { 200: envelopeOf(teacherTalentShowSchema) } } },
    async (req) => ok(await getTeacherTalentShow(ctx, authOf(req), req.query.activity_id)),
  );
  r.put(
    '/api/teacher/talent-show/entries/:id/review',
    { schema: { tags: teacher, summary: '审核作品：通过（进入作品展）或隐藏（管理员、工作人员；审计）', params: idParamsSchema, body: talentReviewInputSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await reviewEntry(ctx, authOf(req), req.params.id, req.body);
      return { status: 200 as const, msg: req.body.status === 'approved' ? TALENT_MSG.APPROVED : TALENT_MSG.HIDDEN };
    },
  );
  r.put(
    '/api/teacher/talent-show/entries/:id/sheet',
    { schema: { tags: teacher, summary: '评委评分：每项标准 0–10 分，每位评委每件作品一张评分表，结果公布前可修改', params: idParamsSchema, body: talentSheetInputSchema, response: { 200: envelopeOf(talentSheetSchema.nullable()) } } },
    async (req) => ok(await saveSheet(ctx, authOf(req), req.params.id, req.body), TALENT_MSG.SCORED),
  );
  r.get(
    '/api/teacher/talent-show/media/:id',
    { schema: { tags: teacher, summary: '作品图片（教师可见已审核作品；管理员与工作人员可见全部）', params: idParamsSchema } },
    async (req, reply) => sendMedia(reply, await readMedia(ctx, authOf(req), req.params.id)),
  );
  r.get(
    '/api/teacher/talent-show/rules',
    { schema: { tags: teacher, summary: '才艺秀评选规则：评分标准与权重、评委、入围人数、结果公布时间', querystring: talentShowQuerySchema, response: { 200: envelopeOf(talentRulesSchema) } } },
    async (req) => ok(await getRules(ctx, authOf(req), req.query.activity_id)),
  );
  r.put(
    '/api/teacher/talent-show/rules',
    { schema: { tags: teacher, summary: '修改并发布评选规则（仅管理员；已有评分后评分标准不可改；审计）', body: talentRulesInputSchema, response: { 200: envelopeOf(talentRulesSchema) } } },
    async (req) => ok(await saveRules(ctx, authOf(req), req.body), TALENT_MSG.RULES_SAVED),
  );
}
