import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  WECHAT_MSG,
  wechatBindingSchema,
  wechatJsConfigQuerySchema,
  wechatJsConfigSchema,
  wechatLinkRequestSchema,
  wechatOauthCallbackRequestSchema,
  wechatOauthCallbackResultSchema,
  wechatOauthStartQuerySchema,
  wechatOauthStartRequestSchema,
  wechatOauthUrlSchema,
  wechatPayOauthQuerySchema,
  wechatPayOauthResultSchema,
  wechatStatusSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { emptyEnvelopeSchema, envelopeOf, ok } from '../../http/envelope.ts';
import { requestMeta } from '../auth/request-meta.ts';
import { completeOauth, getBinding, jsConfig, linkAfterLogin, startOauth, unbind } from './wechat.service.ts';

/** WeChat browser routes (decision 069). */
export async function wechatRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['wechat'];
  const wx = () => app.wechat;
  const origin = (req: FastifyRequest) => (app.ctx.env.PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');

  r.get(
    '/api/wechat/status',
    { config: { auth: 'public' }, schema: { tags, summary: '微信登录是否开启（演示模式下网页可切换为“以微信打开”）', response: { 200: envelopeOf(wechatStatusSchema) } } },
    async () => ok({ enabled: wx().account !== null, mode: wx().mode, demo: app.ctx.env.DEMO_MODE }),
  );

  r.get(
    '/api/wechat/js-config',
    { config: { auth: 'public' }, schema: { tags, summary: 'JS-SDK 签名（url 为当前页面地址，不含 # 之后部分）', querystring: wechatJsConfigQuerySchema, response: { 200: envelopeOf(wechatJsConfigSchema) } } },
    async (req) => ok(await jsConfig(app.ctx, wx(), { url: req.query.url, host: new URL(origin(req)).host })),
  );

  r.get(
    '/api/payment/wechat/oauth',
    { config: { auth: 'public' }, schema: { tags, summary: '支付前获取付款人 open id 的微信网页授权地址（scope base）', querystring: wechatPayOauthQuerySchema, response: { 200: envelopeOf(wechatPayOauthResultSchema) } } },
    async (req) => ok({ wechat_pay_oauth_url: await startOauth(app.ctx, wx(), { purpose: 'pay', returnPath: req.query.return_url, accountId: null, origin: origin(req) }) }),
  );

  r.get(
    '/api/wechat/oauth/login',
    { config: { auth: 'public' }, schema: { tags, summary: '微信一键登录：微信网页授权地址（snsapi_base）', querystring: wechatOauthStartQuerySchema, response: { 200: envelopeOf(wechatOauthUrlSchema) } } },
    async (req) => ok({ oauth_url: await startOauth(app.ctx, wx(), { purpose: 'login', returnPath: req.query.return_url, accountId: null, origin: origin(req) }) }),
  );

  r.post(
    '/api/wechat/oauth/callback',
    { config: { auth: 'public' }, schema: { tags, summary: '微信授权回调（/wx-code-redirect 页面提交 code 与 state）', body: wechatOauthCallbackRequestSchema, response: { 200: envelopeOf(wechatOauthCallbackResultSchema) } } },
    async (req) => ok(await completeOauth(app.ctx, wx(), req.body, requestMeta(req))),
  );

  r.get('/api/student/wechat', { schema: { tags, summary: '本人的微信绑定状态', response: { 200: envelopeOf(wechatBindingSchema) } } }, async (req) =>
    ok(await getBinding(app.ctx, wx(), authOf(req))),
  );

  r.post(
    '/api/student/wechat/bind-start',
    { schema: { tags, summary: '绑定微信：微信网页授权地址（snsapi_userinfo）', body: wechatOauthStartRequestSchema, response: { 200: envelopeOf(wechatOauthUrlSchema) } } },
    async (req) => ok({ oauth_url: await startOauth(app.ctx, wx(), { purpose: 'bind', returnPath: req.body.return_url, accountId: authOf(req).accountId, origin: origin(req) }) }),
  );

  r.post(
    '/api/student/wechat/link',
    { schema: { tags, summary: '微信登录未绑定时，手机号登录后绑定该微信', body: wechatLinkRequestSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await linkAfterLogin(app.ctx, wx(), authOf(req), req.body.bind_ticket);
      return { status: 200 as const, msg: WECHAT_MSG.BOUND };
    },
  );

  r.post('/api/student/wechat/unbind', { schema: { tags, summary: '解绑微信', response: { 200: emptyEnvelopeSchema } } }, async (req) => {
    await unbind(app.ctx, wx(), authOf(req));
    return { status: 200 as const, msg: WECHAT_MSG.UNBOUND };
  });
}
