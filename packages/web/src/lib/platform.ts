// x-plat values of the API contract. The WeChat mini-program web-view is a WeChat browser too, so it is
// checked first; its UA carries "miniProgram" (and the JS bridge sets __wxjs_environment once ready).

export type Plat = 'web' | 'wechat' | 'wechatweb';

/**
 * The demo-mode "以微信打开" switch (decision 069): a desktop browser is treated as WeChat's. The switch is only
 * offered when the server says it runs in demo mode, and the page clears it whenever the server says otherwise
 * (lib/wechat.ts), so a production site never honours a stale flag for long.
 */
export const DEMO_AS_WECHAT_KEY = 'demo_as_wechat';

export function detectPlat(userAgent: string, wxjsEnvironment?: unknown, demoAsWechat = false): Plat {
  if (wxjsEnvironment === 'miniprogram' || /miniProgram/i.test(userAgent)) return 'wechatweb';
  if (/MicroMessenger/i.test(userAgent)) return 'wechat';
  return demoAsWechat ? 'wechat' : 'web';
}

function demoFlag(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(DEMO_AS_WECHAT_KEY) === '1';
  } catch {
    return false;
  }
}

export function currentPlat(): Plat {
  if (typeof navigator === 'undefined') return 'web';
  const env = (window as unknown as { __wxjs_environment?: unknown }).__wxjs_environment;
  return detectPlat(navigator.userAgent, env, demoFlag());
}

export function isMiniProgram(): boolean {
  return currentPlat() === 'wechatweb';
}

/** Inside WeChat's browser (or the demo switch): log in and pay with WeChat. */
export function isWechatBrowser(): boolean {
  return currentPlat() === 'wechat';
}
