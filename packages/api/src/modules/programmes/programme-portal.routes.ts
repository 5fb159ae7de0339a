import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  parentLinkSchema,
  passportRequestSchema,
  passportStateSchema,
  paymentOrderSchema,
  programmeApplicationParamsSchema,
  programmeCodeParamsSchema,
  programmeDurationRequestSchema,
  programmePageParamsSchema,
  programmePageSchema,
  programmePaymentRequestSchema,
  programmePortalSchema,
  programmeWeekParamsSchema,
  programmeWeekViewSchema,
  visaRequestSchema,
  visaReviewRequestSchema,
  visaStateSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import type { PayRequestMeta } from '../payments/payments.service.ts';
import { chooseProgrammeDuration, getProgrammePage, getProgrammePortal, getProgrammeWeek } from './programme-portal.service.ts';
import { createProgrammeParentLink, createProgrammePayment } from './programme-payments.service.ts';
import { getPassport, getVisa, reviewVisa, revealPassport, savePassportOwn, submitVisa } from './programme-documents.service.ts';

/** The after-offer portal of every programme (decision 075): payments, documents, weeks and pages. */
export async function programmePortalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const deps = (): PaymentDeps => ({ ctx: app.ctx, gateways: app.payments, log: app.log });
  const meta = (req: FastifyRequest): PayRequestMeta => ({ origin: app.ctx.env.PUBLIC_URL ?? `${req.protocol}://${req.host}`, clientIp: req.ip });
  const tags = ['programmes'];
  const params = programmeCodeParamsSchema;

  r.get(
    '/api/student/programmes/:code/portal',
    { schema: { tags, summary: '项目录取后门户：录取、缴费计划、证件、每周内容', params, response: { 200: envelopeOf(programmePortalSchema) } } },
    async (req) => ok(await getProgrammePortal(ctx, authOf(req), req.params.code)),
  );
  r.put(
    '/api/student/programmes/:code/duration',
    { schema: { tags, summary: '选择课程时长（按时长计价；缴费后不能更改）', params, body: programmeDurationRequestSchema, response: { 200: envelopeOf(programmePortalSchema) } } },
    async (req) => ok(await chooseProgrammeDuration(ctx, authOf(req), req.params.code, req.body.duration_key), MSG.SAVE_OK),
  );
  r.post(
    '/api/student/programmes/:code/payment',
    { schema: { tags, summary: '项目缴费：申请费、全款、定金或尾款（创建或复用待支付订单）', params, body: programmePaymentRequestSchema, response: { 200: envelopeOf(paymentOrderSchema) } } },
    async (req) => ok(await createProgrammePayment(deps(), authOf(req), req.params.code, req.body, meta(req))),
  );
  r.post(
    '/api/student/programmes/:code/parent-link',
    { schema: { tags, summary: '项目家长代付链接（支付下一笔款项；新链接使旧链接失效）', params, response: { 200: envelopeOf(parentLinkSchema) } } },
    async (req) => ok(await createProgrammeParentLink(deps(), authOf(req), req.params.code)),
  );
  r.get(
    '/api/student/programmes/:code/weeks/:week',
    { schema: { tags, summary: '每周内容与任务（完成定金支付后按日期开放）', params: programmeWeekParamsSchema, response: { 200: envelopeOf(programmeWeekViewSchema) } } },
    async (req) => ok(await getProgrammeWeek(ctx, authOf(req), req.params.code, req.params.week)),
  );
  r.get(
    '/api/student/programmes/:code/pages/:page',
    { schema: { tags, summary: '项目页面：须知、公告（录取后）与课程（定金后）', params: programmePageParamsSchema, response: { 200: envelopeOf(programmePageSchema) } } },
    async (req) => ok(await getProgrammePage(ctx, authOf(req), req.params.code, req.params.page)),
  );
  r.get(
    '/api/student/programmes/:code/passport',
    { schema: { tags, summary: '护照信息（号码脱敏）', params, response: { 200: envelopeOf(passportStateSchema) } } },
    async (req) => ok(await getPassport(ctx, authOf(req), req.params.code)),
  );
  r.put(
    '/api/student/programmes/:code/passport',
    { schema: { tags, summary: '提交护照：扫描件、号码、护照姓名、有效期（项目结束后至少六个月）', params, body: passportRequestSchema, response: { 200: envelopeOf(passportStateSchema) } } },
    async (req) => ok(await savePassportOwn(ctx, authOf(req), req.params.code, req.body), MSG.PASSPORT_SAVED),
  );
  r.put(
    '/api/student/hx-week/passport-own',
    { schema: { tags, summary: 'H-week / X-week 提交护照（同 /api/student/programmes/hxweek/passport）', body: passportRequestSchema, response: { 200: envelopeOf(passportStateSchema) } } },
    async (req) => ok(await savePassportOwn(ctx, authOf(req), 'hxweek', req.body), MSG.PASSPORT_SAVED),
  );
  r.get(
    '/api/student/programmes/:code/visa',
    { schema: { tags, summary: '签证状态与材料', params, response: { 200: envelopeOf(visaStateSchema) } } },
    async (req) => ok(await getVisa(ctx, authOf(req), req.params.code)),
  );
  r.put(
    '/api/student/programmes/:code/visa',
    { schema: { tags, summary: '提交签证材料（提交后由工作人员审核）', params, body: visaRequestSchema, response: { 200: envelopeOf(visaStateSchema) } } },
    async (req) => ok(await submitVisa(ctx, authOf(req), req.params.code, req.body), MSG.SAVE_OK),
  );

  r.put(
    '/api/admin/programmes/:code/applications/:id/visa',
    { schema: { tags: ['admin'], summary: '审核签证材料：通过或退回（退回须说明；写入审计日志）', params: programmeApplicationParamsSchema, body: visaReviewRequestSchema, response: { 200: envelopeOf(visaStateSchema) } } },
    async (req) => ok(await reviewVisa(ctx, authOf(req), req.params.code, req.params.id, req.body), MSG.SAVE_OK),
  );
  r.get(
    '/api/admin/programmes/:code/applications/:id/passport',
    { schema: { tags: ['admin'], summary: '查看完整护照号码（需查看证件号权限；写入审计日志）', params: programmeApplicationParamsSchema, response: { 200: envelopeOf(z.object({ number: z.string() })) } } },
    async (req) => ok(await revealPassport(ctx, authOf(req), req.params.code, req.params.id)),
  );
}
