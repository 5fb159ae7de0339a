import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  WECOM_MSG,
  idParamsSchema,
  wecomAuthorizeRequestSchema,
  wecomAuthorizeResultSchema,
  wecomBindRequestSchema,
  wecomEidRequestSchema,
  wecomEidResultSchema,
  wecomStaffLinkListSchema,
  wecomStaffLinkRequestSchema,
  wecomStaffLinkSchema,
  wecomStatusSchema,
  wecomStudentIdentitySchema,
} from '@summit/domain';
import { z } from 'zod';
import { authOf } from '../../http/auth-hook.ts';
import { emptyEnvelopeSchema, envelopeOf, ok } from '../../http/envelope.ts';
import { requestMeta } from '../auth/request-meta.ts';
import { adminStudentIdentity, authorize, bindStudent, linkStaff, listStaffLinks, resolveEid, studentIdentity, unlinkStaff } from './wecom.service.ts';

const userIdParamsSchema = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });

/** WeCom sign-in, the student's WeCom binding and staff links (decision 098). */
export async function wecomRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['wecom'];
  const wecom = () => app.wecom;
  const origin = (req: FastifyRequest) => (ctx.env.PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');

  r.get(
    '/api/wecom/status',
    { config: { auth: 'public' }, schema: { tags, summary: '企业微信登录是否开启', response: { 200: envelopeOf(wecomStatusSchema) } } },
    async () => ok({ enabled: wecom().client !== null, mode: wecom().mode }),
  );

  r.post(
    '/api/wecom/oauth/authorize',
    {
      config: { auth: 'public' },
      schema: { tags, summary: '企业微信网页授权地址（state 一次有效，10 分钟）', body: wecomAuthorizeRequestSchema, response: { 200: envelopeOf(wecomAuthorizeResultSchema) } },
    },
    async (req) => ok(await authorize(ctx, wecom(), { scope: req.body.scope, returnPath: req.body.return_url, origin: origin(req) })),
  );

  r.post(
    '/api/wecom/oauth/eid',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: '企业微信授权回调：员工登录、学生领取绑定凭证，或失败页后缀；code 66 表示回到入口重新授权',
        body: wecomEidRequestSchema,
        response: { 200: envelopeOf(wecomEidResultSchema) },
      },
    },
    async (req) => ok(await resolveEid(ctx, wecom(), { code: req.body.code, state: req.body.state, appBindUrl: req.body.app_bind_url }, requestMeta(req))),
  );

  r.get('/api/student/wecom', { schema: { tags, summary: '本人的企业微信绑定', response: { 200: envelopeOf(wecomStudentIdentitySchema) } } }, async (req) =>
    ok(await studentIdentity(ctx, wecom(), authOf(req).accountId)),
  );

  r.post(
    '/api/student/wecom/bind',
    { schema: { tags, summary: '在注册/登录页把企业微信身份绑定到本人账号（凭证一次有效）', body: wecomBindRequestSchema, response: { 200: envelopeOf(wecomStudentIdentitySchema) } } },
    async (req) => ok(await bindStudent(ctx, wecom(), authOf(req), req.body.bind_ticket), WECOM_MSG.BOUND),
  );

  r.get(
    '/api/admin/students/:userId/wecom',
    { schema: { tags, summary: '学生的企业微信绑定', params: userIdParamsSchema, response: { 200: envelopeOf(wecomStudentIdentitySchema) } } },
    async (req) => ok(await adminStudentIdentity(ctx, wecom(), req.params.userId)),
  );

  r.get(
    '/api/admin/wecom/staff-links',
    { schema: { tags, summary: '员工账号与企业微信成员的关联', response: { 200: envelopeOf(wecomStaffLinkListSchema) } } },
    async () => ok(await listStaffLinks(ctx, wecom())),
  );

  r.put(
    '/api/admin/staff/:id/wecom',
    {
      schema: {
        tags,
        summary: '关联企业微信成员（先向企业微信确认成员存在且在职；一个成员只能关联一个账号；写入审计日志）',
        params: idParamsSchema,
        body: wecomStaffLinkRequestSchema,
        response: { 200: envelopeOf(wecomStaffLinkSchema) },
      },
    },
    async (req) => ok(await linkStaff(ctx, wecom(), authOf(req), req.params.id, req.body.wecom_user_id), WECOM_MSG.LINKED),
  );

  r.delete(
    '/api/admin/staff/:id/wecom',
    { schema: { tags, summary: '解除企业微信关联（写入审计日志）', params: idParamsSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await unlinkStaff(ctx, wecom(), authOf(req), req.params.id);
      return { status: 200 as const, msg: WECOM_MSG.UNLINKED };
    },
  );
}
