import type { FastifyInstance } from 'fastify';
import type { MpApp } from '@summit/domain';
import type { Env } from '../../env.ts';
import { createMiniProgram, type MiniFetch, type WechatMiniProgram } from '../../providers/wechat/mini-program.ts';
import { createWechatMiniStandin, type WechatMiniStandin } from '../../stand-ins/wechat-mini.ts';
import { wechatMiniPhonePlugin } from '../../stand-ins/wechat-mini-phone.ts';
import type { MiniprogramRuntime } from './miniprogram.service.ts';
// app.wechat (its credential store) is declared there.
import '../wechat/wechat-runtime.ts';

/** The stand-in's mini-programs when no app ids are set: demo identities, not secrets. */
export const STANDIN_MINI_APP_ID = 'wxd0e5a1c0ffee0002';
export const STANDIN_MINI_COM_APP_ID = 'wxd0e5a1c0ffee0003';
const STANDIN_MINI_SECRET = 'summit-standin-mini-secret-demo-only';
const STANDIN_MINI_COM_SECRET = 'summit-standin-mini-com-secret-demo-only';
/** Where the in-process stand-in is mounted (MINIPROGRAM_MODE=standin). */
export const MINI_STANDIN_PREFIX = '/__wechat/mini';
/** The demo's page that plays the phone in scan to log in. */
export const MINI_PHONE_PREFIX = '/__wechat/mini-phone';

declare module 'fastify' {
  interface FastifyInstance {
    miniprogram: MiniprogramRuntime & { standin: WechatMiniStandin | null };
  }
}

export function miniprogramMode(env: Env): 'off' | 'standin' | 'live' {
  return env.MINIPROGRAM_MODE ?? (env.DEMO_MODE ? 'standin' : 'off');
}

/**
 * Builds the mini-program side from env (decision 097). Needs installWechat first: the access tokens live in its
 * credential store. With MINIPROGRAM_MODE=standin the stand-in is mounted under /__wechat/mini and reached through
 * app.inject, so no port is needed.
 */
export async function installMiniprogram(app: FastifyInstance, env: Env): Promise<void> {
  const mode = miniprogramMode(env);
  const base = { mode, credentials: app.wechat.credentials, codeVersion: env.MINIPROGRAM_CODE_VERSION };
  if (mode === 'off') {
    app.decorate('miniprogram', { ...base, apps: {}, standin: null });
    return;
  }
  const pairs: Array<[MpApp, string, string]> = [];
  if (mode === 'live') {
    pairs.push(['main', env.MINIPROGRAM_APP_ID!, env.MINIPROGRAM_APP_SECRET!]);
    if (env.MINIPROGRAM_COM_APP_ID && env.MINIPROGRAM_COM_APP_SECRET) pairs.push(['com', env.MINIPROGRAM_COM_APP_ID, env.MINIPROGRAM_COM_APP_SECRET]);
    const apps: Partial<Record<MpApp, WechatMiniProgram>> = {};
    for (const [key, appId, appSecret] of pairs) apps[key] = createMiniProgram({ appId, appSecret, apiBase: env.MINIPROGRAM_API_BASE });
    app.decorate('miniprogram', { ...base, apps, standin: null });
    return;
  }
  pairs.push(['main', env.MINIPROGRAM_APP_ID ?? STANDIN_MINI_APP_ID, env.MINIPROGRAM_APP_SECRET ?? STANDIN_MINI_SECRET]);
  pairs.push(['com', env.MINIPROGRAM_COM_APP_ID ?? STANDIN_MINI_COM_APP_ID, env.MINIPROGRAM_COM_APP_SECRET ?? STANDIN_MINI_COM_SECRET]);
  const standin = createWechatMiniStandin({ apps: pairs.map(([, appId, secret]) => ({ appId, secret })), now: () => app.ctx.now().getTime() });
  // A third party's server: its traffic (wx.login codes and the app secret in query strings) stays out of our log.
  await app.register(standin.plugin, { prefix: MINI_STANDIN_PREFIX, logLevel: 'silent' });
  const viaInject: MiniFetch = async (url, init) => {
    const target = new URL(url);
    const res = await app.inject({
      method: init?.method ?? 'GET',
      url: `${target.pathname}${target.search}`,
      ...(init ? { payload: init.body, headers: { 'content-type': 'application/json' } } : {}),
    });
    return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.rawPayload };
  };
  const apps: Partial<Record<MpApp, WechatMiniProgram>> = {};
  for (const [key, appId, appSecret] of pairs) apps[key] = createMiniProgram({ appId, appSecret, apiBase: `http://standin.invalid${MINI_STANDIN_PREFIX}`, fetch: viaInject });
  // The phone's part of scan to log in, as a page (demo only: the stand-in is never mounted outside demo mode).
  await app.register(wechatMiniPhonePlugin({ standin, appId: pairs[0]![1], prefix: MINI_PHONE_PREFIX }), { prefix: MINI_PHONE_PREFIX });
  app.decorate('miniprogram', { ...base, apps, standin });
}
