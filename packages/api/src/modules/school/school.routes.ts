import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SCHOOL_MSG,
  schoolRecommendationCreateSchema,
  schoolRecommendRequestSchema,
  schoolRecommendResultSchema,
  schoolStudentDetailSchema,
  schoolStudentFilterSchema,
  schoolStudentHistorySchema,
  schoolStudentListQuerySchema,
  schoolStudentListSchema,
  schoolStudentParamsSchema,
} from '@summit/domain';
import { sendSheet } from '../../http/xlsx-stream.ts';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { exportStudents, getStudent, getStudentHistory, listStudents, recommendStudent } from './school.service.ts';


/** The school portal (decision 059). The auth hook limits /api/school/ to school accounts. */
export async function schoolRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['school'];

  r.get(
    '/api/school/student-apply',
    {
      schema: {
        tags,
        summary: '本校学生及申请进度（搜索、进度/批次/录取/学费筛选，分页）',
        querystring: schoolStudentListQuerySchema,
        response: { 200: envelopeOf(schoolStudentListSchema) },
      },
    },
    async (req) => ok(await listStudents(ctx, authOf(req), req.query)),
  );
  r.get(
    '/api/school/student-admission/:userId',
    { schema: { tags, summary: '本校学生详情（申请、录取、缴费状态、会场、推荐）', params: schoolStudentParamsSchema, response: { 200: envelopeOf(schoolStudentDetailSchema) } } },
    async (req) => ok(await getStudent(ctx, authOf(req), req.params.userId)),
  );
  r.get(
    '/api/school/student-history/:userId',
    { schema: { tags, summary: '本校学生历年记录', params: schoolStudentParamsSchema, response: { 200: envelopeOf(schoolStudentHistorySchema) } } },
    async (req) => ok(await getStudentHistory(ctx, authOf(req), req.params.userId)),
  );
  r.put(
    '/api/school/student-apply/:userId/recommend',
    {
      schema: {
        tags,
        summary: '推荐本校学生（recommended=true 附推荐理由）或撤回推荐',
        params: schoolStudentParamsSchema,
        body: schoolRecommendRequestSchema,
        response: { 200: envelopeOf(schoolRecommendResultSchema) },
      },
    },
    async (req) => {
      const comment = req.body.recommended ? (req.body.comment ?? '').trim() : null;
      return ok(await recommendStudent(ctx, authOf(req), req.params.userId, comment), comment === null ? SCHOOL_MSG.RECOMMEND_WITHDRAWN : SCHOOL_MSG.RECOMMEND_SAVED);
    },
  );
  r.post(
    '/api/school/recommendation',
    { schema: { tags, summary: '提交学校推荐（user_id 与推荐理由）', body: schoolRecommendationCreateSchema, response: { 200: envelopeOf(schoolRecommendResultSchema) } } },
    async (req) => ok(await recommendStudent(ctx, authOf(req), req.body.user_id, req.body.comment), SCHOOL_MSG.RECOMMEND_SAVED),
  );
  r.get(
    '/api/school/export',
    { schema: { tags, summary: '导出本校学生名单（.xlsx，按当前筛选）', querystring: schoolStudentFilterSchema } },
    async (req, reply) => {
      const { fileName, asciiName, stream } = await exportStudents(ctx, authOf(req), req.query);
      return sendSheet(req, reply, asciiName, fileName, stream);
    },
  );
}
