// x-plat values of the API contract. The WeChat mini-program web-view is a WeChat browser too, so it is
// checked first; its UA carries "miniProgram" (and the JS bridge sets __wxjs_environment once ready).

export type Plat = 'web' | 'wechat' | 'wechatweb';

export function detectPlat(userAgent: string, wxjsEnvironment?: unknown): Plat {
  if (wxjsEnvironment === 'miniprogram' || /miniProgram/i.test(userAgent)) return 'wechatweb';
  if (/MicroMessenger/i.test(userAgent)) return 'wechat';
  return 'web';
}

export function currentPlat(): Plat {
  if (typeof navigator === 'undefined') return 'web';
  const env = (window as unknown as { __wxjs_environment?: unknown }).__wxjs_environment;
  return detectPlat(navigator.userAgent, env);
}

export function isMiniProgram(): boolean {
  return currentPlat() === 'wechatweb';
}
