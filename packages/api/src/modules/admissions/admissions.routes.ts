import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG,
  adminAidItemSchema,
  adminAidListQuerySchema,
  adminAidListSchema,
  adminApplicationDetailSchema,
  adminApplicationListQuerySchema,
  adminApplicationListSchema,
  adminUserParamsSchema,
  admissionDecisionSchema,
  aidDecideRequestSchema,
  decisionSaveRequestSchema,
  releaseRequestSchema,
  releaseResultSchema,
  type PaymentPurpose,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { emptyEnvelopeSchema, envelopeOf, ok } from '../../http/envelope.ts';
import { retireOpenOrders } from '../payments/payments.service.ts';
import type { PaymentDeps } from '../payments/payment-events.service.ts';
import { sendSheet } from '../../http/xlsx-stream.ts';
import { decideAidRequest, deleteDecision, exportAid, exportApplications, getAdminApplication, listAdminApplications, listAid, releaseBulk, saveDecision, withdraw } from './admissions.service.ts';

/** The orders an offer withdrawal or an aid change leaves mispriced: the summer tuition and its installments. */
const TUITION_PURPOSES: readonly PaymentPurpose[] = ['tuition', 'tuition_deposit', 'tuition_final'];

/** Admin admissions (decisions 011, 012). The auth hook limits /api/admin/ to is_admin teachers. */
export async function admissionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const paymentDeps = (): PaymentDeps => ({ ctx: app.ctx, gateways: app.payments, log: app.log });
  const tags = ['admin'];

  r.get(
    '/api/admin/applications',
    { schema: { tags, summary: '申请列表（批次、阶段、学校、省份、关键词筛选，分页）', querystring: adminApplicationListQuerySchema, response: { 200: envelopeOf(adminApplicationListSchema) } } },
    async (req) => ok(await listAdminApplications(app.ctx, req.query)),
  );
  r.get(
    '/api/admin/applications/export',
    { schema: { tags, summary: '导出申请列表（.xlsx，按当前筛选）', querystring: adminApplicationListQuerySchema } },
    async (req, reply) => {
      const { fileName, stream } = exportApplications(app.ctx, req.query);
      return sendSheet(req, reply, 'applications.xlsx', fileName, stream);
    },
  );
  r.get(
    '/api/admin/financial-aid/export',
    { schema: { tags, summary: '导出助学金申请（.xlsx，按当前筛选；金额为元，两位小数）', querystring: adminAidListQuerySchema } },
    async (req, reply) => {
      const { fileName, stream } = await exportAid(app.ctx, req.query);
      return sendSheet(req, reply, 'financial-aid.xlsx', fileName, stream);
    },
  );
  r.post(
    '/api/admin/applications/release',
    { schema: { tags, summary: '批量发布录取结果草稿（一个事务）', body: releaseRequestSchema, response: { 200: envelopeOf(releaseResultSchema) } } },
    async (req) => ok(await releaseBulk(app.ctx, authOf(req), req.body, req.log)),
  );
  r.get(
    '/api/admin/applications/:userId',
    { schema: { tags, summary: '申请详情（资料、申请表、进度、决定、助学金、订单、操作记录）', params: adminUserParamsSchema, response: { 200: envelopeOf(adminApplicationDetailSchema) } } },
    async (req) => ok(await getAdminApplication(app.ctx, req.params.userId)),
  );
  r.put(
    '/api/admin/applications/:userId/decision',
    { schema: { tags, summary: '保存录取结果草稿（录取/拒绝/候补）', params: adminUserParamsSchema, body: decisionSaveRequestSchema, response: { 200: envelopeOf(admissionDecisionSchema) } } },
    async (req) => ok(await saveDecision(app.ctx, authOf(req), req.params.userId, req.body), MSG.SAVE_OK),
  );
  r.delete(
    '/api/admin/applications/:userId/decision',
    { schema: { tags, summary: '删除未发布的录取结果草稿', params: adminUserParamsSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await deleteDecision(app.ctx, authOf(req), req.params.userId);
      return { status: 200 as const, msg: MSG.ADMISSION_DRAFT_DELETED };
    },
  );
  r.post(
    '/api/admin/applications/:userId/decision/withdraw',
    { schema: { tags, summary: '撤回已发布的录取结果（回到草稿；已缴学费后不可撤回）', params: adminUserParamsSchema, response: { 200: envelopeOf(admissionDecisionSchema) } } },
    async (req) => {
      const decision = await withdraw(app.ctx, authOf(req), req.params.userId);
      await retireOpenOrders(paymentDeps(), req.params.userId, TUITION_PURPOSES);
      return ok(decision, MSG.ADMISSION_WITHDRAWN);
    },
  );

  r.get(
    '/api/admin/financial-aid',
    { schema: { tags, summary: '助学金申请列表', querystring: adminAidListQuerySchema, response: { 200: envelopeOf(adminAidListSchema) } } },
    async (req) => ok(await listAid(app.ctx, req.query)),
  );
  r.put(
    '/api/admin/financial-aid/:userId',
    { schema: { tags, summary: '批准（金额，单位：分）或拒绝助学金申请', params: adminUserParamsSchema, body: aidDecideRequestSchema, response: { 200: envelopeOf(adminAidItemSchema) } } },
    async (req) => {
      const item = await decideAidRequest(app.ctx, authOf(req), req.params.userId, req.body);
      // The open tuition order was priced with the previous aid.
      await retireOpenOrders(paymentDeps(), req.params.userId, TUITION_PURPOSES);
      return ok(item, MSG.SAVE_OK);
    },
  );
}
