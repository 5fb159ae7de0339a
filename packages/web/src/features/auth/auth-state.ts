import { PATHS } from '../../lib/paths.ts';

/**
 * The login screen's states (docs/product/screens-and-routes.md). WX (inside WeChat: 微信一键登录) and WX_SERVICE (elsewhere: scan with
 * WeChat, follow the official account) share ?mode=wx; the platform decides which one shows (decision 069).
 */
export type AuthState = 'LOGIN' | 'SMS' | 'REGIST' | 'FIND_PASSWORD' | 'COMPLETE_INFO' | 'WX' | 'WX_SERVICE';

/**
 * The state follows the address: /register REGIST, /reset FIND_PASSWORD, /info COMPLETE_INFO,
 * /login LOGIN or (with ?mode=sms) SMS. Links and the back button therefore move between states.
 */
export function authStateOf(pathname: string, params: URLSearchParams, inWechat = false): AuthState {
  if (pathname === PATHS.register) return 'REGIST';
  if (pathname === PATHS.reset) return 'FIND_PASSWORD';
  if (pathname === PATHS.info) return 'COMPLETE_INFO';
  const mode = params.get('mode');
  if (mode === 'wx') return inWechat ? 'WX' : 'WX_SERVICE';
  return mode === 'sms' ? 'SMS' : 'LOGIN';
}
