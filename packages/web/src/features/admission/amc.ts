/**
 * The AMC site variant (spec §1, §6) hides tuition, volunteer and financial-aid pages. No shared detection
 * exists yet, so this feature reads it itself: a host starting with "amc.", or ?amc=1 once (remembered in
 * localStorage; ?amc=0 clears it). Move this to src/lib when another feature needs it.
 */
const AMC_FLAG = 'summit.amc';

export function detectAmc(hostname: string, search: string, stored: string | null): { amc: boolean; store: string | null | undefined } {
  const param = new URLSearchParams(search).get('amc');
  if (param === '1') return { amc: true, store: '1' };
  if (param === '0') return { amc: hostname.startsWith('amc.'), store: null };
  return { amc: hostname.startsWith('amc.') || stored === '1', store: undefined };
}

export function isAmcSite(): boolean {
  if (typeof window === 'undefined') return false;
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(AMC_FLAG);
  } catch {
    // Storage blocked (private mode): the host alone decides.
  }
  const { amc, store } = detectAmc(window.location.hostname, window.location.search, stored);
  try {
    if (store === '1') window.localStorage.setItem(AMC_FLAG, '1');
    else if (store === null) window.localStorage.removeItem(AMC_FLAG);
  } catch {
    // ignore
  }
  return amc;
}
