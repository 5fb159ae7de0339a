/**
 * A local stand-in of WeChat's servers for the official account's web pages (decision 069): the authorize
 * page (open.weixin.qq.com/connect/oauth2/authorize), sns/oauth2/access_token, sns/userinfo, cgi-bin/token and
 * cgi-bin/ticket/getticket, answering as WeChat does (errcode 40163 for a code used twice, 40029 for an unknown
 * or expired one, 40125 for a wrong secret, 48001 when a base grant asks for the profile).
 *
 * Tests listen on a free port and point WECHAT_API_BASE at it; with WECHAT_MODE=standin the app mounts it under
 * /__wechat so `npm start` shows the flow. Its state is in memory: it stands in for a third party, and demo
 * mode is one process (PGlite).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

export interface StandinApp {
  appId: string;
  secret: string;
}

export interface StandinUser {
  key: string;
  nickname: string;
  avatarUrl: string;
}

/** The demo WeChat users the consent page offers. */
export const STANDIN_USERS: readonly StandinUser[] = [
  { key: 'xiaoming', nickname: '小明', avatarUrl: 'https://thirdwx.qlogo.cn/mmopen/standin/xiaoming/132' },
  { key: 'xiaohong', nickname: '小红', avatarUrl: 'https://thirdwx.qlogo.cn/mmopen/standin/xiaohong/132' },
  { key: 'parent', nickname: '王家长', avatarUrl: 'https://thirdwx.qlogo.cn/mmopen/standin/parent/132' },
];

export interface WechatStandinStats {
  tokenFetches: number;
  ticketFetches: number;
  codeExchanges: number;
}

export interface WechatStandin {
  plugin: FastifyPluginAsync;
  stats: WechatStandinStats;
  /** What WeChat would call this user's open id under this app: differs per app, like WeChat's. */
  openIdOf(appId: string, userKey: string): string;
  /** Issues a code as the consent page would (tests skip the HTML). */
  issueCode(appId: string, userKey: string, scope: string): string;
  /** Expires every app token now (tests of the refresh path). */
  expireTokens(): void;
}

const CODE_TTL_MS = 5 * 60_000;
const TOKEN_TTL_S = 7200;

const hash = (s: string) => createHash('sha256').update(s).digest('base64url');
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A stand-in user's open id in one app, and union id across the platform's apps (the same in every WeChat stand-in). */
export const openIdOf = (appId: string, userKey: string) => `o${hash(`${appId}:${userKey}`).slice(0, 27)}`;
export const unionIdOf = (userKey: string) => `u${hash(`union:${userKey}`).slice(0, 27)}`;

/**
 * GET /cgi-bin/token as WeChat answers it, for every WeChat stand-in: the app's id and secret checked, and a new token
 * replacing the app's previous one.
 */
export function issueAppToken(
  q: Record<string, string | undefined>,
  apps: ReadonlyMap<string, { appId: string; secret: string }>,
  appTokens: Map<string, { appId: string; expiresAt: number }>,
  now: () => number,
  counted: () => void,
) {
  const target = apps.get(q.appid ?? '');
  if (!target) return { errcode: 40013, errmsg: 'invalid appid' };
  if (q.secret !== target.secret) return { errcode: 40125, errmsg: 'invalid appsecret' };
  if (q.grant_type !== 'client_credential') return { errcode: 40002, errmsg: 'invalid grant_type' };
  counted();
  const token = randomBytes(32).toString('base64url');
  for (const [k, v] of appTokens) if (v.appId === target.appId) appTokens.delete(k);
  appTokens.set(token, { appId: target.appId, expiresAt: now() + TOKEN_TTL_S * 1000 });
  return { access_token: token, expires_in: TOKEN_TTL_S };
}

/**
 * `sameHostRedirects`: like WeChat's check of the web-authorisation domain (10003), the authorize page only sends
 * the browser back to the host it was served from, so a mounted stand-in is never an open redirect.
 */
