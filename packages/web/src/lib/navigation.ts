// The api client and tracking run outside React but must move the router (401 → /register?r=…, gates,
// 302 urls). The app registers the data router's navigate here; before that, a full page load is used.

export type Navigate = (to: string, options?: { replace?: boolean }) => Promise<void> | void;

let routerNavigate: Navigate | null = null;

export function registerNavigator(navigate: Navigate | null): void {
  routerNavigate = navigate;
}

function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

/** Resolves once the router has finished the navigation (loaders run, page rendered). */
export async function navigateTo(to: string, options: { replace?: boolean } = {}): Promise<void> {
  if (typeof window === 'undefined') return;
  if (isExternal(to) || !routerNavigate) {
    if (options.replace) window.location.replace(to);
    else window.location.assign(to);
    return;
  }
  await routerNavigate(to, options);
}

/** Path plus query of the page the user is on, used as the `r` return target. */
export function currentPathWithSearch(): string {
  if (typeof window === 'undefined') return '/';
  return window.location.pathname + window.location.search;
}

/**
 * A safe in-app return target from the `r` (+ optional `s`) query params, or null. Only same-origin paths
 * are accepted so a crafted link cannot bounce a fresh login to another site.
 */
export function returnTargetFrom(params: URLSearchParams): string | null {
  const r = params.get('r');
  if (!r || !r.startsWith('/') || r.startsWith('//') || r.startsWith('/\\')) return null;
  const s = params.get('s');
  if (!s) return r;
  const search = s.startsWith('?') ? s.slice(1) : s;
  return r.includes('?') ? `${r}&${search}` : `${r}?${search}`;
}

/** Whether a path (with its query) is the account screen a 401 sends the user to, or the login page. */
export function isAccountScreen(pathWithSearch: string): boolean {
  return /^\/(register|login)(\?|\/|$)/.test(pathWithSearch);
}

/** `/register?r=<path>` — where a 401 sends the user (docs/product/states.md and docs/product/errors.md). */
export function loginRedirectFor(path: string): string {
  return `/register?r=${encodeURIComponent(path)}`;
}
