/** Which page shows what (pure, unit-tested): the kind or reading of each path, and a card's state. */
import type { StudentContentSlug, StudentOffering } from '@summit/domain/api/onboarding';
import type { OfferingKind } from '@summit/domain/onboarding';

export const OFFERING_PAGES: ReadonlyArray<{ path: string; kind: OfferingKind; title: string; intro: string }> = [
  { path: '/student/admission/major', kind: 'major', title: '确认专业', intro: '请确认录取专业，或在名额允许时更换为其他专业。确认截止前可以更换。' },
  { path: '/student/admission/csi', kind: 'csi', title: 'SSI 项目', intro: '自愿报名参加 SSI 社会创新项目，截止前可以取消。' },
  { path: '/student/admission/podcast', kind: 'podcast', title: '播客报名', intro: '报名参加 Summit 播客录制，名额有限，先到先得。' },
  { path: '/student/admission/master-class', kind: 'master_class', title: '大师课报名', intro: '选择感兴趣的大师课报名，名额有限，先到先得。' },
  { path: '/student/pilot-study', kind: 'pilot_study', title: '先导研究报名', intro: '开营前的先导研究小组，名额有限，截止前可以取消。' },
  { path: '/student/college-info-session', kind: 'info_session', title: '院校说明会', intro: '报名后可下载日历文件；入会链接在开始前 15 分钟显示。' },
];

export const READING_PAGES: ReadonlyArray<{ path: string; slug: StudentContentSlug; title: string }> = [
  { path: '/student/manage/orientation', slug: 'student/manage/orientation', title: '入学指南' },
  { path: '/student/admission-positive', slug: 'student/admission-positive', title: '录取后的积极准备' },
  { path: '/student/elite-schools-know', slug: 'student/elite-schools-know', title: '名校须知' },
];

const clean = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

export function offeringPageOf(pathname: string) {
  return OFFERING_PAGES.find((p) => p.path === clean(pathname)) ?? OFFERING_PAGES[0]!;
}

export function readingPageOf(pathname: string) {
  return READING_PAGES.find((p) => p.path === clean(pathname)) ?? READING_PAGES[0]!;
}

export type CardAction = 'signup' | 'change' | 'cancel' | 'none';

/** The one button a card shows, and the tag that says why when there is none. */
export function cardStateOf(item: StudentOffering, hasOtherChoice: boolean): { action: CardAction; tag: string | null } {
  if (item.signed_up) {
    if (item.closed) return { action: 'none', tag: item.kind === 'major' ? '已确认' : '已报名' };
    return { action: item.kind === 'major' ? 'none' : 'cancel', tag: item.kind === 'major' ? '已确认' : '已报名' };
  }
  if (item.closed) return { action: 'none', tag: '已截止' };
  if (item.remaining <= 0) return { action: 'none', tag: '名额已满' };
  return { action: item.kind === 'major' && hasOtherChoice ? 'change' : 'signup', tag: null };
}

export function actionLabel(kind: OfferingKind, action: CardAction): string {
  if (action === 'cancel') return '取消报名';
  if (kind === 'major') return action === 'change' ? '更换为此专业' : '确认此专业';
  return '报名';
}
