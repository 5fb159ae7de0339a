import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buryDotRequestSchema, pageViewsQuerySchema, pageViewsReportSchema, platSchema } from '@summit/domain';
import { emptyEnvelopeSchema, envelopeOf, ok } from '../../http/envelope.ts';
import { pageViewsReport, recordEvent } from './tracking.service.ts';

/** navigator.sendBeacon with a string body sends text/plain; events are small. */
export const BEACON_BODY_LIMIT = 16 * 1024;

export async function trackingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Scoped to this plugin: a beacon's JSON arrives as text/plain (sendBeacon cannot set headers, and a
  // string body is the one kind every browser sends without a CORS preflight). Text that is not JSON is
  // passed on as a string, which the body schema refuses with 4003.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: BEACON_BODY_LIMIT }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(null, body);
    }
  });

  r.post(
    '/api/bury-dot',
    {
      // Anonymous visitors are tracked too; a valid token only adds who they are.
      config: { auth: 'optional' },
      schema: { tags: ['tracking'], summary: '埋点事件（ip 为前端匿名 id；也接受 sendBeacon 的 text/plain JSON）', body: buryDotRequestSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (req) => {
      const plat = platSchema.safeParse(req.headers['x-plat']);
      await recordEvent(app.ctx, {
        event: req.body.event,
        anonId: req.body.ip,
        accountId: req.auth?.accountId ?? null,
        plat: plat.success ? plat.data : null,
        payload: req.body.payload,
      });
      return { status: 200 as const, msg: 'ok' };
    },
  );

  r.get(
    '/api/admin/tracking/page-views',
    {
      schema: {
        tags: ['admin'],
        summary: '访问统计：每天每个路径的浏览量、访客数与平均停留秒数（北京时间，默认最近 7 天，最多 366 天）',
        querystring: pageViewsQuerySchema,
        response: { 200: envelopeOf(pageViewsReportSchema) },
      },
    },
    async (req) => ok(await pageViewsReport(app.ctx, req.query)),
  );
}
