/**
 * The WeChat official account (公众号) as the web pages need it (decision 069): web-page OAuth
 * (connect/oauth2/authorize → sns/oauth2/access_token → sns/userinfo) and the credentials behind JS-SDK
 * signatures (cgi-bin/token, cgi-bin/ticket/getticket). One HTTP client serves WeChat and the stand-in
 * (stand-ins/wechat-open.ts); only the base URLs and the fetch differ.
 */

export type OauthScope = 'snsapi_base' | 'snsapi_userinfo';

export interface OauthGrant {
  openId: string;
  unionId: string | null;
  /** The web-page access token (not the app's cgi-bin one): it only reads this user's profile. */
  accessToken: string;
  scope: string;
}

export interface WechatUserInfo {
  openId: string;
  unionId: string | null;
  nickname: string | null;
  avatarUrl: string | null;
}

export interface ExpiringCredential {
  value: string;
  expiresInS: number;
}

export interface WechatOfficialAccount {
  readonly appId: string;
  authorizeUrl(opts: { redirectUri: string; scope: OauthScope; state: string }): string;
  exchangeCode(code: string): Promise<OauthGrant>;
  userInfo(grant: Pick<OauthGrant, 'accessToken' | 'openId'>): Promise<WechatUserInfo>;
  fetchAccessToken(): Promise<ExpiringCredential>;
  fetchJsapiTicket(accessToken: string): Promise<ExpiringCredential>;
}

/** WeChat answered with a non-zero errcode (or not at all). */
export class WechatApiError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
    readonly api: string,
  ) {
    super(`WeChat ${api} errcode ${errcode}: ${errmsg}`);
    this.name = 'WechatApiError';
  }

  /** The code was already exchanged (40163), is unknown or expired (40029): the person must authorise again. */
  get isBadCode(): boolean {
    return this.errcode === 40163 || this.errcode === 40029;
  }

  /** The app access token is invalid or expired: refetch it once. */
  get isBadAccessToken(): boolean {
    return this.errcode === 40001 || this.errcode === 40014 || this.errcode === 42001;
  }
}

/** The part of fetch this client uses: GET a URL, read JSON. */
export type WechatFetch = (url: string) => Promise<{ status: number; json(): Promise<unknown> }>;

export interface OfficialAccountConfig {
  appId: string;
  appSecret: string;
  /** e.g. https://api.weixin.qq.com */
  apiBase: string;
  /** e.g. https://open.weixin.qq.com, or a same-origin path such as /__wechat for the in-process stand-in. */
  openBase: string;
  fetch?: WechatFetch;
  timeoutMs?: number;
}

const defaultFetch =
  (timeoutMs: number): WechatFetch =>
  (url) =>
    fetch(url, { signal: AbortSignal.timeout(timeoutMs) });

export function createOfficialAccount(config: OfficialAccountConfig): WechatOfficialAccount {
  const get = config.fetch ?? defaultFetch(config.timeoutMs ?? 8000);
  const apiBase = config.apiBase.replace(/\/+$/, '');
  const openBase = config.openBase.replace(/\/+$/, '');

  async function call(api: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const url = `${apiBase}/${api}?${new URLSearchParams(params).toString()}`;
    let body: unknown;
    try {
      const res = await get(url);
      body = await res.json();
    } catch (err) {
      throw new WechatApiError(-1, err instanceof Error ? err.message : 'request failed', api);
    }
    if (!body || typeof body !== 'object') throw new WechatApiError(-1, 'not a JSON object', api);
    const record = body as Record<string, unknown>;
    const errcode = typeof record.errcode === 'number' ? record.errcode : 0;
    if (errcode !== 0) throw new WechatApiError(errcode, typeof record.errmsg === 'string' ? record.errmsg : '', api);
    return record;
  }

  const str = (record: Record<string, unknown>, key: string, api: string): string => {
    const value = record[key];
    if (typeof value !== 'string' || value === '') throw new WechatApiError(-1, `missing ${key}`, api);
    return value;
  };
  const optStr = (record: Record<string, unknown>, key: string): string | null => {
    const value = record[key];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  const expiresIn = (record: Record<string, unknown>): number => (typeof record.expires_in === 'number' && record.expires_in > 0 ? record.expires_in : 7200);

  return {
    appId: config.appId,
    authorizeUrl({ redirectUri, scope, state }) {
      // WeChat reads the parameters in this order and needs the #wechat_redirect fragment.
      const query = new URLSearchParams({ appid: config.appId, redirect_uri: redirectUri, response_type: 'code', scope, state });
      return `${openBase}/connect/oauth2/authorize?${query.toString()}#wechat_redirect`;
    },
    async exchangeCode(code) {
      const api = 'sns/oauth2/access_token';
      const r = await call(api, { appid: config.appId, secret: config.appSecret, code, grant_type: 'authorization_code' });
      return { openId: str(r, 'openid', api), unionId: optStr(r, 'unionid'), accessToken: str(r, 'access_token', api), scope: optStr(r, 'scope') ?? '' };
    },
    async userInfo({ accessToken, openId }) {
      const api = 'sns/userinfo';
      const r = await call(api, { access_token: accessToken, openid: openId, lang: 'zh_CN' });
      return { openId: str(r, 'openid', api), unionId: optStr(r, 'unionid'), nickname: optStr(r, 'nickname'), avatarUrl: optStr(r, 'headimgurl') };
    },
    async fetchAccessToken() {
      const api = 'cgi-bin/token';
      const r = await call(api, { grant_type: 'client_credential', appid: config.appId, secret: config.appSecret });
      return { value: str(r, 'access_token', api), expiresInS: expiresIn(r) };
    },
    async fetchJsapiTicket(accessToken) {
      const api = 'cgi-bin/ticket/getticket';
      const r = await call(api, { access_token: accessToken, type: 'jsapi' });
      return { value: str(r, 'ticket', api), expiresInS: expiresIn(r) };
    },
  };
}
