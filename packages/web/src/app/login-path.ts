import { PATHS } from '../lib/paths.ts';

/** The path and query a loader's request is for: the return target of a login. */
export function pathOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

export function loginPathFor(returnTo: string): string {
  return `${PATHS.login}?r=${encodeURIComponent(returnTo)}`;
}
