import { STORAGE_KEYS, type AuthStorage } from './auth-storage.ts';

/**
 * docs/product/states.md: a mini-program link may carry `mini_referrer_id`; it is kept until a login binds it (the
 * mini-program session's referrer call, decision 097) and removed once the server has decided.
 */
export function captureReferrer(search: string, storage: Pick<AuthStorage, 'set'>): void {
  const id = new URLSearchParams(search).get('mini_referrer_id')?.trim();
  if (id && /^[\w-]{1,64}$/.test(id)) storage.set(STORAGE_KEYS.referrerId, id);
}
