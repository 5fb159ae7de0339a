/**
 * A local stand-in of WeCom's (企业微信) servers (decision 098): the OAuth authorize page
 * (open.weixin.qq.com/connect/oauth2/authorize with appid = corp id and agentid), cgi-bin/gettoken,
 * cgi-bin/auth/getuserinfo (a member's userid, or an outsider's openid and external_userid — the "eid"),
 * and cgi-bin/user/get, answering as WeCom does: errcode 40013 unknown corp id, 40001 wrong secret,
 * 40014/42001 bad or expired access token, 40029 an unknown, expired or already used code, 60111 no such member.
 *
 * Tests listen on a free port (or inject) and point the WeCom client at it; with WECOM_MODE=standin the app
 * mounts it under /__wecom so the flow runs on one machine. Other stand-ins of WeCom's APIs (external contact)
 * mount their routes under the same prefix and check access tokens with `checkAccessToken`. State is in memory:
 * it stands in for a third party, and demo mode is one process.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

/** Where the app mounts the stand-in with WECOM_MODE=standin. */
export const WECOM_STANDIN_PREFIX = '/__wecom';
/** The stand-in's corp when WECOM_CORP_ID/AGENT_ID/SECRET are not set: a demo identity, not a secret. */
export const WECOM_STANDIN_CORP = { corpId: 'wwd0e5a1c0ffee0098', agentId: '1000098', secret: 'summit-wecom-standin-secret-demo-only' } as const;

export interface WecomStandinCorp {
  corpId: string;
  agentId: string;
  secret: string;
}

export interface WecomStandinPerson {
  key: string;
  name: string;
  /** member: a corp member (employee) with a userid; external: someone outside the corp. */
  kind: 'member' | 'external';
  /** Member status as user/get reports it: 1 active, 2 disabled, 5 left. */
  status?: number;
  /** An outsider who is an external contact of a member gets an external_userid; others only an openid. */
  contact?: boolean;
}

/** The demo people the authorize page offers. Member user ids are their keys, as an admin would type them. */
export const WECOM_STANDIN_PEOPLE: readonly WecomStandinPerson[] = [
  { key: 'ZhangLaoshi', name: '张老师', kind: 'member', status: 1 },
  { key: 'LiZhuli', name: '李助理', kind: 'member', status: 1 },
  { key: 'WangLizhi', name: '王离职', kind: 'member', status: 5 },
  { key: 'xiaoming', name: '小明（学生）', kind: 'external', contact: true },
  { key: 'visitor', name: '访客（非外部联系人）', kind: 'external', contact: false },
];

export interface WecomStandinStats {
  tokenFetches: number;
  codeExchanges: number;
}

export interface WecomStandin {
  plugin: FastifyPluginAsync;
  corp: WecomStandinCorp;
  stats: WecomStandinStats;
  /** Issues a code as the authorize page would (tests skip the HTML). */
  issueCode(personKey: string): string;
  /** The external_userid WeCom gives this outsider in this corp. */
  externalUserIdOf(personKey: string): string;
  openIdOf(personKey: string): string;
  /** For stand-ins of other WeCom APIs mounted beside this one: is this a live access token of the corp? */
  checkAccessToken(token: string | undefined): boolean;
  /** Expires every access token now (tests of the refresh path). */
  expireTokens(): void;
  /** Changes a member's status (tests: a member who has left the corp). */
  setMemberStatus(personKey: string, status: number): void;
}

/** The authorize page's choice that makes a new outsider (a first-time student). */
export const NEW_EXTERNAL = '__new_external__';
const CODE_TTL_MS = 5 * 60_000;
const TOKEN_TTL_S = 7200;

const hash = (s: string) => createHash('sha256').update(s).digest('base64url');
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `sameHostRedirects`: like WeCom's check of the trusted domain (可信域名), the authorize page only sends the
 * browser back to the host it was served from, so a mounted stand-in is never an open redirect.
 */
