/**
 * WeCom (企业微信) server API as the platform uses it (decision 098): the corp access token (cgi-bin/gettoken,
 * cached until shortly before it expires and fetched again once when WeCom says it is stale), web-page OAuth
 * (open.weixin.qq.com/connect/oauth2/authorize with the corp id and agent id → cgi-bin/auth/getuserinfo),
 * cgi-bin/user/get, and generic authenticated GET/POST calls for the other APIs (externalcontact/*).
 *
 * One HTTP client serves WeCom and its local stand-in (stand-ins/wecom.ts); only the base URLs and the fetch
 * differ. The access token travels only in the query string WeCom requires and is never logged or returned.
 */

export interface WecomConfig {
  corpId: string;
  agentId: string;
  /** The application's secret (应用 Secret) for cgi-bin/gettoken. */
  secret: string;
  /** e.g. https://qyapi.weixin.qq.com */
  apiBase: string;
  /** e.g. https://open.weixin.qq.com, or a same-origin path such as /__wecom for the in-process stand-in. */
  openBase: string;
  /** e.g. https://login.work.weixin.qq.com (a browser outside WeCom scans a QR code there); default openBase. */
  ssoBase?: string;
  fetch?: WecomFetch;
  timeoutMs?: number;
  /** Clock for the token cache (tests move time). */
  now?: () => number;
}

/** The part of fetch this client uses. */
export type WecomFetch = (
  url: string,
  init?: { method: 'GET' | 'POST'; body?: string; headers?: Record<string, string> },
) => Promise<{ status: number; json(): Promise<unknown> }>;

export type WecomOauthScope = 'snsapi_base' | 'snsapi_privateinfo';
/** `sso`: a browser outside WeCom signs in by scanning a QR code with WeCom (the code then works like OAuth's). */
export type WecomSigninScope = WecomOauthScope | 'sso';

/**
 * Who opened the page, as cgi-bin/auth/getuserinfo answers: a member of the corp (an employee: `userid`), or
 * someone outside it (`openid`, plus `external_userid` when they are an external contact of a member).
 */
export type WecomIdentity =
  | { kind: 'member'; userId: string }
  | { kind: 'external'; openId: string; externalUserId: string | null };

export interface WecomMember {
  userId: string;
  name: string;
  /** 1 active, 2 disabled, 4 not yet activated, 5 left the corp (WeCom's status). */
  status: number;
}

export interface WecomClient {
  readonly corpId: string;
  readonly agentId: string;
  /**
   * Where the browser goes to prove who it is (WeCom appends `code` and `state` to redirectUri): the OAuth
   * authorize page inside WeCom, or (`sso`) the QR sign-in page for a browser outside it.
   */
  authorizeUrl(opts: { redirectUri: string; state: string; scope?: WecomSigninScope }): string;
  /** cgi-bin/auth/getuserinfo: resolves a single-use OAuth code. */
  userInfoByCode(code: string): Promise<WecomIdentity>;
  /** cgi-bin/user/get: a member of the corp. */
  getMember(userId: string): Promise<WecomMember>;
  /** Any authenticated GET (path relative to the API base, e.g. `cgi-bin/externalcontact/get`). */
  get(path: string, query?: Record<string, string>): Promise<Record<string, unknown>>;
  /** Any authenticated POST with a JSON body (e.g. `cgi-bin/externalcontact/add_contact_way`). */
  post(path: string, body: unknown): Promise<Record<string, unknown>>;
  /** Drops the cached access token (tests; a key rotation). */
  resetToken(): void;
}

/** WeCom answered with a non-zero errcode, or the request failed (errcode -1). */
export class WecomApiError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
    readonly api: string,
  ) {
    super(`WeCom ${api} errcode ${errcode}: ${errmsg}`);
    this.name = 'WecomApiError';
  }

  /** The OAuth code is unknown, expired or already used (40029 invalid code; 40163 used). */
  get isBadCode(): boolean {
    return this.errcode === 40029 || this.errcode === 40163;
  }

  /** The access token is invalid or expired: fetch a new one and try once more. */
  get isBadAccessToken(): boolean {
    return this.errcode === 40014 || this.errcode === 42001 || this.errcode === 40001;
  }

  /** No answer from WeCom (network, timeout, not JSON). */
  get isTransport(): boolean {
    return this.errcode === -1;
  }
}

/** Refetch this long before WeCom's expires_in runs out, so a call never carries a token about to die. */
const TOKEN_MARGIN_MS = 5 * 60_000;

const defaultFetch =
  (timeoutMs: number): WecomFetch =>
  (url, init) =>
    fetch(url, { method: init?.method ?? 'GET', ...(init?.body !== undefined ? { body: init.body } : {}), headers: init?.headers ?? {}, signal: AbortSignal.timeout(timeoutMs) });

