import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppError,
  MSG,
  REFUND_MSG,
  adminRefundListQuerySchema,
  adminRefundListSchema,
  adminRefundSchema,
  idempotencyKeySchema,
  refundCreateRequestSchema,
  refundParamsSchema,
  refundPolicySchema,
  refundPolicyUpdateRequestSchema,
  refundRejectRequestSchema,
  refundStudentParamsSchema,
  studentMoneySchema,
  studentRefundListSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { PaymentDeps } from '../payments/payment-events.service.ts';
import { getRefundPolicy, updateRefundPolicy } from './refund-policy.service.ts';
import { approveRefund, listAdminRefunds, rejectRefund, requestRefund, studentMoney, studentRefunds } from './refunds.service.ts';

/**
 * Refunds (decision 068). /api/admin/ routes are gated by ADMIN_ROUTE_PERMISSIONS
 * (money.refund, money.refund_approve, money.settings); the service adds the second-admin and deadline rules.
 */
export async function refundRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): PaymentDeps => ({ ctx: app.ctx, gateways: app.payments, log: app.log });
  const tags = ['refund'];

  r.post(
    '/api/admin/students/:userId/refunds',
    {
      schema: {
        tags,
        summary: '发起退款（按订单原路退回付款人；不超过可退金额；Idempotency-Key 请求头或 idempotency_key 字段可安全重试；超过审批额度须另一位管理员批准）',
        params: refundStudentParamsSchema,
        body: refundCreateRequestSchema,
        response: { 200: envelopeOf(adminRefundSchema) },
      },
    },
    async (req) => {
      const header = req.headers['idempotency-key'];
      let key: string | undefined;
      if (header !== undefined) {
        const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
        if (!parsed.success) throw AppError.param('Idempotency-Key', parsed.error.issues[0]?.message ?? MSG.PARAM_INVALID);
        key = parsed.data;
      }
      const { refund, waiting } = await requestRefund(deps(), authOf(req), req.params.userId, req.body, key);
      return ok(refund, waiting ? REFUND_MSG.WAITING_APPROVAL : REFUND_MSG.REQUESTED);
    },
  );
  r.get(
    '/api/admin/students/:userId/refunds',
    { schema: { tags, summary: '学生的缴费与退款：已付订单、按退款政策的建议金额、退款记录', params: refundStudentParamsSchema, response: { 200: envelopeOf(studentMoneySchema) } } },
    async (req) => ok(await studentMoney(deps(), authOf(req), req.params.userId)),
  );
  r.get(
    '/api/admin/refunds',
    { schema: { tags, summary: '退款列表（可按状态筛选）', querystring: adminRefundListQuerySchema, response: { 200: envelopeOf(adminRefundListSchema) } } },
    async (req) => ok(await listAdminRefunds(deps(), req.query)),
  );
  r.post(
    '/api/admin/refunds/:refundNo/approve',
    { schema: { tags, summary: '批准大额退款（审批人不能是发起人；批准后发送至支付渠道）', params: refundParamsSchema, response: { 200: envelopeOf(adminRefundSchema) } } },
    async (req) => ok(await approveRefund(deps(), authOf(req), req.params.refundNo), REFUND_MSG.APPROVED),
  );
  r.post(
    '/api/admin/refunds/:refundNo/reject',
    { schema: { tags, summary: '驳回待审批的退款', params: refundParamsSchema, body: refundRejectRequestSchema, response: { 200: envelopeOf(adminRefundSchema) } } },
    async (req) => ok(await rejectRefund(deps(), authOf(req), req.params.refundNo, req.body.reason || undefined), REFUND_MSG.REJECTED),
  );
  r.get(
    '/api/admin/settings/refund-policy',
    { schema: { tags, summary: '退款政策：截止时间、固定扣除项、审批额度（单位：分）', response: { 200: envelopeOf(refundPolicySchema) } } },
    async () => ok(await getRefundPolicy(app.ctx)),
  );
  r.put(
    '/api/admin/settings/refund-policy',
    { schema: { tags, summary: '修改退款政策（写入操作日志）', body: refundPolicyUpdateRequestSchema, response: { 200: envelopeOf(refundPolicySchema) } } },
    async (req) => ok(await updateRefundPolicy(app.ctx, authOf(req), req.body), MSG.SAVE_OK),
  );
  r.get(
    '/api/student/refunds',
    { schema: { tags, summary: '我的退款（金额、状态、时间）', response: { 200: envelopeOf(studentRefundListSchema) } } },
    async (req) => ok(await studentRefunds(deps(), authOf(req))),
  );
}
