import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MP_MSG,
  mpExchangeRequestSchema,
  mpExchangeResultSchema,
  mpLandingCreateSchema,
  mpLandingCreatedSchema,
  mpLandingParamsSchema,
  mpLandingSchema,
  mpLinkRequestSchema,
  mpLoginRequestSchema,
  mpLoginResultSchema,
  mpMeSchema,
  mpPayParamsSchema,
  mpPayRequestSchema,
  mpPollQuerySchema,
  mpPollResultSchema,
  mpReferrerRequestSchema,
  mpReferrerResultSchema,
  mpSceneActionRequestSchema,
  mpSceneCreatedSchema,
  mpSceneViewSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { emptyEnvelopeSchema, envelopeOf, ok } from '../../http/envelope.ts';
import { requestMeta } from '../auth/request-meta.ts';
import {
  bindReferrer,
  cancelScene,
  confirmScene,
  createLanding,
  createScene,
  describeMe,
  exchangeWebviewCode,
  getLanding,
  linkAfterLogin,
  loginFromMiniProgram,
  payParams,
  pollScene,
  viewScene,
} from './miniprogram.service.ts';

/** The header the asking browser sends its scene's poll secret in (never a query parameter: those reach logs). */
export const POLL_SECRET_HEADER = 'x-mp-poll-secret';

/** WeChat mini-program routes (decision 097). */
export async function miniprogramRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['miniprogram'];
  const mp = () => app.miniprogram;
  const officialAppId = () => app.wechat.account?.appId ?? null;
  // Each of these asks WeChat something (a code exchange, a drawn code) or guesses at a one-time value: per address,
  // the sensitive routes' limit (the poll, every 3 s from each waiting browser, twice that).
  const limited = (factor = 1) => ({ auth: 'public' as const, rateLimit: { max: Math.ceil(app.ctx.env.SENSITIVE_RATE_LIMIT_PER_MINUTE * factor), timeWindow: 60_000 } });
  const secretOf = (req: FastifyRequest) => {
    const value = req.headers[POLL_SECRET_HEADER];
    return typeof value === 'string' ? value : undefined;
  };

  r.post(
    '/api/login-mp',
    { config: limited(), schema: { tags, summary: '小程序登录：wx.login 的 code 换取给 web-view 的一次性登录码（60 秒，单次有效）', body: mpLoginRequestSchema, response: { 200: envelopeOf(mpLoginResultSchema) } } },
    async (req) => ok(await loginFromMiniProgram(app.ctx, mp(), officialAppId(), 'main', req.body.code)),
  );

  r.post(
    '/api/login-mp-com',
    { config: limited(), schema: { tags, summary: '社团小程序登录：同 /api/login-mp，身份属于社团小程序的 app id', body: mpLoginRequestSchema, response: { 200: envelopeOf(mpLoginResultSchema) } } },
    async (req) => ok(await loginFromMiniProgram(app.ctx, mp(), officialAppId(), 'com', req.body.code)),
  );

  r.post(
    '/api/login-mp/exchange',
    { config: limited(), schema: { tags, summary: 'web-view 中的网页用一次性登录码换取登录（未绑定时换取绑定凭证）', body: mpExchangeRequestSchema, response: { 200: envelopeOf(mpExchangeResultSchema) } } },
    async (req) => ok(await exchangeWebviewCode(app.ctx, req.body.code, requestMeta(req))),
  );

  r.post(
    '/api/login-mp/scene',
    { config: limited(), schema: { tags, summary: '网页扫码登录：新的小程序码（2 分钟有效）与仅本浏览器持有的轮询密钥', response: { 200: envelopeOf(mpSceneCreatedSchema) } } },
    async (req) => ok(await createScene(app.ctx, mp(), requestMeta(req))),
  );

  r.get(
    '/api/login-mp/poll',
    { config: limited(2), schema: { tags, summary: '网页扫码登录轮询（每 3 秒；请求头 x-mp-poll-secret）', querystring: mpPollQuerySchema, response: { 200: envelopeOf(mpPollResultSchema) } } },
    async (req) => ok(await pollScene(app.ctx, req.query.scene_id, secretOf(req), requestMeta(req))),
  );

  r.post(
    '/api/login-mp/scene/view',
    { config: limited(), schema: { tags, summary: '小程序扫码确认页：发起登录的设备与位置', body: mpSceneActionRequestSchema, response: { 200: envelopeOf(mpSceneViewSchema) } } },
    async (req) => ok(await viewScene(app.ctx, mp(), officialAppId(), req.body.scene_id, req.body.code)),
  );

  r.post(
    '/api/login-mp/scene/confirm',
    { config: limited(), schema: { tags, summary: '小程序中确认网页登录', body: mpSceneActionRequestSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await confirmScene(app.ctx, mp(), officialAppId(), req.body.scene_id, req.body.code);
      return { status: 200 as const, msg: MP_MSG.SCENE_CONFIRMED };
    },
  );

  r.post(
    '/api/login-mp/scene/cancel',
    { config: limited(), schema: { tags, summary: '小程序中取消网页登录', body: mpSceneActionRequestSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await cancelScene(app.ctx, mp(), req.body.scene_id, req.body.code);
      return { status: 200 as const, msg: MP_MSG.SCENE_CANCELLED };
    },
  );

  r.post(
    '/api/login-mp/pay',
    { config: limited(), schema: { tags, summary: '小程序支付页：本微信的订单的 JSAPI 支付参数（wx.requestPayment）', body: mpPayRequestSchema, response: { 200: envelopeOf(mpPayParamsSchema) } } },
    async (req) => ok(await payParams(app.ctx, mp(), req.body.code, req.body.order_id)),
  );

  r.get(
    '/api/mini/landing/:id',
    { config: { auth: 'public' }, schema: { tags, summary: '/mini/{id} 入口：目标页面与推荐人', params: mpLandingParamsSchema, response: { 200: envelopeOf(mpLandingSchema) } } },
    async (req) => ok(await getLanding(app.ctx, req.params.id)),
  );

  r.get('/api/student/mini', { schema: { tags, summary: '本人的小程序绑定、社团身份与推荐码', response: { 200: envelopeOf(mpMeSchema) } } }, async (req) =>
    ok(await describeMe(app.ctx, mp(), authOf(req))),
  );

  r.post(
    '/api/student/mini/link',
    { schema: { tags, summary: '小程序登录未绑定时，手机号登录后绑定该微信', body: mpLinkRequestSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await linkAfterLogin(app.ctx, authOf(req), req.body.bind_ticket);
      return { status: 200 as const, msg: MP_MSG.BOUND };
    },
  );

  r.post(
    '/api/student/mini/referrer',
    { schema: { tags, summary: '登录后绑定小程序推荐人（mini_referrer_id）', body: mpReferrerRequestSchema, response: { 200: envelopeOf(mpReferrerResultSchema) } } },
    async (req) => ok(await bindReferrer(app.ctx, authOf(req), req.body.referrer_id)),
  );

  r.post(
    '/api/student/mini/landing',
    { schema: { tags, summary: '为本站页面生成带推荐人的小程序入口（/mini/{id}）与小程序码', body: mpLandingCreateSchema, response: { 200: envelopeOf(mpLandingCreatedSchema) } } },
    async (req) => ok(await createLanding(app.ctx, mp(), authOf(req), req.body)),
  );
}
