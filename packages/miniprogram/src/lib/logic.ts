/**
 * What the pages decide, kept free of wx so it is tested directly: which landing a card or code opens, the
 * web-view's URL (the one-time code in its fragment: it never reaches a server log), what a share carries, and
 * the arguments of wx.requestPayment.
 */

/** The built-in landing: the programme entry (/mini/1). */
export const ENTRY_LANDING = 1;
/** The fragment key the site reads the one-time code from. */
export const WEBVIEW_CODE_KEY = 'mp_code';

export type Variant = 'main' | 'com';

export const loginPath = (variant: Variant): string => (variant === 'com' ? '/api/login-mp-com' : '/api/login-mp');

export interface PageOptions {
  [key: string]: string | undefined;
}

/** A mini-program code's scene arrives URL-encoded in options.scene. */
export function sceneOf(options: PageOptions): string | null {
  const raw = options.scene;
  if (!raw) return null;
  let scene: string;
  try {
    scene = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return /^[A-Za-z0-9_-]{16,32}$/.test(scene) ? scene : null;
}

/** Which landing the home page opens: a landing code's scene ("l123"), a card's ?landing=123, else the entry. */
export function landingOf(options: PageOptions): number {
  const fromScene = options.scene ? /^l(\d{1,10})$/.exec(safeDecode(options.scene)) : null;
  const raw = fromScene?.[1] ?? options.landing;
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : ENTRY_LANDING;
  return id > 0 && id <= 2_147_483_647 ? id : ENTRY_LANDING;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}

/** A same-origin path of the site (never "//host" or "/\\host"), or null. */
export function sitePathOf(value: string | undefined): string | null {
  if (!value) return null;
  const path = safeDecode(value);
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\') || path.length > 500) return null;
  return /[\u0000-\u001f\u007f]/.test(path) ? null : path;
}

export const referrerOf = (options: PageOptions): string | null => {
  const value = options.mini_referrer_id;
  return value && /^[A-Za-z0-9_-]{6,64}$/.test(value) ? value : null;
};

/** The web-view's address: /mini/{landing}, the page to go on to and the referrer in the query, the code in the fragment. */
export function webviewUrl(input: { origin: string; landing: number; code: string; to: string | null; referrerId: string | null }): string {
  const query: string[] = [];
  if (input.to) query.push(`to=${encodeURIComponent(input.to)}`);
  if (input.referrerId) query.push(`mini_referrer_id=${encodeURIComponent(input.referrerId)}`);
  return `${input.origin}/mini/${input.landing}${query.length ? `?${query.join('&')}` : ''}#${WEBVIEW_CODE_KEY}=${encodeURIComponent(input.code)}`;
}

/** What the site posted for sharing (wx.miniProgram.postMessage); the last one wins. */
export interface ShareMessage {
  type: 'share';
  path: string;
  title: string;
  referrer_id: string | null;
}

export function lastShareMessage(list: unknown): ShareMessage | null {
  if (!Array.isArray(list)) return null;
  for (let i = list.length - 1; i >= 0; i--) {
    const m = list[i] as Partial<ShareMessage> | null;
    if (m && m.type === 'share' && typeof m.path === 'string' && typeof m.title === 'string') {
      return { type: 'share', path: m.path, title: m.title, referrer_id: typeof m.referrer_id === 'string' ? m.referrer_id : null };
    }
  }
  return null;
}

/**
 * The share of the current page: the home page again, told which page of the site to open and who shared it. The
 * web-view's own URL is the truth for the page (the site may not have posted yet); its fragment (the one-time
 * code) is never shared.
 */
export function sharePath(input: { webViewUrl: string | undefined; origin: string; message: ShareMessage | null; referrerId: string | null }): string {
  let path: string | null = input.message?.path ?? null;
  if (input.webViewUrl && input.webViewUrl.startsWith(input.origin)) {
    const rest = input.webViewUrl.slice(input.origin.length).split('#')[0] ?? '';
    path = sitePathOf(rest) ?? path;
  }
  const query: string[] = [];
  const landing = path ? /^\/mini\/(\d{1,10})(?:[?#]|$)/.exec(path) : null;
  if (landing) query.push(`landing=${landing[1]}`);
  else if (path && path !== '/') query.push(`to=${encodeURIComponent(stripReferrer(path))}`);
  const referrer = input.message?.referrer_id ?? input.referrerId;
  if (referrer) query.push(`mini_referrer_id=${encodeURIComponent(referrer)}`);
  return `/pages/index/index${query.length ? `?${query.join('&')}` : ''}`;
}

/** A path without the referrer it may carry (the sharer's replaces it). */
function stripReferrer(path: string): string {
  const [base, search] = path.split('?');
  if (!search) return path;
  const kept = search.split('&').filter((pair) => !pair.startsWith('mini_referrer_id=') && !pair.startsWith('to='));
  return kept.length ? `${base}?${kept.join('&')}` : (base ?? path);
}

/** The API's JSAPI parameters → wx.requestPayment's. */
export interface PayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
  amount_fen: number;
  description: string;
}

export function paymentArgs(p: PayParams): { timeStamp: string; nonceStr: string; package: string; signType: 'RSA'; paySign: string } {
  return { timeStamp: p.timeStamp, nonceStr: p.nonceStr, package: p.package, signType: 'RSA', paySign: p.paySign };
}

export const yuan = (fen: number): string => `¥${(fen / 100).toFixed(2)}`;

/** wx.requestPayment's failure: the payer closed the sheet, or it failed. */
export const payOutcomeOf = (errMsg: string | undefined): 'cancel' | 'fail' => (errMsg && /cancel/i.test(errMsg) ? 'cancel' : 'fail');
