/**
 * The public site's footer map (decision 014 addendum): every info page of docs/product/screens-and-routes.md grouped for visitors and
 * crawlers. Groups name slugs; titles and the AMC flag come from CONTENT_SLUGS. Zod-free: the web's footer and
 * the server's prerendered footer both draw it from here. AMC-hidden pages (decision 015) are left out there.
 */
import { CONTENT_SLUGS } from './content-slugs.ts';

export interface SiteMapLink {
  path: string;
  title: string;
  amcHidden?: boolean;
}

export interface SiteMapGroup {
  title: string;
  links: readonly SiteMapLink[];
}

const GROUPS: ReadonlyArray<{ title: string; slugs: readonly string[] }> = [
  {
    title: '学术项目',
    slugs: ['academic/pedagogy', 'academic/curriculum', 'academic/courses', 'academic/instructors', 'academic/capstone', 'academic/IMPACT', 'academic/grades', 'inner/advanced', 'inner/explore', 'inner/h/H-'],
  },
  {
    title: '申请与费用',
    slugs: ['instructions/eligibility', 'instructions/dates', 'instructions/process', 'instructions/tuition', 'faq', 'notice/online-notice-free'],
  },
  {
    title: '学院与活动',
    slugs: ['inner/h/phoenix', 'inner/h/qilin', 'inner/h/dragon', 'inner/h/tiger', 'activities/house', 'activities/events', 'activities/community', 'inner/hxweek', 'inner/talent-hunt'],
  },
  {
    title: '关于我们',
    slugs: ['about-us', 'about-us/partners', 'join-us/si', 'join-us/volunteer', 'inner/grades', 'inner/haa', 'track/ranking', 'psychology/station'],
  },
];

function linkOf(slug: string): SiteMapLink {
  const def = CONTENT_SLUGS.find((s) => s.slug === slug);
  if (!def) throw new Error(`site map: unknown content slug ${slug}`);
  return { path: def.path, title: def.navTitle, ...(def.amcHidden ? { amcHidden: true } : {}) };
}

export const SITE_MAP: readonly SiteMapGroup[] = GROUPS.map((g) => ({ title: g.title, links: g.slugs.map(linkOf) }));

/** The map as a visitor of this variant sees it. */
export function siteMapFor(amc: boolean): SiteMapGroup[] {
  return SITE_MAP.map((g) => ({ title: g.title, links: amc ? g.links.filter((l) => !l.amcHidden) : g.links }));
}
