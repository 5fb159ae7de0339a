/**
 * The AMC site variant (docs/product/users-and-roles.md) hides tuition, volunteer and financial-aid pages. The shared detection
 * lives in src/lib/site-variant.ts (server host list, "amc." hosts, ?amc=1 remembered; decision 015).
 */
export { detectAmc, isAmcSite } from '../../lib/site-variant.ts';
