/**
 * The mini-program's calls to the platform's API: wx.request wrapped in a promise, answers read from the
 * `{status, msg, data}` envelope (docs/api-contract.md). The mini-program holds no session: each call that needs
 * to know who is there sends a fresh wx.login code instead.
 */
import { CONFIG } from '../config';

export interface Envelope<T> {
  status: number | string;
  msg?: string;
  data?: T;
}

/** A refusal (its envelope's status and message) or a failed request ('NETWORK'). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number | string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

export const NETWORK_MESSAGE = '网络错误，请检查网络后重试';

export function request<T>(method: 'GET' | 'POST', path: string, data?: Record<string, unknown>): Promise<T> {
  return new Promise((resolve, reject) => {
    wx.request({
      url: `${CONFIG.siteOrigin}${path}`,
      method,
      ...(data ? { data } : {}),
      // x-plat wechat: the session list calls the device 微信小程序.
      header: { 'content-type': 'application/json', 'x-plat': 'wechat' },
      timeout: 10_000,
      success(res) {
        const body = res.data as Envelope<T> | undefined;
        if (body && typeof body === 'object' && body.status === 200) resolve(body.data as T);
        else reject(new ApiFailure(body && typeof body === 'object' ? body.status : res.statusCode, body && typeof body === 'object' && body.msg ? body.msg : NETWORK_MESSAGE));
      },
      fail() {
        reject(new ApiFailure('NETWORK', NETWORK_MESSAGE));
      },
    });
  });
}

/** wx.login: a code WeChat exchanges once, within five minutes, for this user's open id (server side). */
export function wxLogin(): Promise<string> {
  return new Promise((resolve, reject) => {
    wx.login({
      success(res) {
        if (res.code) resolve(res.code);
        else reject(new ApiFailure('NETWORK', '微信登录失败，请重试'));
      },
      fail() {
        reject(new ApiFailure('NETWORK', '微信登录失败，请重试'));
      },
    });
  });
}

export const messageOf = (err: unknown): string => (err instanceof ApiFailure || err instanceof Error ? err.message : NETWORK_MESSAGE);
