import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, MSG, posterHashParamsSchema, posterKindParamsSchema, posterResultSchema } from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import * as svc from './posters.service.ts';

/**
 * Share posters (decision 107). /api/student/posters/:kind renders the caller's own poster (their name, school and a QR
 * with their signed referral code) and answers where its image is; /api/posters/image/<hash>.png serves a rendered image
 * by the hash of its inputs, immutable, so an <img> can show it and a phone can long-press to save it.
 */
export async function postersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const origin = (req: FastifyRequest) => (ctx.env.PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
  const noQuery = z.strictObject({}, { error: MSG.PARAM_INVALID });

  r.get(
    '/api/student/posters/:kind',
    { schema: { tags: ['student'], summary: '我的分享海报（姓名、学校、带推荐码的二维码）', params: posterKindParamsSchema, querystring: noQuery, response: { 200: envelopeOf(posterResultSchema) } } },
    async (req) => ok(await svc.posterFor(ctx, authOf(req).accountId, req.params.kind, origin(req))),
  );

  r.get(
    '/api/posters/image/:hash',
    { config: { auth: 'public' }, schema: { tags: ['public'], summary: '海报图片（按内容哈希，永久缓存）', params: posterHashParamsSchema, querystring: noQuery } },
    async (req, reply) => {
      const hash = req.params.hash.slice(0, 64);
      const etag = `"${hash}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=31536000, immutable');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      const png = svc.posterImage(hash);
      if (!png) throw AppError.notFound('海报已过期，请刷新页面重新生成');
      return reply.type('image/png').send(png);
    },
  );
}
