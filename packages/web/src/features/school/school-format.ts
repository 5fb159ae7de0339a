import dayjs from 'dayjs';
import { SCHOOL_DECISION_LABELS, SIGNUP_STATUS_LABELS, type SchoolDecision } from '@summit/domain/api/school';
import { BATCH_LABELS } from '@summit/domain/application';
import type { SignupStatus } from '@summit/domain/student-status';

/** Beijing wall-clock time, the way every page of the product shows it. */
export const formatTime = (iso: string | null | undefined) => (iso ? dayjs(iso).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm') : '—');

export const batchLabel = (batch: string | null) => (batch ? (BATCH_LABELS[batch as keyof typeof BATCH_LABELS] ?? batch) : '—');

export const stepLabel = (step: 0 | 1 | 2) => (step === 0 ? '未申请' : step === 1 ? '第一步' : '第二步');

export const signupLabel = (s: SignupStatus) => SIGNUP_STATUS_LABELS[s];

export const decisionLabel = (d: SchoolDecision) => SCHOOL_DECISION_LABELS[d];

export const decisionColor = (d: SchoolDecision) => (d === 'offer' ? 'green' : d === 'reject' ? 'default' : d === 'waitlist' ? 'gold' : 'blue');

export const paidLabel = (paid: boolean) => (paid ? '已缴' : '未缴');

/** "第一期 · 人文社科" for an offer, else —. */
export const offerPlace = (session: string | null, track: string | null) => [session, track].filter(Boolean).join(' · ') || '—';

/**
 * Whether the school may recommend this student now: not before they applied, and not once their admission result is
 * released as admitted or not admitted (the API refuses with SCHOOL_MSG.RECOMMEND_DECIDED; decision 084).
 */
export function recommendState(d: { step: 0 | 1 | 2; decision: SchoolDecision }): 'not_applied' | 'decided' | 'open' {
  if (d.step === 0) return 'not_applied';
  return d.decision === 'offer' || d.decision === 'reject' ? 'decided' : 'open';
}