export function createWecomStandin(opts: { corp?: WecomStandinCorp; now?: () => number; sameHostRedirects?: boolean } = {}): WecomStandin {
  const corp = opts.corp ?? { ...WECOM_STANDIN_CORP };
  const now = opts.now ?? (() => Date.now());
  const people = new Map(WECOM_STANDIN_PEOPLE.map((p) => [p.key, { ...p }]));
  const codes = new Map<string, { personKey: string; expiresAt: number; used: boolean }>();
  const tokens = new Map<string, number>();
  const stats: WecomStandinStats = { tokenFetches: 0, codeExchanges: 0 };

  const externalUserIdOf = (key: string) => `wm${hash(`${corp.corpId}:ext:${key}`).slice(0, 30)}`;
  const openIdOf = (key: string) => `o${hash(`${corp.corpId}:open:${key}`).slice(0, 27)}`;
  const issueCode = (personKey: string) => {
    const code = randomBytes(16).toString('hex');
    codes.set(code, { personKey, expiresAt: now() + CODE_TTL_MS, used: false });
    return code;
  };
  const checkAccessToken = (token: string | undefined) => {
    const expiresAt = token ? tokens.get(token) : undefined;
    return expiresAt !== undefined && expiresAt > now();
  };
  const err = (errcode: number, errmsg: string) => ({ errcode, errmsg });
  const tokenError = (token: string | undefined) =>
    token && tokens.has(token) ? err(42001, 'access_token expired') : err(40014, 'invalid access_token');

  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    // Inside WeCom: the OAuth authorize page (silent in real WeCom).
    app.get('/connect/oauth2/authorize', async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (q.appid !== corp.corpId || !q.redirect_uri || q.response_type !== 'code' || (q.scope !== 'snsapi_base' && q.scope !== 'snsapi_privateinfo')) {
        return reply.code(400).send(page('参数错误', '<p>appid、redirect_uri、response_type 或 scope 无效。</p>'));
      }
      if (q.scope === 'snsapi_privateinfo' && q.agentid !== corp.agentId) {
        return reply.code(400).send(page('参数错误', '<p>agentid 无效。</p>'));
      }
      return choosePerson(req, reply, q, '该网页申请获取你的企业微信身份（在真实企业微信中为静默授权，不会出现此页）。');
    });

    // Another browser: the QR sign-in page (real WeCom shows a QR code to scan with the WeCom app).
    app.get('/wwlogin/sso/login', async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (q.login_type !== 'CorpApp' || q.appid !== corp.corpId || q.agentid !== corp.agentId || !q.redirect_uri) {
        return reply.code(400).send(page('参数错误', '<p>login_type、appid、agentid 或 redirect_uri 无效。</p>'));
      }
      return choosePerson(req, reply, q, '请使用企业微信扫码登录（真实页面显示二维码，用企业微信扫描后确认）。');
    });

    async function choosePerson(req: FastifyRequest, reply: FastifyReply, q: Record<string, string | undefined>, intro: string) {
      if (!q.redirect_uri) return reply.code(400).send(page('参数错误', '<p>redirect_uri 无效。</p>'));
      if (opts.sameHostRedirects && /^https?:\/\//i.test(q.redirect_uri) && new URL(q.redirect_uri).hostname !== req.hostname) {
        return reply.code(400).send(page('参数错误', '<p>redirect_uri 域名与应用的可信域名不一致。</p>'));
      }
      if (!/^https?:\/\//i.test(q.redirect_uri) && !q.redirect_uri.startsWith('/')) {
        return reply.code(400).send(page('参数错误', '<p>redirect_uri 无效。</p>'));
      }
      const back = (extra: Record<string, string>) => {
        const url = new URL(q.redirect_uri!, 'http://placeholder.invalid');
        for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
        return /^https?:\/\//i.test(q.redirect_uri!) ? url.toString() : `${url.pathname}${url.search}`;
      };
      if (q.choose === NEW_EXTERNAL) {
        // A new outsider each time (a student opening the link for the first time): demos and browser tests rerun.
        const key = `guest-${randomBytes(5).toString('hex')}`;
        people.set(key, { key, name: '新同学', kind: 'external', contact: true });
        return reply.redirect(back({ code: issueCode(key), state: q.state ?? '' }));
      }
      if (q.choose) {
        const person = people.get(q.choose);
        if (!person) return reply.code(400).send(page('参数错误', '<p>没有这个演示企业微信用户。</p>'));
        return reply.redirect(back({ code: issueCode(person.key), state: q.state ?? '' }));
      }
      const self = (extra: Record<string, string>) => `?${new URLSearchParams({ ...(q as Record<string, string>), ...extra }).toString()}`;
      // The fixed demo people; first-time students made by the last link are not offered again.
      const links = [...people.values()]
        .filter((p) => !p.key.startsWith('guest-'))
        .map(
          (p) =>
            `<li><a class="person ${p.kind}" data-person="${esc(p.key)}" href="${esc(self({ choose: p.key }))}">以「${esc(p.name)}」的身份继续<span>${p.kind === 'member' ? `企业成员 ${esc(p.key)}` : p.contact ? '外部联系人' : '企业外用户'}</span></a></li>`,
        )
        .join('');
      const fresh = `<li><a class="person external" data-person="${NEW_EXTERNAL}" href="${esc(self({ choose: NEW_EXTERNAL }))}">以「新同学」的身份继续<span>首次打开的外部联系人（学生）</span></a></li>`;
      return page(
        '企业微信授权（本地演示）',
        `<p>${esc(intro)}</p>
<p class="note">这是本地演示用的企业微信服务替身，选择一位演示用户：</p><ul>${links}${fresh}</ul>`,
      );
    }

    app.get('/cgi-bin/gettoken', async (req) => {
      const q = req.query as Record<string, string | undefined>;
      if (q.corpid !== corp.corpId) return err(40013, 'invalid corpid');
      if (q.corpsecret !== corp.secret) return err(40001, 'invalid secret');
      stats.tokenFetches += 1;
      const token = randomBytes(32).toString('base64url');
      tokens.set(token, now() + TOKEN_TTL_S * 1000);
      return { errcode: 0, errmsg: 'ok', access_token: token, expires_in: TOKEN_TTL_S };
    });

    app.get('/cgi-bin/auth/getuserinfo', async (req) => {
      const q = req.query as Record<string, string | undefined>;
      if (!checkAccessToken(q.access_token)) return tokenError(q.access_token);
      const entry = codes.get(q.code ?? '');
      // WeCom answers 40029 for a code that is unknown, expired or already used.
      if (!entry || entry.expiresAt < now() || entry.used) return err(40029, 'invalid code');
      entry.used = true;
      stats.codeExchanges += 1;
      const person = people.get(entry.personKey)!;
      if (person.kind === 'member') return { errcode: 0, errmsg: 'ok', userid: person.key, user_ticket: randomBytes(16).toString('hex') };
      return { errcode: 0, errmsg: 'ok', openid: openIdOf(person.key), ...(person.contact ? { external_userid: externalUserIdOf(person.key) } : {}) };
    });

    app.get('/cgi-bin/user/get', async (req) => {
      const q = req.query as Record<string, string | undefined>;
      if (!checkAccessToken(q.access_token)) return tokenError(q.access_token);
      const person = people.get(q.userid ?? '');
      if (!person || person.kind !== 'member') return err(60111, 'userid not found');
      return { errcode: 0, errmsg: 'ok', userid: person.key, name: person.name, department: [1], status: person.status ?? 1 };
    });
  };

  return {
    plugin,
    corp,
    stats,
    issueCode,
    externalUserIdOf,
    openIdOf,
    checkAccessToken,
    expireTokens: () => {
      for (const k of tokens.keys()) tokens.set(k, 0);
    },
    setMemberStatus(key, status) {
      const p = people.get(key);
      if (p) p.status = status;
    },
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:-apple-system,"PingFang SC","Microsoft YaHei","Noto Sans SC",sans-serif;margin:0;background:#f2f3f5;color:#191919}
main{max-width:480px;margin:0 auto;padding:24px 16px}h1{font-size:18px}.note{color:#555;font-size:13px}ul{list-style:none;padding:0}
a.person{display:block;background:#0b66d6;color:#fff;text-decoration:none;border-radius:8px;padding:12px 14px;margin:10px 0;font-size:16px}
a.person.external{background:#1a7f37}a.person span{display:block;font-size:12px;margin-top:2px}</style></head>
<body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
}
