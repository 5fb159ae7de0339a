import { programmePortalBase } from '@summit/domain/programmes';
import { PATHS, programmeApplyPath, sbpWeekPath } from '../../lib/paths.ts';

/**
 * The after-offer pages of the programmes with their own addresses (docs/product/screens-and-routes.md). The pages are generic: which
 * programme a page serves is read from its path (/hx-week/… and /hxweek/… are H-week, /deans-list/… the Dean's
 * List, /sbp/… SBP), and each step of the checklist links to that programme's page for it.
 */
export interface PortalLinks {
  code: string;
  /** The page with the checklist (H-week: its pay page, which every H-week page links back to). */
  hub: string;
  apply: string;
  /** /student/{code}101 where the spec gives one (SBP). */
  intro: string | null;
  /** Where the deposit (or the whole fee) is paid. */
  pay: string;
  final: string | null;
  passport: string | null;
  visa: string | null;
  course: string | null;
  nhp: string | null;
  duration: string | null;
  announcement: string | null;
  week: ((week: number) => string) | null;
}

const HXWEEK: PortalLinks = {
  code: 'hxweek',
  hub: PATHS.hxweekPay,
  apply: programmeApplyPath('hxweek'),
  intro: null,
  pay: PATHS.hxweekPay,
  final: PATHS.hxweekFinalPayment,
  passport: PATHS.hxweekPassport,
  visa: PATHS.hxweekVisa,
  course: PATHS.hxweekCourse,
  nhp: PATHS.hxweekPayNhp,
  duration: null,
  announcement: null,
  week: null,
};

const DEANS_LIST: PortalLinks = {
  code: 'deans-list',
  hub: PATHS.deansList,
  apply: programmeApplyPath('deans-list'),
  intro: null,
  pay: PATHS.deansList,
  final: PATHS.deansListFinalPayment,
  passport: PATHS.deansListPassport,
  visa: PATHS.deansListVisa,
  course: PATHS.deansListCourses,
  nhp: null,
  duration: null,
  announcement: null,
  week: null,
};

const SBP: PortalLinks = {
  code: 'sbp',
  hub: PATHS.sbpManage,
  apply: programmeApplyPath('sbp'),
  intro: PATHS.sbpIntro,
  pay: PATHS.sbpPay,
  final: null,
  passport: null,
  visa: null,
  course: null,
  nhp: null,
  duration: PATHS.sbpCourseDuration,
  announcement: PATHS.sbpAnnouncement,
  week: sbpWeekPath,
};

/** A programme an admin added: every page under /programmes/{code}; the checklist shows what its definition uses. */
export function genericPortalLinks(code: string): PortalLinks {
  const base = programmePortalBase(code);
  return {
    code,
    hub: base,
    apply: programmeApplyPath(code),
    intro: `${base}/intro`,
    pay: base,
    final: `${base}/final-payment`,
    passport: `${base}/passport`,
    visa: `${base}/visa`,
    course: `${base}/course`,
    nhp: null,
    duration: `${base}/duration`,
    announcement: `${base}/announcement`,
    week: (week: number) => `${base}/week/${week}`,
  };
}

/** The programme a portal page serves, from its pathname. */
export function portalLinksFor(pathname: string): PortalLinks {
  const first = pathname.split('/').filter(Boolean);
  if (first[0] === 'programmes' && first[1]) return genericPortalLinks(decodeURIComponent(first[1]));
  const segment = first[0] === 'pay' ? (first[1] ?? '').replace(/-parent$/, '') : (first[0] ?? '');
  if (segment === 'hx-week' || segment === 'hxweek' || segment === 'h-week') return HXWEEK;
  if (segment === 'deans-list') return DEANS_LIST;
  return SBP;
}

/** Programmes with nothing after the offer but the decision itself: no portal page to send anyone to. */
const WITHOUT_PORTAL: ReadonlySet<string> = new Set(['ssi', 'volunteer', 'sl', 'ccl']);

/** Where an admitted applicant goes next: the programme's hub (/sbp/manage, /hx-week/pay, /deans-list, /programmes/{code}). */
export function portalHubPathOf(code: string): string | null {
  if (WITHOUT_PORTAL.has(code)) return null;
  if (code === HXWEEK.code) return HXWEEK.hub;
  if (code === DEANS_LIST.code) return DEANS_LIST.hub;
  if (code === SBP.code) return SBP.hub;
  return genericPortalLinks(code).hub;
}
