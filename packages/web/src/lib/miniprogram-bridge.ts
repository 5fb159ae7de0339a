/**
 * The site's side of the mini-program's web-view (decision 097): WeChat's JS-SDK (bundled from weixin-js-sdk, so
 * the CSP stays 'self') gives `wx.miniProgram`, through which the page opens the mini-program's native pages
 * (pay) and tells it what to share. Outside a real web-view (a desktop browser in the demo's mini-program mode)
 * there is no bridge, and the callers fall back to what the web can do.
 */
import { isMiniProgram } from './platform.ts';

/** The part of `wx.miniProgram` the site uses. */
export interface MiniProgramBridge {
  navigateTo(params: { url: string; success?: () => void; fail?: () => void }): void;
  postMessage(params: { data: unknown }): void;
}

/** The mini-program's pay page (packages/miniprogram/src/pages/pay). */
export const MINI_PAY_PAGE = '/pages/pay/index';

/** What the web-view posts for sharing: the mini-program reads the last one when the student shares. */
export interface ShareMessage {
  type: 'share';
  path: string;
  title: string;
  referrer_id: string | null;
}

/** A real web-view runs WeChat's bridge; the demo's mini-program mode (a user agent in a desktop browser) does not. */
function hasRealBridge(): boolean {
  if (typeof window === 'undefined') return false;
  const w = window as unknown as { WeixinJSBridge?: unknown; __wxjs_environment?: unknown };
  return Boolean(w.WeixinJSBridge) || w.__wxjs_environment === 'miniprogram';
}

let sdk: Promise<MiniProgramBridge | null> | null = null;

/** wx.miniProgram, loaded on first use inside a real web-view; null elsewhere. */
export function miniProgramBridge(): Promise<MiniProgramBridge | null> {
  if (!isMiniProgram() || !hasRealBridge()) return Promise.resolve(null);
  sdk ??= import('weixin-js-sdk')
    .then((mod) => {
      const wx = (mod as unknown as { default?: { miniProgram?: MiniProgramBridge }; miniProgram?: MiniProgramBridge }).default ?? (mod as { miniProgram?: MiniProgramBridge });
      return wx.miniProgram ?? null;
    })
    .catch(() => null);
  return sdk;
}

/** The mini-program page that pays this order; its order id is all it takes (the page asks the API for the rest). */
export function payPageUrl(orderId: string): string {
  return `${MINI_PAY_PAGE}?order_id=${encodeURIComponent(orderId)}`;
}

/**
 * Sends the student to the mini-program's pay page for this order. Resolves false when there is no bridge (then
 * the caller shows the web's own way) or the mini-program refused to open the page.
 */
export async function payInMiniProgram(orderId: string): Promise<boolean> {
  const bridge = await miniProgramBridge();
  if (!bridge) return false;
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => resolve(true), 1500);
    bridge.navigateTo({
      url: payPageUrl(orderId),
      success: () => {
        window.clearTimeout(timer);
        resolve(true);
      },
      fail: () => {
        window.clearTimeout(timer);
        resolve(false);
      },
    });
  });
}

/** Tells the mini-program which page to share (its onShareAppMessage also knows the web-view's URL). */
export async function postShare(message: ShareMessage): Promise<boolean> {
  const bridge = await miniProgramBridge();
  if (!bridge) return false;
  bridge.postMessage({ data: message });
  return true;
}
