/**
 * Whether this visit is the AMC variant, for hiding links to AMC-hidden pages. Interim reading (host
 * "amc.*" or the stored ?amc=1 flag, as features/admission/amc.ts does) until the shared src/lib variant
 * hook of issue 4 (E3) lands; then this delegates to it. The route-level 404 on AMC is the gate's job.
 */
const AMC_FLAG = 'summit.amc';

export function isAmcVisit(hostname: string, stored: string | null): boolean {
  return hostname.startsWith('amc.') || stored === '1';
}

export function useAmcVariant(): boolean {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(AMC_FLAG);
  } catch {
    // Storage blocked (private mode in some WebViews): host only.
  }
  return isAmcVisit(window.location.hostname, stored);
}
