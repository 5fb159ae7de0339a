import { CONTENT_SLUGS, SESSION_TRACKS } from '@summit/domain/content-slugs';

const SESSION_SLUGS: ReadonlySet<string> = new Set(SESSION_TRACKS.map((t) => `inner/h/${t.symbol}`));

/** A public info page of docs/product/screens-and-routes.md as the route table needs it (from the domain's zod-free CONTENT_SLUGS). */
export interface SitePage {
  /** '' for the home page, else the path without the leading slash (the content store's key). */
  slug: string;
  /** Menu and document title. */
  title: string;
  /** Hidden on the AMC variant (404 there, and no links to it). */
  amcHidden: boolean;
}

export const SITE_PAGES: readonly SitePage[] = CONTENT_SLUGS.map((s) => ({ slug: s.slug, title: s.navTitle, amcHidden: s.amcHidden }));

export const sitePathOf = (slug: string) => `/${slug}`;

/** The info pages other than home (home keeps its own route and page module). */
export const INFO_PAGES = SITE_PAGES.filter((p) => p.slug !== '');

/**
 * The content slug a location shows. React Router matches paths case-insensitively, so /academic/impact
 * reaches the /academic/IMPACT route: answer the stored slug, not the typed spelling. Unknown → null.
 */
export function slugFromPath(pathname: string, pages: readonly SitePage[] = SITE_PAGES): string | null {
  const wanted = pathname.replace(/[?#].*$/, '').replace(/\/{2,}/g, '/').replace(/^\/+|\/+$/g, '');
  let decoded: string;
  try {
    decoded = decodeURIComponent(wanted);
  } catch {
    return null;
  }
  const lower = decoded.toLowerCase();
  return pages.find((p) => p.slug.toLowerCase() === lower)?.slug ?? null;
}

/** The menu group of a slug: its first path segment ('academic/courses' → 'academic'; houses group as 'inner/h'). */
function groupOf(slug: string): string {
  // Session tracks share /inner/h/ with the houses but are not houses: a group of their own.
  if (SESSION_SLUGS.has(slug)) return 'inner/session';
  if (slug.startsWith('inner/h/')) return 'inner/h';
  return slug.split('/')[0] ?? slug;
}

/**
 * The other pages of the same section, for the "related pages" links under a page ('academic/*' lists the
 * other academic pages; about-us and about-us/partners belong together). AMC-hidden pages drop out on AMC.
 */
export function relatedPages(slug: string, { amc }: { amc: boolean }, pages: readonly SitePage[] = SITE_PAGES): SitePage[] {
  const group = groupOf(slug);
  return pages.filter((p) => p.slug !== '' && p.slug !== slug && groupOf(p.slug) === group && !(amc && p.amcHidden));
}
