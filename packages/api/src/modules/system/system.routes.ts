import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clockSchema, outboxItemSchema, outboxQuerySchema } from '@summit/domain';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { listOutbox } from '../auth/auth.queries.ts';

export async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/clock', { config: { auth: 'public' }, schema: { tags: ['system'], summary: '服务器时间（毫秒）', response: { 200: envelopeOf(clockSchema) } } }, async () =>
    ok({ now: app.ctx.now().getTime() }),
  );

  // Demo mode only: lets a newcomer (and the browser tests) read the SMS the outbox provider "sent".
  if (app.ctx.env.DEMO_MODE) {
    r.get(
      '/api/dev/outbox',
      { config: { auth: 'public' }, schema: { tags: ['system'], summary: '演示模式：短信发件箱', querystring: outboxQuerySchema, response: { 200: envelopeOf(z.array(outboxItemSchema)) } } },
      async (req) => {
        const rows = await listOutbox(app.ctx.db, req.query.phone ?? null, 20);
        return ok(rows.map((row) => ({ ...row, code: row.code ?? '', created_at: row.created_at.toISOString() })));
      },
    );
  }
}
