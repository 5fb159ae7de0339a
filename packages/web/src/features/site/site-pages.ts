/**
 * The public info pages of spec §2 as the route table needs them. This mirrors the domain's CONTENT_SLUGS
 * (site-pages.test.ts fails if the two drift) because the domain module carries zod, and the route table is
 * part of the shell every first visit downloads: importing it there would put zod on the home page's budget.
 */
export interface SitePage {
  /** '' for the home page, else the path without the leading slash (the content store's key). */
  slug: string;
  /** Menu and document title. */
  title: string;
  /** Hidden on the AMC variant (404 there, and no links to it). */
  amcHidden: boolean;
}

const HOUSE_PAGES: SitePage[] = [
  { slug: 'inner/h/phoenix', title: '凤凰学院', amcHidden: false },
  { slug: 'inner/h/qilin', title: '麒麟学院', amcHidden: false },
  { slug: 'inner/h/dragon', title: '青龙学院', amcHidden: false },
  { slug: 'inner/h/tiger', title: '白虎学院', amcHidden: false },
];

export const SITE_PAGES: readonly SitePage[] = [
  { slug: '', title: '首页', amcHidden: false },
  ...HOUSE_PAGES,
  { slug: 'inner/grades', title: '成绩与证书', amcHidden: false },
  { slug: 'inner/advanced', title: '进阶项目', amcHidden: false },
  { slug: 'inner/explore', title: '探索项目', amcHidden: false },
  { slug: 'inner/haa', title: 'HAA 学术奖', amcHidden: false },
  { slug: 'inner/hxweek', title: '学院周', amcHidden: false },
  { slug: 'inner/talent-hunt', title: '才艺征集', amcHidden: false },
  { slug: 'academic/pedagogy', title: '教学理念', amcHidden: false },
  { slug: 'academic/curriculum', title: '课程体系', amcHidden: false },
  { slug: 'academic/courses', title: '课程示例', amcHidden: false },
  { slug: 'academic/instructors', title: '导师团队', amcHidden: false },
  { slug: 'academic/capstone', title: '毕业项目', amcHidden: false },
  { slug: 'academic/IMPACT', title: 'IMPACT 计划', amcHidden: false },
  { slug: 'academic/grades', title: '学术评价', amcHidden: false },
  { slug: 'instructions/eligibility', title: '申请资格', amcHidden: false },
  { slug: 'instructions/dates', title: '重要日期', amcHidden: false },
  { slug: 'instructions/process', title: '申请流程', amcHidden: false },
  { slug: 'instructions/tuition', title: '学费与资助', amcHidden: true },
  { slug: 'about-us', title: '关于我们', amcHidden: false },
  { slug: 'about-us/partners', title: '合作伙伴', amcHidden: false },
  { slug: 'activities/house', title: '学院活动', amcHidden: false },
  { slug: 'activities/events', title: '项目活动', amcHidden: false },
  { slug: 'activities/community', title: '社区与校友', amcHidden: false },
  { slug: 'join-us/si', title: '加入团队', amcHidden: false },
  { slug: 'join-us/volunteer', title: '志愿者招募', amcHidden: true },
  { slug: 'faq', title: '常见问题', amcHidden: false },
  { slug: 'track/ranking', title: '学术排名', amcHidden: false },
  { slug: 'psychology/station', title: '心理驿站', amcHidden: false },
  { slug: 'notice/online-notice-free', title: '线上项目须知', amcHidden: false },
];

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
