import type { FastifyInstance } from 'fastify';
import type { Env } from '../../env.ts';
import type { RedisConnections } from '../../providers/bus/create-message-bus.ts';
import { createOfficialAccount, type WechatFetch } from '../../providers/wechat/official-account.ts';
import { createWechatStandin, type WechatStandin } from '../../stand-ins/wechat-open.ts';
import { dbCredentialStore, redisCredentialStore } from './wechat-credentials.ts';
import type { WechatRuntime } from './wechat.service.ts';

/** The stand-in's official account when WECHAT_APP_ID/SECRET are not set: a demo identity, not a secret. */
export const STANDIN_APP_ID = 'wxd0e5a1c0ffee0001';
const STANDIN_APP_SECRET = 'summit-standin-app-secret-demo-only';
/** Where the in-process stand-in is mounted (WECHAT_MODE=standin). */
export const STANDIN_PREFIX = '/__wechat';

declare module 'fastify' {
  interface FastifyInstance {
    wechat: WechatRuntime & { standin: WechatStandin | null };
  }
}

/**
 * Builds the app's WeChat side from env (decision 069). With WECHAT_MODE=standin the stand-in of WeChat's
 * servers is mounted under /__wechat and the client reaches it through app.inject, so no port is needed.
 */
export async function installWechat(app: FastifyInstance, env: Env, opts: { redis?: RedisConnections } = {}): Promise<void> {
  const credentials = opts.redis ? redisCredentialStore(opts.redis.command, () => app.ctx.now()) : dbCredentialStore(app.ctx.db, () => app.ctx.now());
  if (env.WECHAT_MODE === 'off') {
    app.decorate('wechat', { mode: 'off', account: null, credentials, standin: null });
    return;
  }
  if (env.WECHAT_MODE === 'live') {
    const account = createOfficialAccount({ appId: env.WECHAT_APP_ID!, appSecret: env.WECHAT_APP_SECRET!, apiBase: env.WECHAT_API_BASE, openBase: env.WECHAT_OPEN_BASE });
    app.decorate('wechat', { mode: 'live', account, credentials, standin: null });
    return;
  }
  const appId = env.WECHAT_APP_ID ?? STANDIN_APP_ID;
  const appSecret = env.WECHAT_APP_SECRET ?? STANDIN_APP_SECRET;
  const standin = createWechatStandin({ apps: [{ appId, secret: appSecret }], now: () => app.ctx.now().getTime(), sameHostRedirects: true });
  await app.register(standin.plugin, { prefix: STANDIN_PREFIX });
  const viaInject: WechatFetch = async (url) => {
    const target = new URL(url);
    const res = await app.inject({ method: 'GET', url: `${target.pathname}${target.search}` });
    return { status: res.statusCode, json: async () => res.json() as unknown };
  };
  const account = createOfficialAccount({ appId, appSecret, apiBase: `http://standin.invalid${STANDIN_PREFIX}`, openBase: STANDIN_PREFIX, fetch: viaInject });
  app.decorate('wechat', { mode: 'standin', account, credentials, standin });
}
