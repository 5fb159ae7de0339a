/**
 * A local stand-in of a WeChat mini-program's server API (decision 097): `sns/jscode2session`, `cgi-bin/token` and
 * `wxa/getwxacodeunlimit`, answering as WeChat does (40029 for an unknown or expired code, 40163 for a code used
 * twice, 40125 for a wrong secret, 40013 for an unknown app id, 40001 for a stale access token, 40169 for a scene
 * longer than 32 characters, 41030 for a page the mini-program does not have). The code it draws is a real PNG:
 * a QR code of `summit-mp://<page>?scene=<scene>`, which is what a camera test can read back.
 *
 * It also stands in for the WeChat app's side of `wx.login`: `GET /login?appid=&user=` issues the code the
 * mini-program would get for a WeChat user (decision 069's STANDIN_USERS, or any other user key). Open ids differ per app
 * id, union ids do not, and they equal the official-account stand-in's for the same user, as in WeChat under one
 * open-platform account. Tests listen on a free port with MINIPROGRAM_MODE=live; with MINIPROGRAM_MODE=standin (demo
 * mode only) the app mounts it at /__wechat/mini. State is in memory: it stands in for a third party.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import QRCode from 'qrcode';
import { STANDIN_USERS, issueAppToken, openIdOf, unionIdOf } from './wechat-open.ts';

export interface MiniStandinApp {
  appId: string;
  secret: string;
}

export interface WechatMiniStandinStats {
  tokenFetches: number;
  codeExchanges: number;
  codesDrawn: number;
}

export interface WechatMiniStandin {
  plugin: FastifyPluginAsync;
  stats: WechatMiniStandinStats;
  /** What WeChat would call this user's open id under this app. */
  openIdOf(appId: string, userKey: string): string;
  unionIdOf(userKey: string): string;
  /** wx.login for a demo user, as the WeChat app would answer it inside the mini-program. */
  issueCode(appId: string, userKey: string): string;
  /** The next jscode2session answers this errcode (tests of WeChat's failures); -1 is WeChat's "system busy". */
  failNextSession(errcode: number, errmsg?: string): void;
  expireTokens(): void;
}

/** The pages the mini-program has (packages/miniprogram/src/app.json): a code for another page is refused. */
export const MINI_PAGES = ['pages/index/index', 'pages/scan-confirm/index', 'pages/pay/index'] as const;

const CODE_TTL_MS = 5 * 60_000;

export function createWechatMiniStandin(opts: { apps: MiniStandinApp[]; now?: () => number }): WechatMiniStandin {
  const now = opts.now ?? (() => Date.now());
  const apps = new Map(opts.apps.map((a) => [a.appId, a]));
  const codes = new Map<string, { appId: string; userKey: string; expiresAt: number; used: boolean }>();
  const appTokens = new Map<string, { appId: string; expiresAt: number }>();
  const stats: WechatMiniStandinStats = { tokenFetches: 0, codeExchanges: 0, codesDrawn: 0 };
  let nextFailure: { errcode: number; errmsg: string } | null = null;

  // The same formulas as the official-account stand-in: one WeChat user, one union id across our apps.
  const issueCode = (appId: string, userKey: string) => {
    const code = randomBytes(16).toString('hex');
    codes.set(code, { appId, userKey, expiresAt: now() + CODE_TTL_MS, used: false });
    // Codes nobody exchanged are worth nothing after their five minutes.
    for (const [k, v] of codes) if (v.expiresAt < now() - CODE_TTL_MS) codes.delete(k);
    return code;
  };
  const err = (errcode: number, errmsg: string) => ({ errcode, errmsg });

  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    app.get('/login', async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      if (!apps.has(q.appid ?? '')) return reply.code(400).send(err(40013, 'invalid appid'));
      // The demo WeChat users, or any other made-up user key (a browser test's own WeChat user).
      const key = q.user ?? '';
      if (!/^[a-z0-9-]{1,40}$/.test(key)) return reply.code(400).send(err(40003, 'invalid user'));
      const user = STANDIN_USERS.find((u) => u.key === key);
      return { code: issueCode(q.appid!, key), nickname: user?.nickname ?? key };
    });

    app.get('/sns/jscode2session', async (req) => {
      const q = req.query as Record<string, string | undefined>;
      const target = apps.get(q.appid ?? '');
      if (!target) return err(40013, 'invalid appid');
      if (q.secret !== target.secret) return err(40125, 'invalid appsecret');
      if (q.grant_type !== 'authorization_code') return err(40002, 'invalid grant_type');
      if (nextFailure) {
        const failure = nextFailure;
        nextFailure = null;
        return err(failure.errcode, failure.errmsg);
      }
      const entry = codes.get(q.js_code ?? '');
      if (!entry || entry.appId !== target.appId || entry.expiresAt < now()) return err(40029, 'invalid code');
      if (entry.used) return err(40163, 'code been used');
      entry.used = true;
      stats.codeExchanges += 1;
      return { openid: openIdOf(target.appId, entry.userKey), session_key: randomBytes(16).toString('base64'), unionid: unionIdOf(entry.userKey) };
    });

    app.get('/cgi-bin/token', async (req) => issueAppToken(req.query as Record<string, string | undefined>, apps, appTokens, now, () => (stats.tokenFetches += 1)));

    app.post('/wxa/getwxacodeunlimit', async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      const token = appTokens.get(q.access_token ?? '');
      if (!token || token.expiresAt < now()) return err(40001, 'invalid credential, access_token is invalid or not latest');
      const body = (req.body ?? {}) as { scene?: unknown; page?: unknown; width?: unknown };
      if (typeof body.scene !== 'string' || body.scene.length === 0 || body.scene.length > 32) return err(40169, 'invalid length for scene, or the data is not json string');
      if (typeof body.page !== 'string' || !(MINI_PAGES as readonly string[]).includes(body.page)) return err(41030, 'invalid page rid');
      const width = typeof body.width === 'number' && body.width >= 280 && body.width <= 1280 ? body.width : 430;
      stats.codesDrawn += 1;
      const png = await QRCode.toBuffer(`summit-mp://${body.page}?scene=${encodeURIComponent(body.scene)}`, { type: 'png', width, margin: 1, errorCorrectionLevel: 'M' });
      return reply.type('image/png').send(png);
    });
  };

  return {
    plugin,
    stats,
    openIdOf,
    unionIdOf,
    issueCode,
    failNextSession: (errcode, errmsg = 'system error') => {
      nextFailure = { errcode, errmsg };
    },
    expireTokens: () => {
      for (const v of appTokens.values()) v.expiresAt = 0;
    },
  };
}
