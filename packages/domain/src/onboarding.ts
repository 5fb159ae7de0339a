/**
 * Onboarding of the admitted student (decisions 048–049): the sign-up kinds, the
 * limited-paid unlock rule of docs/product/users-and-roles.md and the join-link window of info sessions. Pure functions, no I/O.
 */

/** What a student can sign up for; `major` is the confirmation of the major (one per student). */
export const OFFERING_KINDS = ['major', 'csi', 'podcast', 'master_class', 'pilot_study', 'info_session'] as const;
export type OfferingKind = (typeof OFFERING_KINDS)[number];

export const OFFERING_KIND_LABELS: Record<OfferingKind, string> = {
  major: '专业确认',
  csi: 'SSI 项目',
  podcast: '播客',
  master_class: '大师课',
  pilot_study: '先导研究',
  info_session: '院校说明会',
};

/** The checklist's completion keys (helper "obforms" maps its item keys to these). */
export const SIGNUP_COMPLETION_KINDS = ['major_confirmed', 'csi', 'podcast', 'master_class', 'pilot_study', 'info_session'] as const;
export type SignupCompletionKind = (typeof SIGNUP_COMPLETION_KINDS)[number];

export function offeringKindOfCompletion(kind: SignupCompletionKind): OfferingKind {
  return kind === 'major_confirmed' ? 'major' : kind;
}

/** Kinds of which a student holds at most one sign-up: choosing another moves the seat. */
export const SINGLE_CHOICE_KINDS: readonly OfferingKind[] = ['major'];

export const ONBOARDING_MSG = {
  FULL: '名额已满',
  /** A second offering of one kind with the same title (a double submit, decision 092). */
  OFFERING_DUPLICATE: '已有同名的同类活动',
  CLOSED: '报名已截止',
  ALREADY: '您已报名该项目',
  NOT_SIGNED_UP: '您尚未报名该项目',
  NOT_FOUND: '项目不存在',
  CAPACITY_BELOW_TAKEN: '名额不能少于已报名人数',
  START_REQUIRED: '请选择开始时间',
  SAVED: '保存成功',
  SIGNED_UP: '报名成功',
  CANCELLED: '已取消报名',
  MAJOR_CONFIRMED: '专业已确认',
} as const;

/** The docs/product/users-and-roles.md limited-paid rule's settings: the window after the offer, and an optional date after which any payment unlocks. */
export interface LimitedPaidSettings {
  days: number;
  /** ISO instant, or null: no cutoff (only the window counts). */
  cutoff: string | null;
}

export const LIMITED_PAID_DEFAULTS: LimitedPaidSettings = { days: 3, cutoff: null };

/**
 * docs/product/users-and-roles.md: limited-paid content is unlocked when tuition was paid within `days` days of the offer, or paid on
 * or after the cutoff. No offer or no payment: locked.
 */
export function limitedPaidUnlocked(input: { offerAt: string | null; tuitionPaidAt: string | null }, settings: LimitedPaidSettings): boolean {
  if (!input.offerAt || !input.tuitionPaidAt) return false;
  const paid = Date.parse(input.tuitionPaidAt);
  const offer = Date.parse(input.offerAt);
  if (Number.isNaN(paid) || Number.isNaN(offer)) return false;
  if (paid - offer <= settings.days * 86_400_000) return true;
  return settings.cutoff !== null && paid >= Date.parse(settings.cutoff);
}

/** Info sessions show their join link from this many minutes before the start. */
export const JOIN_LINK_LEAD_MINUTES = 15;

/** When the join link appears (15 minutes before the start). */
export function joinLinkOpensAt(startsAt: string): string {
  return new Date(Date.parse(startsAt) - JOIN_LINK_LEAD_MINUTES * 60_000).toISOString();
}

/** The join link is shown from 15 minutes before the start until the session ends. */
export function joinLinkVisible(session: { startsAt: string; durationMinutes: number }, now: string): boolean {
  const t = Date.parse(now);
  const start = Date.parse(session.startsAt);
  return t >= start - JOIN_LINK_LEAD_MINUTES * 60_000 && t <= start + session.durationMinutes * 60_000;
}

/** Whether a sign-up may still be made or cancelled: strictly before the closing time. */
export function signupOpen(closesAt: string, now: string): boolean {
  return Date.parse(now) < Date.parse(closesAt);
}
