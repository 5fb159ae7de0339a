import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWecomStandin, WECOM_STANDIN_CORP, type WecomStandin } from '../../stand-ins/wecom.ts';
import { createWecomClient, WecomApiError, type WecomFetch } from './wecom-client.ts';

/** The real WeCom client against the stand-in of WeCom's servers, reached over real HTTP on a free port. */
describe('WeCom client against the stand-in', () => {
  let server: FastifyInstance;
  let standin: WecomStandin;
  let base: string;
  let clock = Date.now();
  const requested: string[] = [];

  beforeAll(async () => {
    standin = createWecomStandin({ now: () => clock });
    server = Fastify();
    await server.register(standin.plugin);
    server.post('/cgi-bin/echo', async (req) => {
      const q = req.query as Record<string, string>;
      if (!standin.checkAccessToken(q.access_token)) return { errcode: 40014, errmsg: 'invalid access_token' };
      return { errcode: 0, errmsg: 'ok', got: req.body };
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => server.close());

  const recording: WecomFetch = async (url, init) => {
    requested.push(url);
    return fetch(url, { method: init?.method ?? 'GET', ...(init?.body ? { body: init.body } : {}), headers: init?.headers ?? {} });
  };
  const client = (secret: string = WECOM_STANDIN_CORP.secret) =>
    createWecomClient({ ...WECOM_STANDIN_CORP, secret, apiBase: base, openBase: 'https://open.weixin.qq.com', fetch: recording, now: () => clock });

  it('builds the authorize URL with the corp id, agent id, state and the #wechat_redirect fragment', () => {
    const url = new URL(client().authorizeUrl({ redirectUri: 'https://summit.example/wecom/oauth/middle', state: 'abc' }));
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: WECOM_STANDIN_CORP.corpId,
      redirect_uri: 'https://summit.example/wecom/oauth/middle',
      response_type: 'code',
      scope: 'snsapi_base',
      state: 'abc',
      agentid: WECOM_STANDIN_CORP.agentId,
    });
    expect(url.hash).toBe('#wechat_redirect');
  });

  it('builds the QR sign-in URL for a browser outside WeCom', () => {
    const c = createWecomClient({ ...WECOM_STANDIN_CORP, apiBase: base, openBase: 'https://open.weixin.qq.com', ssoBase: 'https://login.work.weixin.qq.com' });
    const url = new URL(c.authorizeUrl({ redirectUri: 'https://summit.example/wecom/oauth/middle', state: 'abc', scope: 'sso' }));
    expect(url.origin + url.pathname).toBe('https://login.work.weixin.qq.com/wwlogin/sso/login');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      login_type: 'CorpApp',
      appid: WECOM_STANDIN_CORP.corpId,
      agentid: WECOM_STANDIN_CORP.agentId,
      redirect_uri: 'https://summit.example/wecom/oauth/middle',
      state: 'abc',
    });
  });

  it('resolves a member and an external contact by code, and refuses a code used twice', async () => {
    const c = client();
    const memberCode = standin.issueCode('ZhangLaoshi');
    expect(await c.userInfoByCode(memberCode)).toEqual({ kind: 'member', userId: 'ZhangLaoshi' });
    const again = await c.userInfoByCode(memberCode).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(WecomApiError);
    expect((again as WecomApiError).isBadCode).toBe(true);
    expect(await c.userInfoByCode(standin.issueCode('xiaoming'))).toEqual({
      kind: 'external',
      openId: standin.openIdOf('xiaoming'),
      externalUserId: standin.externalUserIdOf('xiaoming'),
    });
    expect(await c.userInfoByCode(standin.issueCode('visitor'))).toEqual({ kind: 'external', openId: standin.openIdOf('visitor'), externalUserId: null });
  });

  it('caches the access token, and fetches a new one once when WeCom says it expired', async () => {
    const c = client();
    const before = standin.stats.tokenFetches;
    await c.getMember('ZhangLaoshi');
    await c.getMember('LiZhuli');
    expect(standin.stats.tokenFetches).toBe(before + 1);
    standin.expireTokens();
    expect(await c.getMember('ZhangLaoshi')).toEqual({ userId: 'ZhangLaoshi', name: '张老师', status: 1 });
    expect(standin.stats.tokenFetches).toBe(before + 2);
    // The cache's own clock: past expires_in the client fetches before calling.
    clock += 7200 * 1000;
    await c.getMember('ZhangLaoshi');
    expect(standin.stats.tokenFetches).toBe(before + 3);
  });

  it('shares one token fetch among concurrent calls', async () => {
    const c = client();
    const before = standin.stats.tokenFetches;
    await Promise.all([c.getMember('ZhangLaoshi'), c.getMember('LiZhuli'), c.getMember('WangLizhi')]);
    expect(standin.stats.tokenFetches).toBe(before + 1);
  });

  it('reports WeCom errors with their code: no such member, wrong secret, unreachable host', async () => {
    const missing = await client().getMember('nobody').catch((e: unknown) => e);
    expect((missing as WecomApiError).errcode).toBe(60111);
    const wrongSecret = await client('not-the-right-secret-at-all').getMember('ZhangLaoshi').catch((e: unknown) => e);
    expect((wrongSecret as WecomApiError).errcode).toBe(40001);
    const down = createWecomClient({ ...WECOM_STANDIN_CORP, apiBase: 'http://127.0.0.1:1', openBase: base, timeoutMs: 2000 });
    const unreachable = await down.getMember('ZhangLaoshi').catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(WecomApiError);
    expect((unreachable as WecomApiError).isTransport).toBe(true);
  });

  it('posts JSON with the access token for other APIs, never putting the secret anywhere but gettoken', async () => {
    requested.length = 0;
    const c = client();
    expect(await c.post('/cgi-bin/echo', { external_userid: 'wm1' })).toMatchObject({ got: { external_userid: 'wm1' } });
    expect(requested.filter((u) => u.includes(WECOM_STANDIN_CORP.secret)).every((u) => u.includes('/cgi-bin/gettoken?'))).toBe(true);
    expect(requested.some((u) => u.includes('/cgi-bin/echo?access_token='))).toBe(true);
  });
});
