import type { FastifyInstance } from 'fastify';
import { NHP_STANDIN_PATH, type NhpStandIn } from './nhp.ts';

/**
 * Demo mode PAYMENT_NHP=standin: serves the NHP stand-in under /__nhp in this process, so the real NHP gateway
 * signs requests, verifies answers and receives signed notifications on a laptop. Bodies stay raw strings.
 */
export async function nhpStandInRoutes(app: FastifyInstance, standIn: NhpStandIn) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.route({
      method: ['GET', 'POST'],
      url: `${NHP_STANDIN_PATH}/*`,
      config: { auth: 'public' },
      schema: { hide: true },
      handler: async (req, reply) => {
        const path = req.url.slice(NHP_STANDIN_PATH.length).split('?')[0] ?? '';
        const answer = await standIn.handle({ method: req.method, path, body: typeof req.body === 'string' ? req.body : '' });
        return reply.code(answer.status).headers(answer.headers).send(answer.body);
      },
    });
  });
}
