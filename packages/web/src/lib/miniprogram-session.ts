/**
 * The site's half of the mini-program login (decision 097): the one-time code the mini-program puts in the
 * web-view's URL fragment (#mp_code=…, so it reaches neither a server log nor a Referer) is traded for the session;
 * an unbound WeChat's bind ticket waits in this tab for the phone login; the kept referrer is bound after login.
 */
import { MP_WEBVIEW_CODE_KEY, MP_MSG, mpExchangeResultSchema, mpMeSchema, mpReferrerResultSchema, type MpExchangeResult, type MpMe } from '@summit/domain/api/miniprogram';
import { STATUS } from '@summit/domain/errors';
import { ApiError, api } from './api-client.ts';
import { STORAGE_KEYS, authStorage } from './auth-storage.ts';
import { savePayerTicket } from './wechat.ts';

export const MP_STORAGE_KEYS = {
  /** An unbound mini-program login waiting for the phone login that follows (session storage: this tab only). */
  pendingBind: 'mp_bind_ticket',
} as const;

/** The code in a fragment such as "#mp_code=…&x=1"; null when absent or malformed. */
export function webviewCodeOf(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const code = params.get(MP_WEBVIEW_CODE_KEY);
  return code && /^[A-Za-z0-9_-]{32,64}$/.test(code) ? code : null;
}

/** The fragment without the code (other keys stay). */
export function hashWithoutCode(hash: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  params.delete(MP_WEBVIEW_CODE_KEY);
  const rest = params.toString();
  return rest ? `#${rest}` : '';
}

export async function exchangeWebviewCode(code: string): Promise<MpExchangeResult> {
  const result = await api.post('/login-mp/exchange', { code }, { schema: mpExchangeResultSchema, quiet: true, navigate: false });
  // The payer ticket for the mini-program's own pay page (decision 070's key, read by the payment panel).
  savePayerTicket(result.wx_payer);
  if (result.bind_ticket) sessionStorage.setItem(MP_STORAGE_KEYS.pendingBind, result.bind_ticket);
  return result;
}

export function hasPendingMiniBind(): boolean {
  try {
    return Boolean(sessionStorage.getItem(MP_STORAGE_KEYS.pendingBind));
  } catch {
    return false;
  }
}

/** After a student's phone login that followed an unbound mini-program login: binds that WeChat. */
export async function linkPendingMini(): Promise<boolean> {
  const ticket = sessionStorage.getItem(MP_STORAGE_KEYS.pendingBind);
  if (!ticket) return false;
  sessionStorage.removeItem(MP_STORAGE_KEYS.pendingBind);
  try {
    await api.post('/student/mini/link', { bind_ticket: ticket }, { navigate: false });
    return true;
  } catch {
    return false;
  }
}

/**
 * Binds the kept `mini_referrer_id` to the logged-in student and forgets it once the server has decided (bound,
 * or refused for good: unknown, oneself, another referrer already); a network failure keeps it for next time.
 */
export async function bindKeptReferrer(storage = authStorage): Promise<boolean> {
  const referrer = storage.get(STORAGE_KEYS.referrerId);
  if (!referrer || !storage.isLoggedInAs('student')) return false;
  try {
    const answer = await api.post('/student/mini/referrer', { referrer_id: referrer }, { schema: mpReferrerResultSchema, quiet: true, navigate: false });
    storage.remove(STORAGE_KEYS.referrerId);
    return answer.bound;
  } catch (err) {
    if (err instanceof ApiError && (err.status === STATUS.MESSAGE || err.status === STATUS.PARAM)) storage.remove(STORAGE_KEYS.referrerId);
    return false;
  }
}

/** Run by completeLogin for students: the pending mini-program binding, then the referrer. Answers the extra toast text. */
export async function afterMiniLogin(): Promise<string> {
  const linked = hasPendingMiniBind() && (await linkPendingMini());
  await bindKeptReferrer();
  return linked ? `，${MP_MSG.BOUND}` : '';
}

export function fetchMiniMe(signal?: AbortSignal): Promise<MpMe> {
  return api.get('/student/mini', { schema: mpMeSchema, quiet: true, ...(signal ? { signal } : {}) });
}
