/**
 * The public info pages of docs/product/screens-and-routes.md (and the houses they include): slug, path, menu title and the AMC flag.
 * Zod-free, so the web's route table and footer and the api's prerender read the one list (decisions 014, 018).
 */

// Houses ----------------------------------------------------------------------------------------------------

/** The four houses of the house system; `symbol` is the English slug used in /inner/h/<symbol>. */
export const HOUSES = [
  { symbol: 'phoenix', name: '凤凰', english: 'Phoenix' },
  { symbol: 'qilin', name: '麒麟', english: 'Qilin' },
  { symbol: 'dragon', name: '青龙', english: 'Azure Dragon' },
  { symbol: 'tiger', name: '白虎', english: 'White Tiger' },
] as const;
export type House = (typeof HOUSES)[number];
export type HouseSymbol = House['symbol'];

// Session tracks -----------------------------------------------------------------------------------------------

/**
 * Session (会场) tracks with a public page at /inner/h/<symbol> (docs/product/screens-and-routes.md /inner/h/{symbol}, docs/product/users-and-roles.md "H- session").
 * A student's place_track.professional_track starting with the symbol belongs to that track (decision 028).
 */
export const SESSION_TRACKS = [{ symbol: 'H-', name: 'H- 荣誉会场' }] as const;
export type SessionTrack = (typeof SESSION_TRACKS)[number];

// Slugs -----------------------------------------------------------------------------------------------------

export interface ContentSlugDef {
  /** '' for the home page, else the path without the leading slash. */
  slug: string;
  /** The web path: '/' + slug. */
  path: string;
  /** The short title for menus, breadcrumbs and sitemaps. */
  navTitle: string;
  /** Hidden on the AMC variant (tuition, volunteering): a 404 there, and no links to it. */
  amcHidden: boolean;
}

function def(slug: string, navTitle: string, amcHidden = false): ContentSlugDef {
  return { slug, path: `/${slug}`, navTitle, amcHidden };
}

/** The full online notice (docs/product/states.md): the side helper's card and the offline-to-online dialog link it. */
export const ONLINE_NOTICE_PATH = '/notice/online-notice-free';

/** Every public info page of docs/product/screens-and-routes.md, in menu order. */
export const CONTENT_SLUGS: readonly ContentSlugDef[] = [
  def('', '首页'),
  ...HOUSES.map((h) => def(`inner/h/${h.symbol}`, `${h.name}学院`)),
  ...SESSION_TRACKS.map((t) => def(`inner/h/${t.symbol}`, t.name)),
  def('inner/grades', '成绩与证书'),
  def('inner/advanced', '进阶项目'),
  def('inner/explore', '探索项目'),
  def('inner/haa', 'HAA 学术奖'),
  def('inner/hxweek', '学院周'),
  def('inner/talent-hunt', '才艺征集'),
  def('academic/pedagogy', '教学理念'),
  def('academic/curriculum', '课程体系'),
  def('academic/courses', '课程示例'),
  def('academic/instructors', '导师团队'),
  def('academic/capstone', '毕业项目'),
  def('academic/IMPACT', 'IMPACT 计划'),
  def('academic/grades', '学术评价'),
  def('instructions/eligibility', '申请资格'),
  def('instructions/dates', '重要日期'),
  def('instructions/process', '申请流程'),
  def('instructions/tuition', '学费与资助', true),
  def('about-us', '关于我们'),
  def('about-us/partners', '合作伙伴'),
  def('activities/house', '学院活动'),
  def('activities/events', '项目活动'),
  def('activities/community', '社区与校友'),
  def('join-us/si', '加入团队'),
  def('join-us/volunteer', '志愿者招募', true),
  def('faq', '常见问题'),
  def('track/ranking', '学术排名'),
  def('psychology/station', '心理驿站'),
  def(ONLINE_NOTICE_PATH.slice(1), '线上项目须知'),
];

const SLUG_SET = new Set(CONTENT_SLUGS.map((s) => s.slug));

export function isContentSlug(slug: string): boolean {
  return SLUG_SET.has(slug);
}

export function contentSlugDef(slug: string): ContentSlugDef | undefined {
  return CONTENT_SLUGS.find((s) => s.slug === slug);
}

/** The content slug of a web path ('/faq/' → 'faq', '/' → ''), or undefined when the path is no content page. */
export function contentSlugFromPath(pathname: string): string | undefined {
  const slug = pathname.replace(/[?#].*$/, '').replace(/^\/+/, '').replace(/\/+$/, '');
  return isContentSlug(slug) ? slug : undefined;
}
