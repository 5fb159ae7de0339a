import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, dueDateExtendRequestSchema, dueDateExtensionSchema, dueDateParamsSchema, feePlanSchema, feePlanUpdateRequestSchema, paymentPlanSchema, staffDuesSchema } from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { extendDueDate, getFeePlan, getStudentPaymentPlan, staffStudentDues, updateFeePlan } from './dues.service.ts';

/** Fee plans, per-student due dates and the student's installments (decision 072). */
export async function duesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/settings/fee-plan', { schema: { tags: ['admin'], summary: '缴费计划：全款或定金+尾款、截止时间、提醒与逾期规则', response: { 200: envelopeOf(feePlanSchema) } } }, async () =>
    ok(await getFeePlan(app.ctx)),
  );
  r.put(
    '/api/admin/settings/fee-plan',
    { schema: { tags: ['admin'], summary: '修改缴费计划（写入审计日志）', body: feePlanUpdateRequestSchema, response: { 200: envelopeOf(feePlanSchema) } } },
    async (req) => ok(await updateFeePlan(app.ctx, authOf(req), req.body), MSG.SAVE_OK),
  );
  r.get(
    '/api/admin/students/:userId/dues',
    { schema: { tags: ['admin'], summary: '某学生各笔学费款项的截止时间与状态（供延长缴费期限）', params: dueDateParamsSchema, response: { 200: envelopeOf(staffDuesSchema) } } },
    async (req) => ok(await staffStudentDues(app.ctx, req.params.userId)),
  );
  r.put(
    '/api/admin/students/:userId/due-date',
    {
      schema: {
        tags: ['admin'],
        summary: '为某学生延长某笔款项的缴费截止时间（写入审计日志）',
        params: dueDateParamsSchema,
        body: dueDateExtendRequestSchema,
        response: { 200: envelopeOf(dueDateExtensionSchema) },
      },
    },
    async (req) => ok(await extendDueDate(app.ctx, authOf(req), req.params.userId, req.body), MSG.SAVE_OK),
  );
  r.get('/api/student/payment/plan', { schema: { tags: ['payment'], summary: '学费缴费计划：各笔款项金额、截止时间与状态', response: { 200: envelopeOf(paymentPlanSchema) } } }, async (req) =>
    ok(await getStudentPaymentPlan(app.ctx, authOf(req))),
  );
}
