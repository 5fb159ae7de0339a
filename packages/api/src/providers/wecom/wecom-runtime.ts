import type { FastifyInstance } from 'fastify';
import type { Env } from '../../env.ts';
import { createWecomStandin, WECOM_STANDIN_CORP, WECOM_STANDIN_PREFIX, type WecomStandin } from '../../stand-ins/wecom.ts';
import { wecomStandInRoutes } from '../../stand-ins/wecom.routes.ts';
import { createWecomClient, type WecomClient, type WecomFetch } from './wecom-client.ts';

/** The app's WeCom side (decision 098): `client` is null when WECOM_MODE=off. */
export interface WecomRuntime {
  mode: 'off' | 'standin' | 'live';
  client: WecomClient | null;
  /** The in-process stand-in (WECOM_MODE=standin), for stand-ins of further WeCom APIs and for tests. */
  standin: WecomStandin | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    wecom: WecomRuntime;
  }
}

/**
 * Builds the WeCom client from env and decorates `app.wecom`. With WECOM_MODE=standin the stand-in of WeCom's
 * servers is mounted under /__wecom and the client reaches it through app.inject, so no port is needed.
 * `fetch` (tests) points a live-mode client at a stand-in listening elsewhere.
 */
export async function installWecom(app: FastifyInstance, env: Env, opts: { fetch?: WecomFetch } = {}): Promise<void> {
  if (app.hasDecorator('wecom')) return;
  const now = () => app.ctx.now().getTime();
  if (env.WECOM_MODE === 'off') {
    app.decorate('wecom', { mode: 'off', client: null, standin: null } satisfies WecomRuntime);
    return;
  }
  if (env.WECOM_MODE === 'live') {
    const client = createWecomClient({
      corpId: env.WECOM_CORP_ID!,
      agentId: env.WECOM_AGENT_ID!,
      secret: env.WECOM_SECRET!,
      apiBase: env.WECOM_API_BASE,
      openBase: env.WECOM_OPEN_BASE,
      ssoBase: env.WECOM_SSO_BASE,
      now,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    });
    app.decorate('wecom', { mode: 'live', client, standin: null } satisfies WecomRuntime);
    return;
  }
  const corp = {
    corpId: env.WECOM_CORP_ID ?? WECOM_STANDIN_CORP.corpId,
    agentId: env.WECOM_AGENT_ID ?? WECOM_STANDIN_CORP.agentId,
    secret: env.WECOM_SECRET ?? WECOM_STANDIN_CORP.secret,
  };
  const standin = createWecomStandin({ corp, now, sameHostRedirects: true });
  await wecomStandInRoutes(app, standin);
  const viaInject: WecomFetch = async (url, init) => {
    const target = new URL(url);
    const res = await app.inject({
      method: init?.method ?? 'GET',
      url: `${target.pathname}${target.search}`,
      ...(init?.body !== undefined ? { payload: init.body, headers: init.headers ?? {} } : {}),
    });
    return { status: res.statusCode, json: async () => res.json() as unknown };
  };
  const client = createWecomClient({ ...corp, apiBase: `http://standin.invalid${WECOM_STANDIN_PREFIX}`, openBase: WECOM_STANDIN_PREFIX, fetch: viaInject, now });
  app.decorate('wecom', { mode: 'standin', client, standin } satisfies WecomRuntime);
}
