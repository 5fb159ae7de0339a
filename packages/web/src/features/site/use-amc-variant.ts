import { useSiteVariant } from '../../lib/site-variant.ts';

/**
 * Whether this visit is the AMC variant, for hiding links to AMC-hidden pages. The shared variant (host,
 * server config, stored flag) is the source of truth (decision 015); the route-level 404 is the gate's job.
 */
export function useAmcVariant(): boolean {
  return useSiteVariant().amc;
}
