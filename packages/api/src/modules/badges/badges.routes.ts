import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  BADGE_MSG,
  MSG,
  adminBadgeAwardSchema,
  adminBadgeSchema,
  adminHonourSchema,
  badgeAwardsQuerySchema,
  badgeIdParamsSchema,
  badgeInputSchema,
  badgeManualAwardSchema,
  badgePublicIdParamsSchema,
  badgeRevokeSchema,
  badgeVerificationSchema,
  badgeVerifyInputSchema,
  honourInputSchema,
  honourSchema,
  myBadgesSchema,
  studentLookupQuerySchema,
  studentLookupRowSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import * as svc from './badges.service.ts';
import { scheduleAttendanceWeek } from './badges-attendance.ts';

/**
 * Badges and the honour roll (decision 104). /api/admin/* is limited to admins by the auth gate and
 * /api/student/* to students (each reads only the caller's own awards); /api/badges/* is public: the issuer
 * profile, its public key, the revocation list, achievements, images and verification.
 */
export async function badgesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const origin = (req: FastifyRequest) => ctx.env.PUBLIC_URL ?? `${req.protocol}://${req.host}`;
  const pub = { auth: 'public' as const };
  const publicTags = ['public'];
  // The standard documents (profile, JWKS, revocation list, achievement, image, credential file) are not envelopes;
  // they take no query, so a stray one is a 4003 envelope rather than the document.
  const noQuery = z.strictObject({}, { error: MSG.PARAM_INVALID });
  // The daily attendance-week evaluation (a durable job; its key makes it one job however many processes start).
  app.addHook('onReady', async () => {
    await scheduleAttendanceWeek(ctx, ctx.now());
  });

  // ---- public: the issuer and verification ----
  r.get('/api/badges/issuer', { config: pub, schema: { tags: publicTags, summary: 'Open Badges 颁发者档案（Profile）', querystring: noQuery } }, async (req, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').send(await svc.getIssuerProfile(ctx, origin(req))),
  );
  r.get('/api/badges/jwks', { config: pub, schema: { tags: publicTags, summary: '徽章凭证签名公钥（JWKS）', querystring: noQuery } }, async (_req, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').send(await svc.getJwks(ctx)),
  );
  r.get('/api/badges/revocations', { config: pub, schema: { tags: publicTags, summary: '已撤销的徽章凭证（1EdTech 撤销列表）', querystring: noQuery } }, async (req, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send(await svc.getRevocationList(ctx, origin(req))),
  );
  r.get('/api/badges/achievements/:id', { config: pub, schema: { tags: publicTags, summary: '徽章（Achievement）定义', params: badgeIdParamsSchema, querystring: noQuery } }, async (req, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').send(await svc.getAchievement(ctx, req.params.id, origin(req))),
  );
  r.get(
    '/api/badges/images/:file',
    { config: pub, schema: { tags: publicTags, summary: '徽章图片（SVG）', params: z.object({ file: z.string().regex(/^[1-9]\d{0,9}\.svg$/, { error: BADGE_MSG.BADGE_NOT_FOUND }) }), querystring: noQuery } },
    async (req, reply) => {
      const id = Number(req.params.file.slice(0, -4));
      if (id > 2_147_483_647) throw AppError.notFound(BADGE_MSG.BADGE_NOT_FOUND);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cache-control', 'public, max-age=300')
        .send(await svc.badgeImageSvg(ctx, id));
    },
  );
  r.get(
    '/api/badges/verify/:public_id',
    { config: pub, schema: { tags: publicTags, summary: '徽章凭证验证（签名与撤销状态；持有人姓名脱敏）', params: badgePublicIdParamsSchema, response: { 200: envelopeOf(badgeVerificationSchema) } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await svc.verifyByPublicId(ctx, req.params.public_id, origin(req)));
    },
  );
  r.post(
    '/api/badges/verify',
    { config: pub, schema: { tags: publicTags, summary: '验证持有的徽章凭证（VC-JWT 或下载的 JSON 文件内容）', body: badgeVerifyInputSchema, response: { 200: envelopeOf(badgeVerificationSchema) } } },
    async (req) => ok(await svc.verifySubmitted(ctx, req.body.credential)),
  );

  // ---- student ----
  const student = ['student'];
  r.get('/api/student/badges', { schema: { tags: student, summary: '我的徽章与徽章目录', response: { 200: envelopeOf(myBadgesSchema) } } }, async (req) => ok(await svc.getMyBadges(ctx, authOf(req))));
  r.get('/api/student/badges/:id/credential', { schema: { tags: student, summary: '下载徽章凭证（Open Badges 3.0，仅本人）', params: badgeIdParamsSchema, querystring: noQuery } }, async (req, reply) => {
    const file = await svc.myCredentialFile(ctx, authOf(req), req.params.id, origin(req));
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="badge-credential.json"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('cache-control', 'private, no-store')
      .send(JSON.stringify(file.body, null, 2));
  });
  r.get('/api/student/honours', { schema: { tags: student, summary: '荣誉榜', response: { 200: envelopeOf(z.array(honourSchema)) } } }, async (req) => ok(await svc.getHonourRoll(ctx, authOf(req))));

  // ---- console ----
  const admin = ['admin'];
  r.get('/api/admin/badges', { schema: { tags: admin, summary: '徽章列表（含草稿、颁发与撤销数）', response: { 200: envelopeOf(z.array(adminBadgeSchema)) } } }, async () => ok(await svc.adminBadges(ctx)));
  r.post('/api/admin/badges', { schema: { tags: admin, summary: '新建徽章（写入审计日志）', body: badgeInputSchema, response: { 200: envelopeOf(adminBadgeSchema) } } }, async (req) =>
    ok(await svc.createBadge(ctx, authOf(req), req.body), BADGE_MSG.SAVED),
  );
  r.put('/api/admin/badges/:id', { schema: { tags: admin, summary: '修改徽章（写入审计日志；已签发的凭证不变）', params: badgeIdParamsSchema, body: badgeInputSchema, response: { 200: envelopeOf(adminBadgeSchema) } } }, async (req) =>
    ok(await svc.updateBadge(ctx, authOf(req), req.params.id, req.body), BADGE_MSG.SAVED),
  );
  r.get('/api/admin/badge-awards', { schema: { tags: admin, summary: '徽章颁发记录（最新在前）', querystring: badgeAwardsQuerySchema, response: { 200: envelopeOf(z.array(adminBadgeAwardSchema)) } } }, async (req) =>
    ok(await svc.adminAwards(ctx, req.query.badge_id)),
  );
  r.post(
    '/api/admin/badges/:id/awards',
    { schema: { tags: admin, summary: '手动颁发徽章给学生（写入审计日志；重复颁发返回原记录）', params: badgeIdParamsSchema, body: badgeManualAwardSchema, response: { 200: envelopeOf(adminBadgeAwardSchema) } } },
    async (req) => ok(await svc.grantBadge(ctx, authOf(req), req.params.id, req.body), BADGE_MSG.AWARDED),
  );
  r.post(
    '/api/admin/badge-awards/:id/revoke',
    { schema: { tags: admin, summary: '撤销徽章（须填原因；写入审计日志；验证页显示已撤销）', params: badgeIdParamsSchema, body: badgeRevokeSchema, response: { 200: envelopeOf(adminBadgeAwardSchema) } } },
    async (req) => ok(await svc.revokeAward(ctx, authOf(req), req.params.id, req.body.reason), BADGE_MSG.REVOKED),
  );
  r.get('/api/admin/badges/students', { schema: { tags: admin, summary: '按姓名或手机号查找学生（颁发徽章、荣誉用）', querystring: studentLookupQuerySchema, response: { 200: envelopeOf(z.array(studentLookupRowSchema)) } } }, async (req) =>
    ok(await svc.findStudents(ctx, req.query.q)),
  );
  r.get('/api/admin/honours', { schema: { tags: admin, summary: '荣誉榜管理（含草稿）', response: { 200: envelopeOf(z.array(adminHonourSchema)) } } }, async () => ok(await svc.adminHonours(ctx)));
  r.post('/api/admin/honours', { schema: { tags: admin, summary: '新建荣誉（写入审计日志）', body: honourInputSchema, response: { 200: envelopeOf(adminHonourSchema) } } }, async (req) =>
    ok(await svc.createHonour(ctx, authOf(req), req.body), BADGE_MSG.SAVED),
  );
  r.put('/api/admin/honours/:id', { schema: { tags: admin, summary: '修改、发布或撤回荣誉（写入审计日志）', params: badgeIdParamsSchema, body: honourInputSchema, response: { 200: envelopeOf(adminHonourSchema) } } }, async (req) =>
    ok(await svc.updateHonour(ctx, authOf(req), req.params.id, req.body), BADGE_MSG.SAVED),
  );
  r.delete('/api/admin/honours/:id', { schema: { tags: admin, summary: '删除荣誉（写入审计日志）', params: badgeIdParamsSchema } }, async (req) => {
    await svc.deleteHonour(ctx, authOf(req), req.params.id);
    return ok(null, BADGE_MSG.DELETED);
  });
}
