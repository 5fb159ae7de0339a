import { returnTargetFrom } from '../../lib/navigation.ts';

/** How long /loading waits before offering a link (a slow network or a stalled handshake). */
export const LOADING_FALLBACK_MS = 10_000;

/**
 * Where /loading goes: the `r` (+ `s`) same-origin path, never another site and never /loading itself (a
 * link to itself would spin forever); otherwise home.
 */
export function loadingTarget(params: URLSearchParams, home: string, self: string): string {
  const target = returnTargetFrom(params);
  if (!target) return home;
  const pathname = target.split(/[?#]/)[0]!.replace(/\/+$/, '').toLowerCase();
  return pathname === self.toLowerCase() ? home : target;
}
