/**
 * A WeChat mini-program's server API as the platform needs it (decision 097): `sns/jscode2session` (wx.login's
 * code → open id, union id), `cgi-bin/token` (the app's access token) and `wxa/getwxacodeunlimit` (a mini-program
 * code for a scene). One HTTP client serves WeChat and the stand-in (stand-ins/wechat-mini.ts); only the base URL
 * and the fetch differ. Errors are decision 069's WechatApiError, so callers map them the same way.
 */
import { WechatApiError, type ExpiringCredential } from './official-account.ts';

export interface MiniProgramSession {
  openId: string;
  unionId: string | null;
}

export interface UnlimitedCodeRequest {
  /** At most 32 visible characters; the page reads it as options.scene. */
  scene: string;
  /** The page the code opens, e.g. pages/scan-confirm/index (no leading slash). */
  page: string;
  width?: number;
  /** release | trial | develop: which version of the mini-program the code opens. */
  envVersion?: 'release' | 'trial' | 'develop';
}

export interface WechatMiniProgram {
  readonly appId: string;
  code2Session(code: string): Promise<MiniProgramSession>;
  fetchAccessToken(): Promise<ExpiringCredential>;
  /** The PNG (or JPEG) bytes of a mini-program code. */
  getUnlimitedCode(accessToken: string, request: UnlimitedCodeRequest): Promise<Buffer>;
}

export interface MiniFetchResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

/** The part of fetch this client uses. */
export type MiniFetch = (url: string, init?: { method: 'POST'; body: string }) => Promise<MiniFetchResponse>;

export interface MiniProgramConfig {
  appId: string;
  appSecret: string;
  /** e.g. https://api.weixin.qq.com */
  apiBase: string;
  fetch?: MiniFetch;
  timeoutMs?: number;
}

const defaultFetch =
  (timeoutMs: number): MiniFetch =>
  async (url, init) => {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      ...(init ? { method: init.method, body: init.body, headers: { 'content-type': 'application/json' } } : {}),
    });
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) };
  };

function parseJson(api: string, res: MiniFetchResponse): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(res.body.toString('utf8'));
  } catch {
    throw new WechatApiError(-1, `not JSON (HTTP ${res.status})`, api);
  }
  if (!body || typeof body !== 'object') throw new WechatApiError(-1, 'not a JSON object', api);
  const record = body as Record<string, unknown>;
  const errcode = typeof record.errcode === 'number' ? record.errcode : 0;
  if (errcode !== 0) throw new WechatApiError(errcode, typeof record.errmsg === 'string' ? record.errmsg : '', api);
  return record;
}

export function createMiniProgram(config: MiniProgramConfig): WechatMiniProgram {
  const send = config.fetch ?? defaultFetch(config.timeoutMs ?? 8000);
  const apiBase = config.apiBase.replace(/\/+$/, '');

  async function request(api: string, params: Record<string, string>, body?: unknown): Promise<MiniFetchResponse> {
    const url = `${apiBase}/${api}?${new URLSearchParams(params).toString()}`;
    try {
      return await send(url, body === undefined ? undefined : { method: 'POST', body: JSON.stringify(body) });
    } catch (err) {
      throw new WechatApiError(-1, err instanceof Error ? err.message : 'request failed', api);
    }
  }

  const str = (record: Record<string, unknown>, key: string, api: string): string => {
    const value = record[key];
    if (typeof value !== 'string' || value === '') throw new WechatApiError(-1, `missing ${key}`, api);
    return value;
  };

  return {
    appId: config.appId,
    async code2Session(code) {
      const api = 'sns/jscode2session';
      const r = parseJson(api, await request(api, { appid: config.appId, secret: config.appSecret, js_code: code, grant_type: 'authorization_code' }));
      // session_key is WeChat's key for decrypting this user's data; nothing here needs it, so it is not kept.
      return { openId: str(r, 'openid', api), unionId: typeof r.unionid === 'string' && r.unionid !== '' ? r.unionid : null };
    },
    async fetchAccessToken() {
      const api = 'cgi-bin/token';
      const r = parseJson(api, await request(api, { grant_type: 'client_credential', appid: config.appId, secret: config.appSecret }));
      return { value: str(r, 'access_token', api), expiresInS: typeof r.expires_in === 'number' && r.expires_in > 0 ? r.expires_in : 7200 };
    },
    async getUnlimitedCode(accessToken, req) {
      const api = 'wxa/getwxacodeunlimit';
      const res = await request(api, { access_token: accessToken }, { scene: req.scene, page: req.page, width: req.width ?? 430, check_path: false, env_version: req.envVersion ?? 'release' });
      // WeChat answers the image itself, or JSON with an errcode.
      if (res.status === 200 && /^image\//i.test(res.contentType) && res.body.length > 0) return res.body;
      parseJson(api, res);
      throw new WechatApiError(-1, `no image (HTTP ${res.status})`, api);
    },
  };
}
