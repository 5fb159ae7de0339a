import { PATHS } from '../../app/paths.ts';

/** The login screen's states (spec §2); this milestone implements these five. */
export type AuthState = 'LOGIN' | 'SMS' | 'REGIST' | 'FIND_PASSWORD' | 'COMPLETE_INFO';

/**
 * The state follows the address: /register REGIST, /reset FIND_PASSWORD, /info COMPLETE_INFO,
 * /login LOGIN or (with ?mode=sms) SMS. Links and the back button therefore move between states.
 */
export function authStateOf(pathname: string, params: URLSearchParams): AuthState {
  if (pathname === PATHS.register) return 'REGIST';
  if (pathname === PATHS.reset) return 'FIND_PASSWORD';
  if (pathname === PATHS.info) return 'COMPLETE_INFO';
  return params.get('mode') === 'sms' ? 'SMS' : 'LOGIN';
}
