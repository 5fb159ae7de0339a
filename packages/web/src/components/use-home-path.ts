import { authStorage } from '../lib/auth-storage.ts';
import { homePathOf } from '../lib/home-path.ts';
import { useAuthInfo } from '../lib/session.ts';

/** The logged-in person's own home (see homePathOf); a visitor's is the site's home page. */
export function useHomePath(): string {
  const role = authStorage.currentToken() ? authStorage.lastRole() : null;
  const info = useAuthInfo();
  return homePathOf(role, info.data?.is_admin ?? false);
}
