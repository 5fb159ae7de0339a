import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buryDotRequestSchema, platSchema } from '@summit/domain';
import { emptyEnvelopeSchema } from '../../http/envelope.ts';
import { recordEvent } from './tracking.service.ts';

export async function trackingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/bury-dot',
    {
      // Anonymous visitors are tracked too; a valid token only adds who they are.
      config: { auth: 'optional' },
      schema: { tags: ['tracking'], summary: '埋点事件（ip 为前端匿名 id）', body: buryDotRequestSchema, response: { 200: emptyEnvelopeSchema } },
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
}
