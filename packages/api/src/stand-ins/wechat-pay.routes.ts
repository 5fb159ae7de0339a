import type { FastifyInstance } from 'fastify';
import { WECHAT_PAY_STANDIN_PATH, type WechatPayStandIn } from './wechat-pay.ts';

/**
 * Demo mode PAYMENT_WECHAT=standin: serves the WeChat Pay stand-in under /__wechat/pay in this process, so the
 * real v3 gateway signs requests, verifies answers and receives encrypted notifications on a laptop. Bodies
 * stay raw strings: the stand-in checks our signature over the exact bytes, as WeChat Pay does.
 */
export async function wechatPayStandInRoutes(app: FastifyInstance, standIn: WechatPayStandIn) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.route({
      method: ['GET', 'POST'],
      url: `${WECHAT_PAY_STANDIN_PATH}/*`,
      config: { auth: 'public' },
      schema: { hide: true },
      handler: async (req, reply) => {
        const answer = await standIn.handle({ method: req.method, url: req.url, headers: req.headers, body: typeof req.body === 'string' ? req.body : '' });
        return reply.code(answer.status).headers(answer.headers).send(answer.body);
      },
    });
  });
}
