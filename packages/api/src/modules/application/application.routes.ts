import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG,
  applyStateSchema,
  applyStepRequestSchema,
  applyStepResultSchema,
  deadlinesSchema,
  deadlinesUpdateRequestSchema,
  studentFormListSchema,
  studentFormQuerySchema,
  studentFormRecordSchema,
  studentFormRequestSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { getApplyState, getStudentForms, saveStudentForm, writeApplyStep } from './application.service.ts';
import { getDeadlineList, updateDeadlines } from '../settings/deadlines.service.ts';

/** The application (steps 1 and 2), its deadlines, and the follow-up forms. */
export async function applicationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(
    '/api/deadlines',
    { config: { auth: 'public' }, schema: { tags: ['public'], summary: '申请截止时间（MRD、EB1、EB2、RD）', response: { 200: envelopeOf(deadlinesSchema) } } },
    async () => ok(await getDeadlineList(ctx)),
  );
  r.get(
    '/api/admin/settings/deadlines',
    { schema: { tags: ['admin'], summary: '申请截止时间设置', response: { 200: envelopeOf(deadlinesSchema) } } },
    async () => ok(await getDeadlineList(ctx)),
  );
  r.put(
    '/api/admin/settings/deadlines',
    { schema: { tags: ['admin'], summary: '修改申请截止时间（EB1 ≤ EB2 ≤ RD ≤ MRD，写入审计日志）', body: deadlinesUpdateRequestSchema, response: { 200: envelopeOf(deadlinesSchema) } } },
    async (req) => ok(await updateDeadlines(ctx, authOf(req), req.body), MSG.SAVE_OK),
  );

  r.get(
    '/api/student/v5/apply',
    { schema: { tags: ['student'], summary: '申请表（草稿或已提交的答案、批次、截止时间、已公布的录取结果）', response: { 200: envelopeOf(applyStateSchema) } } },
    async (req) => ok(await getApplyState(ctx, authOf(req))),
  );
  for (const step of [1, 2] as const) {
    r.post(
      `/api/student/v5/apply/step${step}`,
      {
        schema: {
          tags: ['student'],
          summary: step === 1 ? '申请第一步：保存草稿或提交基本信息' : '申请第二步：保存草稿或提交申请材料（需已缴申请费）',
          body: applyStepRequestSchema,
          response: { 200: envelopeOf(applyStepResultSchema) },
        },
      },
      async (req) => {
        const { state, msg } = await writeApplyStep(ctx, authOf(req), step, req.body);
        return ok(state, msg);
      },
    );
  }

  r.post(
    '/api/student/form',
    { schema: { tags: ['student'], summary: '提交表单（补充信息；入学表单 basic/previous/address/health 可带 draft: true 存草稿）', body: studentFormRequestSchema, response: { 200: envelopeOf(studentFormRecordSchema) } } },
    async (req) => {
      const { record, msg } = await saveStudentForm(ctx, authOf(req), req.body);
      return ok(record, msg);
    },
  );
  r.get(
    '/api/student/form',
    { schema: { tags: ['student'], summary: '读取补充信息表单（form_name=a,b）', querystring: studentFormQuerySchema, response: { 200: envelopeOf(studentFormListSchema) } } },
    async (req) => ok(await getStudentForms(ctx, authOf(req), req.query)),
  );
}
