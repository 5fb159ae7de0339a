import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@summit/domain';
import {
  CERT_MSG,
  certificateCourseQuerySchema,
  certificateCourseRowSchema,
  certificateIdParamsSchema,
  certificateIssueRequestSchema,
  certificateIssueResultSchema,
  certificateRuleSchema,
  certificateRuleUpdateRequestSchema,
  certificateTokenParamsSchema,
  certificateVerificationSchema,
  certificateViewSchema,
} from '@summit/domain/api/certificates';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import * as svc from './certificates.service.ts';

/**
 * Certificates (decision 058). /api/admin/* is limited to admins by the auth gate, /api/student/*
 * to students; every student call reads only the caller's own certificates.
 */
export async function certificatesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const origin = (req: FastifyRequest) => ctx.env.PUBLIC_URL ?? `${req.protocol}://${req.host}`;
  const admin = ['admin'];
  const student = ['student'];

  r.get('/api/admin/certificate-rule', { schema: { tags: admin, summary: '证书颁发规则（最低出勤率、最低最终成绩）', response: { 200: envelopeOf(certificateRuleSchema) } } }, async () => ok(await svc.getRule(ctx)));
  r.put(
    '/api/admin/certificate-rule',
    { schema: { tags: admin, summary: '修改证书颁发规则（写入审计日志）', body: certificateRuleUpdateRequestSchema, response: { 200: envelopeOf(certificateRuleSchema) } } },
    async (req) => ok(await svc.updateRule(ctx, authOf(req), req.body), MSG.SAVE_OK),
  );
  r.get(
    '/api/admin/certificates',
    { schema: { tags: admin, summary: '课程学生的出勤率、最终成绩与证书', querystring: certificateCourseQuerySchema, response: { 200: envelopeOf(z.array(certificateCourseRowSchema)) } } },
    async (req) => ok(await svc.courseRows(ctx, req.query.course_id, origin(req))),
  );
  r.post(
    '/api/admin/certificates/issue',
    { schema: { tags: admin, summary: '颁发证书（为符合规则且尚无证书的学生颁发）', body: certificateIssueRequestSchema, response: { 200: envelopeOf(certificateIssueResultSchema) } } },
    async (req) => ok(await svc.issueForCourse(ctx, authOf(req), req.body.course_id, origin(req)), CERT_MSG.ISSUED),
  );
  r.post(
    '/api/admin/certificates/:id/revoke',
    { schema: { tags: admin, summary: '撤销证书（写入审计日志）', params: certificateIdParamsSchema, response: { 200: envelopeOf(certificateViewSchema) } } },
    async (req) => ok(await svc.revokeCertificate(ctx, authOf(req), req.params.id, origin(req)), CERT_MSG.REVOKED),
  );
  r.post(
    '/api/admin/certificates/:id/reissue',
    { schema: { tags: admin, summary: '重新颁发证书（旧证书撤销，新证书新验证码）', params: certificateIdParamsSchema, response: { 200: envelopeOf(certificateViewSchema) } } },
    async (req) => ok(await svc.reissueCertificate(ctx, authOf(req), req.params.id, origin(req)), CERT_MSG.REISSUED),
  );

  r.get('/api/student/certificates', { schema: { tags: student, summary: '我的证书', response: { 200: envelopeOf(z.array(certificateViewSchema)) } } }, async (req) =>
    ok(await svc.listMine(ctx, authOf(req), origin(req))),
  );
  r.get('/api/student/certificates/:id', { schema: { tags: student, summary: '证书详情（仅本人）', params: certificateIdParamsSchema, response: { 200: envelopeOf(certificateViewSchema) } } }, async (req) =>
    ok(await svc.getMine(ctx, authOf(req), req.params.id, origin(req))),
  );
  r.get('/api/student/certificates/:id/pdf', { schema: { tags: student, summary: '下载证书PDF（仅本人、有效证书）', params: certificateIdParamsSchema } }, async (req, reply) => {
    const pdf = await svc.pdfOfMine(ctx, authOf(req), req.params.id, origin(req));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', "attachment; filename*=UTF-8''%E7%BB%93%E4%B8%9A%E8%AF%81%E4%B9%A6.pdf")
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  });

  r.get(
    '/api/certificate/verify/:token',
    { config: { auth: 'public' }, schema: { tags: ['public'], summary: '证书真伪验证', params: certificateTokenParamsSchema, response: { 200: envelopeOf(certificateVerificationSchema) } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await svc.verify(ctx, req.params.token));
    },
  );
}