export function createWechatStandin(opts: { apps: StandinApp[]; now?: () => number; sameHostRedirects?: boolean }): WechatStandin {
  const now = opts.now ?? (() => Date.now());
  const apps = new Map(opts.apps.map((a) => [a.appId, a]));
  const codes = new Map<string, { appId: string; userKey: string; scope: string; expiresAt: number; used: boolean }>();
  const userTokens = new Map<string, { appId: string; userKey: string; scope: string; expiresAt: number }>();
  const appTokens = new Map<string, { appId: string; expiresAt: number }>();
  const stats: WechatStandinStats = { tokenFetches: 0, ticketFetches: 0, codeExchanges: 0 };

  const issueCode = (appId: string, userKey: string, scope: string) => {
    const code = randomBytes(16).toString('hex');
    codes.set(code, { appId, userKey, scope, expiresAt: now() + CODE_TTL_MS, used: false });
    return code;
  };
  const err = (errcode: number, errmsg: string) => ({ errcode, errmsg });

  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    app.get('/connect/oauth2/authorize', async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      const target = apps.get(q.appid ?? '');
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!target || !q.redirect_uri || q.response_type !== 'code' || (q.scope !== 'snsapi_base' && q.scope !== 'snsapi_userinfo')) {
        return reply.code(400).send(page('参数错误', '<p>appid、redirect_uri、response_type 或 scope 无效（错误码 10003）。</p>'));
      }
      if (opts.sameHostRedirects && /^https?:\/\//i.test(q.redirect_uri) && new URL(q.redirect_uri).hostname !== req.hostname) {
        return reply.code(400).send(page('参数错误', '<p>redirect_uri 域名与后台配置不一致（错误码 10003）。</p>'));
      }
      const back = (extra: Record<string, string>) => {
        const url = new URL(q.redirect_uri!, 'http://placeholder.invalid');
        for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
        return /^https?:\/\//.test(q.redirect_uri!) ? url.toString() : `${url.pathname}${url.search}`;
      };
      if (q.choose) {
        const user = STANDIN_USERS.find((u) => u.key === q.choose);
        if (!user) return reply.code(400).send(page('参数错误', '<p>没有这个演示微信用户。</p>'));
        return reply.redirect(back({ code: issueCode(target.appId, user.key, q.scope), state: q.state ?? '' }));
      }
      if (q.deny) return reply.redirect(back({ state: q.state ?? '' }));
      const self = (extra: Record<string, string>) => `?${new URLSearchParams({ ...(q as Record<string, string>), ...extra }).toString()}`;
      const userinfo = q.scope === 'snsapi_userinfo';
      const links = STANDIN_USERS.map(
        (u) => `<li><a class="user" data-user="${esc(u.key)}" href="${esc(self({ choose: u.key }))}">${userinfo ? '允许' : '继续'}：以「${esc(u.nickname)}」的身份</a></li>`,
      ).join('');
      return page(
        '微信授权（本地演示）',
        `<p>${userinfo ? '该网页申请获取你的昵称、头像。' : '该网页申请获取你的身份标识（静默授权：在真实微信中不会出现此页）。'}</p>
<p class="note">这是本地演示用的微信服务替身，选择一位演示微信用户：</p><ul>${links}</ul>
<p><a class="deny" href="${esc(self({ deny: '1' }))}">拒绝</a></p>`,
      );
    });

    app.get('/sns/oauth2/access_token', async (req) => {
      const q = req.query as Record<string, string | undefined>;
      const target = apps.get(q.appid ?? '');
      if (!target) return err(40013, 'invalid appid');
      if (q.secret !== target.secret) return err(40125, 'invalid appsecret');
      if (q.grant_type !== 'authorization_code') return err(40002, 'invalid grant_type');
      const entry = codes.get(q.code ?? '');
      if (!entry || entry.appId !== target.appId || entry.expiresAt < now()) return err(40029, 'invalid code');
      if (entry.used) return err(40163, 'code been used');
      entry.used = true;
      stats.codeExchanges += 1;
      const accessToken = randomBytes(24).toString('base64url');
      userTokens.set(accessToken, { appId: target.appId, userKey: entry.userKey, scope: entry.scope, expiresAt: now() + TOKEN_TTL_S * 1000 });
      return {
        access_token: accessToken,
        expires_in: TOKEN_TTL_S,
        refresh_token: randomBytes(24).toString('base64url'),
        openid: openIdOf(target.appId, entry.userKey),
        scope: entry.scope,
        ...(entry.scope === 'snsapi_userinfo' ? { unionid: unionIdOf(entry.userKey) } : {}),
      };
    });

    app.get('/sns/userinfo', async (req) => {
      const q = req.query as Record<string, string | undefined>;
      const grant = userTokens.get(q.access_token ?? '');
      if (!grant || grant.expiresAt < now()) return err(40001, 'invalid credential, access_token is invalid or not latest');
      if (q.openid !== openIdOf(grant.appId, grant.userKey)) return err(40003, 'invalid openid');
      if (grant.scope !== 'snsapi_userinfo') return err(48001, 'api unauthorized');
      const user = STANDIN_USERS.find((u) => u.key === grant.userKey)!;
      return { openid: q.openid, nickname: user.nickname, sex: 0, province: '', city: '', country: '', headimgurl: user.avatarUrl, privilege: [], unionid: unionIdOf(user.key) };
    });

    app.get('/cgi-bin/token', async (req) => issueAppToken(req.query as Record<string, string | undefined>, apps, appTokens, now, () => (stats.tokenFetches += 1)));

    app.get('/cgi-bin/ticket/getticket', async (req) => {
      const q = req.query as Record<string, string | undefined>;
      const token = appTokens.get(q.access_token ?? '');
      if (!token || token.expiresAt < now()) return err(40001, 'invalid credential, access_token is invalid or not latest');
      if (q.type !== 'jsapi') return err(40097, 'invalid args');
      stats.ticketFetches += 1;
      return { errcode: 0, errmsg: 'ok', ticket: randomBytes(32).toString('base64url'), expires_in: TOKEN_TTL_S };
    });
  };

  return {
    plugin,
    stats,
    openIdOf,
    issueCode,
    expireTokens: () => {
      for (const v of appTokens.values()) v.expiresAt = 0;
    },
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:-apple-system,"PingFang SC","Microsoft YaHei","Noto Sans SC",sans-serif;margin:0;background:#ededed;color:#191919}
main{max-width:480px;margin:0 auto;padding:24px 16px}h1{font-size:18px}.note{color:#888;font-size:13px}ul{list-style:none;padding:0}
a.user{display:block;background:#07c160;color:#fff;text-decoration:none;border-radius:8px;padding:14px;margin:10px 0;text-align:center;font-size:16px}
a.deny{display:block;color:#576b95;text-align:center;padding:12px}</style></head>
<body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
}
