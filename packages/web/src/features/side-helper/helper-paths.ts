import { MOBILE_HELPER_PATHS, SIDE_HELPER_PATHS } from './helper-model.ts';

const ALL = new Set([...SIDE_HELPER_PATHS, ...MOBILE_HELPER_PATHS]);

/** For the shell: whether this path may show a helper at all (so other pages never fetch its chunk). */
export function isHelperPath(pathname: string): boolean {
  const trimmed = pathname.replace(/\/+$/, '');
  return ALL.has(trimmed === '' ? '/' : trimmed);
}
