import { wechatIdentities } from '../db/schema-wechat.ts';
import type { MpApp } from '@summit/domain';
import '../modules/miniprogram/miniprogram-runtime.ts';
import { issuePayerTicket } from '../modules/wechat/payer-ticket.ts';
import { ID, send, type Fixture, type FixtureCtx, type Who } from './double-submit.kit.ts';

/**
 * The miniprogram write routes for the double-submit suite (decision 092); see double-submit.kit.ts for the helpers.
 * The suite runs in demo mode, so the mini-program stand-in is mounted in each copy's app: a fixture gets its
 * wx.login codes from it. Eight requests with one wx.login code: WeChat exchanges a code once, so one goes through
 * and seven are told the code is used (4003), and the stored state is that of one request.
 */
function standinOf(ctx: FixtureCtx) {
  const standin = ctx.app.miniprogram.standin;
  if (!standin) throw new Error('the mini-program stand-in is not mounted (MINIPROGRAM_MODE=standin)');
  return standin;
}
const appIdOf = (ctx: FixtureCtx, app: MpApp = 'main') => ctx.app.miniprogram.apps[app]!.appId;
const wxLogin = (ctx: FixtureCtx, user: string, app: MpApp = 'main') => standinOf(ctx).issueCode(appIdOf(ctx, app), user);

async function post<T>(ctx: FixtureCtx, url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await ctx.app.inject({ method: 'POST', url, payload: body as object, headers });
  return (res.json() as { data: T }).data;
}

/** Binds a WeChat user of the programme's mini-program to a demo student, as a completed binding would. */
async function bind(ctx: FixtureCtx, user: string, who: keyof typeof ID) {
  await ctx.db
    .insert(wechatIdentities)
    .values({ accountId: ID[who], appId: appIdOf(ctx), openId: standinOf(ctx).openIdOf(appIdOf(ctx), user), unionId: standinOf(ctx).unionIdOf(user), boundAt: ctx.now() })
    .onConflictDoNothing();
}

const newScene = (ctx: FixtureCtx) => post<{ scene_id: string }>(ctx, '/api/login-mp/scene', {});

export const MINIPROGRAM_FIXTURES: Record<string, Fixture> = {
  'POST /api/login-mp': { as: 'public', prepare: async (ctx) => ({ body: { code: wxLogin(ctx, 'ds-login') } }) },
  'POST /api/login-mp-com': { as: 'public', prepare: async (ctx) => ({ body: { code: wxLogin(ctx, 'ds-login-com', 'com') } }) },
  'POST /api/login-mp/exchange': {
    as: 'public',
    prepare: async (ctx) => ({ body: { code: (await post<{ webview_code: string }>(ctx, '/api/login-mp', { code: wxLogin(ctx, 'ds-exchange') })).webview_code } }),
  },
  'POST /api/login-mp/scene': { as: 'public', additive: 'each press draws a new code for a new scene, held by the browser that asked' },
  'POST /api/login-mp/scene/view': { as: 'public', prepare: async (ctx) => ({ body: { scene_id: (await newScene(ctx)).scene_id, code: wxLogin(ctx, 'ds-view') } }) },
  'POST /api/login-mp/scene/confirm': {
    as: 'public',
    prepare: async (ctx) => {
      await bind(ctx, 'ds-confirm', 'applied');
      return { body: { scene_id: (await newScene(ctx)).scene_id, code: wxLogin(ctx, 'ds-confirm') } };
    },
  },
  'POST /api/login-mp/scene/cancel': { as: 'public', prepare: async (ctx) => ({ body: { scene_id: (await newScene(ctx)).scene_id, code: wxLogin(ctx, 'ds-cancel') } }) },
  'POST /api/login-mp/pay': {
    as: 'public',
    prepare: async (ctx) => {
      await bind(ctx, 'ds-payer', 'offered');
      const wxPayer = await issuePayerTicket(ctx.app.ctx, { appId: appIdOf(ctx), openId: standinOf(ctx).openIdOf(appIdOf(ctx), 'ds-payer') });
      const order = await send(ctx, 'offered' satisfies Who, 'POST', '/api/student/payment', { purpose: 'tuition', provider: 'WX', channel: 'wechat_mp', wx_payer: wxPayer });
      return { body: { code: wxLogin(ctx, 'ds-payer'), order_id: order.data.id } };
    },
  },
  'POST /api/student/mini/link': {
    as: 'profiled',
    prepare: async (ctx) => {
      const login = await post<{ webview_code: string }>(ctx, '/api/login-mp', { code: wxLogin(ctx, 'ds-link') });
      const swapped = await post<{ bind_ticket: string }>(ctx, '/api/login-mp/exchange', { code: login.webview_code });
      return { body: { bind_ticket: swapped.bind_ticket } };
    },
  },
  'POST /api/student/mini/referrer': {
    as: 'step1',
    prepare: async (ctx) => {
      const token = await ctx.token('paid');
      const res = await ctx.app.inject({ method: 'GET', url: '/api/student/mini', headers: { authorization: `Bearer ${token}` } });
      return { body: { referrer_id: (res.json() as { data: { referrer_id: string } }).data.referrer_id } };
    },
  },
  'POST /api/student/mini/landing': { as: 'paid', body: { path: '/courses', title: '一起来选课' } },
};