export function createWecomClient(config: WecomConfig): WecomClient {
  const send = config.fetch ?? defaultFetch(config.timeoutMs ?? 8000);
  const now = config.now ?? (() => Date.now());
  const apiBase = config.apiBase.replace(/\/+$/, '');
  const openBase = config.openBase.replace(/\/+$/, '');
  const ssoBase = (config.ssoBase ?? config.openBase).replace(/\/+$/, '');
  let cached: { token: string; expiresAt: number } | null = null;
  // One gettoken in flight at a time: concurrent callers share it (WeCom rate-limits gettoken).
  let inflight: Promise<string> | null = null;

  const clean = (path: string) => path.replace(/^\/+/, '');

  async function request(api: string, query: Record<string, string>, body?: unknown): Promise<Record<string, unknown>> {
    const url = `${apiBase}/${clean(api)}?${new URLSearchParams(query).toString()}`;
    let parsed: unknown;
    try {
      const res = await send(
        url,
        body === undefined ? { method: 'GET' } : { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
      );
      parsed = await res.json();
    } catch (err) {
      throw new WecomApiError(-1, err instanceof Error ? err.message : 'request failed', api);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new WecomApiError(-1, 'not a JSON object', api);
    const record = parsed as Record<string, unknown>;
    const errcode = typeof record.errcode === 'number' ? record.errcode : 0;
    if (errcode !== 0) throw new WecomApiError(errcode, typeof record.errmsg === 'string' ? record.errmsg : '', api);
    return record;
  }

  async function fetchToken(): Promise<string> {
    const api = 'cgi-bin/gettoken';
    const r = await request(api, { corpid: config.corpId, corpsecret: config.secret });
    const token = r.access_token;
    if (typeof token !== 'string' || token === '') throw new WecomApiError(-1, 'missing access_token', api);
    const expiresIn = typeof r.expires_in === 'number' && r.expires_in > 0 ? r.expires_in : 7200;
    cached = { token, expiresAt: now() + Math.max(expiresIn * 1000 - TOKEN_MARGIN_MS, 60_000) };
    return token;
  }

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > now()) return cached.token;
    inflight ??= fetchToken().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  /** An authenticated call; a stale token is replaced once. */
  async function authed(api: string, query: Record<string, string>, body?: unknown): Promise<Record<string, unknown>> {
    const token = await accessToken();
    try {
      return await request(api, { ...query, access_token: token }, body);
    } catch (err) {
      if (!(err instanceof WecomApiError) || !err.isBadAccessToken) throw err;
      if (cached?.token === token) cached = null;
      return request(api, { ...query, access_token: await accessToken() }, body);
    }
  }

  const str = (r: Record<string, unknown>, key: string): string | null => (typeof r[key] === 'string' && r[key] !== '' ? (r[key] as string) : null);

  return {
    corpId: config.corpId,
    agentId: config.agentId,
    authorizeUrl({ redirectUri, state, scope = 'snsapi_base' }) {
      if (scope === 'sso') {
        const query = new URLSearchParams({ login_type: 'CorpApp', appid: config.corpId, agentid: config.agentId, redirect_uri: redirectUri, state });
        return `${ssoBase}/wwlogin/sso/login?${query.toString()}`;
      }
      // WeCom reads appid (the corp id), then agentid, and needs the #wechat_redirect fragment.
      const query = new URLSearchParams({ appid: config.corpId, redirect_uri: redirectUri, response_type: 'code', scope, state, agentid: config.agentId });
      return `${openBase}/connect/oauth2/authorize?${query.toString()}#wechat_redirect`;
    },
    async userInfoByCode(code) {
      const api = 'cgi-bin/auth/getuserinfo';
      const r = await authed(api, { code });
      const userId = str(r, 'userid') ?? str(r, 'UserId');
      if (userId) return { kind: 'member', userId };
      const openId = str(r, 'openid') ?? str(r, 'OpenId');
      if (openId) return { kind: 'external', openId, externalUserId: str(r, 'external_userid') };
      throw new WecomApiError(-1, 'neither userid nor openid', api);
    },
    async getMember(userId) {
      const api = 'cgi-bin/user/get';
      const r = await authed(api, { userid: userId });
      return { userId: str(r, 'userid') ?? userId, name: str(r, 'name') ?? '', status: typeof r.status === 'number' ? r.status : 0 };
    },
    get: (path, query = {}) => authed(path, query),
    post: (path, body) => authed(path, {}, body ?? {}),
    resetToken() {
      cached = null;
    },
  };
}
