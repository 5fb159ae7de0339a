// The WeChat browser's client side (decision 069): what survives WeChat's OAuth redirects in this browser.
import { DEMO_AS_WECHAT_KEY } from './platform.ts';

export const WECHAT_STORAGE_KEYS = {
  /** The signed payer ticket (docs/product/data.md "open id"): JSAPI payment sends it as `wx_payer`. */
  payer: 'wx_payer',
  /** An unbound WeChat login waiting for the phone login that follows (session storage: this tab only). */
  pendingBind: 'wx_bind_ticket',
} as const;

export function savePayerTicket(ticket: string): void {
  localStorage.setItem(WECHAT_STORAGE_KEYS.payer, ticket);
}

export function readPayerTicket(): string | null {
  return localStorage.getItem(WECHAT_STORAGE_KEYS.payer);
}

export function savePendingBind(ticket: string): void {
  sessionStorage.setItem(WECHAT_STORAGE_KEYS.pendingBind, ticket);
}

export function hasPendingBind(): boolean {
  try {
    return Boolean(sessionStorage.getItem(WECHAT_STORAGE_KEYS.pendingBind));
  } catch {
    return false;
  }
}

/**
 * After a student's phone login: binds the WeChat of an unbound WeChat login in this tab. A failure (ticket
 * expired, WeChat bound elsewhere) is shown by the api client and does not stop the login.
 */
export async function linkPendingWechat(): Promise<boolean> {
  const ticket = sessionStorage.getItem(WECHAT_STORAGE_KEYS.pendingBind);
  if (!ticket) return false;
  sessionStorage.removeItem(WECHAT_STORAGE_KEYS.pendingBind);
  const { api } = await import('./api-client.ts');
  try {
    await api.post('/student/wechat/link', { bind_ticket: ticket }, { navigate: false });
    return true;
  } catch {
    return false;
  }
}

export interface WechatStatusInfo {
  enabled: boolean;
  mode: 'off' | 'standin' | 'live';
  demo: boolean;
}

let statusPromise: Promise<WechatStatusInfo> | null = null;

/** Whether WeChat login is on; also drops the demo switch when the server is not in demo mode. */
export function fetchWechatStatus(): Promise<WechatStatusInfo> {
  statusPromise ??= import('./api-client.ts')
    .then(({ api }) => api.get<WechatStatusInfo>('/wechat/status', { quiet: true }))
    .then((status) => {
      if (!status.demo) localStorage.removeItem(DEMO_AS_WECHAT_KEY);
      return status;
    })
    .catch(() => {
      statusPromise = null;
      return { enabled: false, mode: 'off' as const, demo: false };
    });
  return statusPromise;
}

export function setDemoAsWechat(on: boolean): void {
  if (on) localStorage.setItem(DEMO_AS_WECHAT_KEY, '1');
  else localStorage.removeItem(DEMO_AS_WECHAT_KEY);
}

export function isDemoAsWechat(): boolean {
  return localStorage.getItem(DEMO_AS_WECHAT_KEY) === '1';
}
