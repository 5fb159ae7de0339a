import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  orderNoSchema,
  parentLinkRequestSchema,
  parentLinkSchema,
  payForParamsSchema,
  payForRequestSchema,
  payForSchema,
  paymentCreateRequestSchema,
  paymentIsPaidSchema,
  paymentMethodsSchema,
  PAYMENT_PROVIDERS,
  paymentOrderParamsSchema,
  paymentOrderSchema,
  paymentOrderStatusSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { PaymentDeps } from './payment-events.service.ts';
import { handleNotification } from './payment-events.service.ts';
import { settleNotifications } from '../notifications/notifications.service.ts';
import { createParentLink, createStudentPayment, describePayFor, isPayForPaid, isStudentOrderPaid, payFor, type PayRequestMeta } from './payments.service.ts';
import { wechatPayStandInRoutes } from '../../stand-ins/wechat-pay.routes.ts';
import { nhpStandInRoutes } from '../../stand-ins/nhp.routes.ts';
import { decideSandboxPayment, renderSandboxCheckout, safeReturnPath, sandboxPageUrl } from './sandbox-checkout.ts';

/** Notifications are small; anything bigger is not from a provider. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

export async function paymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): PaymentDeps => ({ ctx: app.ctx, gateways: app.payments, log: app.log });
  const origin = (req: FastifyRequest) => app.ctx.env.PUBLIC_URL ?? `${req.protocol}://${req.host}`;
  const meta = (req: FastifyRequest): PayRequestMeta => ({ origin: origin(req), clientIp: req.ip });
  const tags = ['payment'];
  // Result SMS started after a payment committed finish before the app (and its database) closes.
  app.addHook('onClose', async () => settleNotifications(app.ctx));

  r.get(
    '/api/payment/methods',
    { config: { auth: 'public' }, schema: { tags, summary: '可用的支付方式（支付页据此显示海外银行卡支付等选项）', response: { 200: envelopeOf(paymentMethodsSchema) } } },
    async () => ok({ providers: PAYMENT_PROVIDERS.filter((provider) => provider !== 'NHP' && app.payments.forProvider(provider) !== null), nhp: app.payments.forProvider('NHP') !== null }),
  );
  r.post(
    '/api/student/payment',
    { schema: { tags, summary: '创建或复用某项费用的待支付订单', body: paymentCreateRequestSchema, response: { 200: envelopeOf(paymentOrderSchema) } } },
    async (req) => ok(await createStudentPayment(deps(), authOf(req), req.body, meta(req))),
  );
  r.get(
    '/api/student/payment/:id/is-paid',
    { schema: { tags, summary: '查询订单是否已支付（仅本人订单）', params: paymentOrderParamsSchema, response: { 200: envelopeOf(paymentIsPaidSchema) } } },
    async (req) => ok(await isStudentOrderPaid(deps(), authOf(req), req.params.id)),
  );
  r.post(
    '/api/student/payment/parent-link',
    { schema: { tags, summary: '生成家长代付链接（7天有效，新链接使旧链接失效）', body: parentLinkRequestSchema, response: { 200: envelopeOf(parentLinkSchema) } } },
    async (req) => ok(await createParentLink(deps(), authOf(req), req.body.purpose)),
  );

  r.get(
    '/api/guest/payment/pay-for/:token',
    { config: { auth: 'public' }, schema: { tags, summary: '家长代付：查看待付费用（无需登录）', params: payForParamsSchema, response: { 200: envelopeOf(payForSchema) } } },
    async (req) => ok(await describePayFor(deps(), req.params.token)),
  );
  r.post(
    '/api/guest/payment/pay-for/:token',
    { config: { auth: 'public' }, schema: { tags, summary: '家长代付：发起支付', params: payForParamsSchema, body: payForRequestSchema, response: { 200: envelopeOf(paymentOrderSchema) } } },
    async (req) => ok(await payFor(deps(), req.params.token, req.body, meta(req))),
  );
  r.get(
    '/api/guest/payment/pay-for/:token/is-paid',
    { config: { auth: 'public' }, schema: { tags, summary: '家长代付：查询是否已支付', params: payForParamsSchema, response: { 200: envelopeOf(paymentIsPaidSchema) } } },
    async (req) => ok(await isPayForPaid(deps(), req.params.token)),
  );

  // Provider notifications: signatures are over the exact bytes, so this scope keeps every body as a string.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.post<{ Params: { provider: string } }>(
      '/api/payment/notify/:provider',
      { config: { auth: 'public' }, schema: { tags, summary: '支付渠道异步通知（验签后处理，按渠道要求的格式应答）', hide: true } },
      async (req, reply) => {
        const gateway = app.payments.byId(req.params.provider);
        if (!gateway) throw AppError.notFound();
        const rawBody = typeof req.body === 'string' ? req.body : '';
        try {
          const answer = await handleNotification(deps(), gateway, { headers: req.headers, rawBody });
          return reply.code(answer.httpStatus).type(answer.contentType).send(answer.body);
        } catch (err) {
          // The provider retries on failure: answer in its format, never with our envelope.
          req.log.error({ err, gateway: gateway.id }, 'payment notification could not be processed');
          const answer = gateway.reply(false);
          return reply.code(500).type(answer.contentType).send(answer.body);
        }
      },
    );
  });

  // Demo mode PAYMENT_WECHAT=standin: WeChat Pay's servers, stood in for in this process (decision 070).
  if (app.payments.wechatStandIn) await wechatPayStandInRoutes(app, app.payments.wechatStandIn);
  // Demo mode PAYMENT_NHP=standin: the NHP partner channel, stood in for in this process (decision 076).
  if (app.payments.nhpStandIn) await nhpStandInRoutes(app, app.payments.nhpStandIn);

  // The sandbox checkout: a page for payers and the two buttons it posts (plain HTML forms, no script).
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));
    const sandboxParams = z.object({ order_no: orderNoSchema });
    const sandboxQuery = z.object({ return: z.string().max(300).optional() });
    const s = scope.withTypeProvider<ZodTypeProvider>();

    s.get('/pay/sandbox/:order_no', { schema: { hide: true, params: sandboxParams, querystring: sandboxQuery } }, async (req, reply) => {
      const returnPath = safeReturnPath(req.query.return);
      const page = await renderSandboxCheckout(deps(), req.params.order_no, { selfUrl: sandboxPageUrl(origin(req), req.params.order_no, returnPath), returnPath });
      return reply.code(page.httpStatus).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.html);
    });

    for (const [action, result] of [
      ['confirm', 'paid'],
      ['fail', 'failed'],
    ] as const) {
      s.post(
        `/api/payment/sandbox/:order_no/${action}`,
        {
          config: { auth: 'public' },
          schema: {
            tags,
            summary: action === 'confirm' ? '模拟收银台：确认支付' : '模拟收银台：模拟支付失败',
            params: sandboxParams,
            querystring: sandboxQuery,
            response: { 200: envelopeOf(z.object({ status: paymentOrderStatusSchema })) },
          },
        },
        async (req, reply) => {
          const fromForm = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
          if (!fromForm) return ok(await decideSandboxPayment(deps(), req.params.order_no, result));
          // The page's own form: whatever happened, show the page again; it displays the order's state.
          try {
            await decideSandboxPayment(deps(), req.params.order_no, result);
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
          }
          return reply.redirect(sandboxPageUrl(origin(req), req.params.order_no, safeReturnPath(req.query.return)), 303);
        },
      );
    }
  });
}
