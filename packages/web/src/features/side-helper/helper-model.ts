// Pure parts of the side helper (docs/product/users-and-roles.md, docs/product/screens-and-routes.md, docs/product/states.md and docs/product/constants.md; decision 015): where it shows, the countdown math, the
// welfare items. No React; only zod-free domain modules (zod stays out of this lazily loaded chunk).
import { BATCH_TERMS } from '@summit/domain/programme-terms';

/**
 * The side help panel's fixed public paths (docs/product/screens-and-routes.md: "about 24"): the home page and the info pages a
 * prospective family reads before applying. Not on house pages, join-us, ranking, psychology or the notice.
 */
export const SIDE_HELPER_PATHS: readonly string[] = [
  '/',
  '/inner/grades',
  '/inner/advanced',
  '/inner/explore',
  '/inner/haa',
  '/inner/hxweek',
  '/inner/talent-hunt',
  '/academic/pedagogy',
  '/academic/curriculum',
  '/academic/courses',
  '/academic/instructors',
  '/academic/capstone',
  '/academic/IMPACT',
  '/academic/grades',
  '/instructions/eligibility',
  '/instructions/dates',
  '/instructions/process',
  '/instructions/tuition',
  '/about-us',
  '/about-us/partners',
  '/activities/house',
  '/activities/events',
  '/activities/community',
  '/faq',
];

/** The mobile helper's set ("about 23"): the same minus /inner/talent-hunt, whose phone layout has its own referral bar. */
export const MOBILE_HELPER_PATHS: readonly string[] = SIDE_HELPER_PATHS.filter((p) => p !== '/inner/talent-hunt');

/** Below this width the mobile helper replaces the side panel (docs/product/screens-and-routes.md). */
export const MOBILE_MAX_WIDTH = 767;

/** Pages the AMC site does not have: never linked from the helper there. */
export const AMC_HIDDEN_HELPER_PATHS: ReadonlySet<string> = new Set(['/instructions/tuition']);

export type HelperKind = 'side' | 'mobile';

function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Which helper a page shows, if any. */
export function helperKindFor(pathname: string, viewportWidth: number, amc = false): HelperKind | null {
  const path = normalisePath(pathname);
  if (amc && AMC_HIDDEN_HELPER_PATHS.has(path)) return null;
  if (viewportWidth <= MOBILE_MAX_WIDTH) return MOBILE_HELPER_PATHS.includes(path) ? 'mobile' : null;
  return SIDE_HELPER_PATHS.includes(path) ? 'side' : null;
}

/** The pop-ups are mutually exclusive (docs/product/states.md): opening one closes the others; the same button toggles. */
export type HelperPopup = 'benefits' | 'service' | 'official';
export function togglePopup(current: HelperPopup | null, clicked: HelperPopup): HelperPopup | null {
  return current === clicked ? null : clicked;
}

// Countdowns -----------------------------------------------------------------------------------------------

export const DEADLINE_KEYS = ['EB1', 'EB2', 'RD', 'MRD'] as const;
export type DeadlineKey = (typeof DEADLINE_KEYS)[number];
/** From the domain's one batch label map (zod-free programme-terms): 提前批I截止 … 最终截止. */
export const DEADLINE_TITLES: Record<DeadlineKey, string> = {
  EB1: `${BATCH_TERMS.EB1.term}截止`,
  EB2: `${BATCH_TERMS.EB2.term}截止`,
  RD: `${BATCH_TERMS.RD.term}截止`,
  MRD: `${BATCH_TERMS.MRD.term}（申请材料）`,
};

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  over: boolean;
}

/** Whole seconds left (rounded up, so 0.2 s left still shows 00:00:01), split into days … seconds. */
export function countdownParts(deadlineMs: number, nowMs: number): CountdownParts {
  const left = Math.ceil((deadlineMs - nowMs) / 1000);
  if (!Number.isFinite(left) || left <= 0) return { days: 0, hours: 0, minutes: 0, seconds: 0, over: true };
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    over: false,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

export function formatCountdown(parts: CountdownParts): string {
  if (parts.over) return '已截止';
  return `${parts.days}天 ${pad(parts.hours)}:${pad(parts.minutes)}:${pad(parts.seconds)}`;
}

/** Reads GET /api/deadlines `data.items` leniently: unknown keys and bad dates are dropped, order is EB1 → MRD. */
export function parseDeadlines(data: unknown): Array<{ key: DeadlineKey; at: number }> {
  const items = (data as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  const out: Array<{ key: DeadlineKey; at: number }> = [];
  for (const key of DEADLINE_KEYS) {
    const item = items.find((i: unknown) => (i as { key?: unknown } | null)?.key === key) as { deadline?: unknown } | undefined;
    const at = typeof item?.deadline === 'string' ? Date.parse(item.deadline) : NaN;
    if (Number.isFinite(at)) out.push({ key, at });
  }
  return out;
}

/** Server clock offset by the midpoint rule: the server's time is taken to be the middle of the round trip. */
export function clockOffset(serverNowMs: number, sentAtMs: number, receivedAtMs: number): number {
  return Math.round(serverNowMs - (sentAtMs + receivedAtMs) / 2);
}

// Welfare benefits (docs/product/constants.md: three items, view counts 20,000+ and 5,000+) ---------------------------------

export const WELFARE_ITEMS = [
  { title: '名校学长学姐申请经验分享会（回放）', detail: '六位往届营员讲述选课、研究与文书准备', views: '20,000+ 人已观看' },
  { title: '高中生学术写作入门公开课', detail: '从提出问题到完成一篇小论文的完整方法', views: '5,000+ 人已观看' },
  { title: '项目导师一对一选课咨询（限时）', detail: '提交申请后预约 20 分钟，帮你选定研究方向', views: '每期限额 200 名' },
] as const;

export const GRADE_OPTIONS = ['初三', '高一', '高二', '高三', '其他'] as const;
