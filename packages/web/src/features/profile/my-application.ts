import dayjs from 'dayjs';
import type { OfferLetter, StudentFees } from '@summit/domain/api/admission';
import type { ApplyState } from '@summit/domain/api/application';
import { BATCH_LABELS, DEADLINE_LABELS } from '@summit/domain/application';
import { PAGES } from '@summit/domain/pages';
import { formatFen } from '@summit/domain/payments';
import { isVolunteer } from '@summit/domain/roles';
import { isOfferIssued, nextStudentPage, type StudentStatus } from '@summit/domain/student-status';
import { PATHS } from '../../lib/paths.ts';

/**
 * The 我的申请 card of /account (docs/decisions/025): where the student stands, the figures that matter now
 * (deadline, amount, pay-by date) and the one next step. Pure, so every stage is unit-tested; the card
 * only renders it. The primary button always agrees with the docs/product/states.md redirect (`nextStudentPage`).
 */
export interface JourneyInput {
  status: StudentStatus;
  /** GET /api/student/v5/apply (deadlines, batch, the released decision); absent while loading or refused. */
  apply?: Pick<ApplyState, 'deadlines' | 'batch' | 'decision' | 'open'> | null;
  fees?: Pick<StudentFees, 'apply_fen'> | null;
  /** The offer letter, once released. */
  letter?: Pick<OfferLetter, 'tuition_fen' | 'pay_by' | 'place_name' | 'professional_track' | 'tuition_paid_at'> | null;
  now: Date;
}

export type JourneyTone = 'todo' | 'wait' | 'done' | 'closed';

export interface JourneyLink {
  label: string;
  path: string;
}

export interface JourneyView {
  /** A short state label (a tag). */
  stage: string;
  tone: JourneyTone;
  /** One sentence: what this state means for the student. */
  headline: string;
  facts: Array<{ label: string; value: string }>;
  next: JourneyLink | null;
  links: JourneyLink[];
}

const beijing = (iso: string) => `${dayjs(iso).tz('Asia/Shanghai').format('YYYY年M月D日 HH:mm')}（北京时间）`;
const beijingDate = (iso: string) => dayjs(iso).tz('Asia/Shanghai').format('YYYY年M月D日');

function deadlineFact(apply: JourneyInput['apply'], key: 'MRD' | 'EB1' | 'EB2' | 'RD', now: Date): { label: string; value: string } | null {
  const item = apply?.deadlines.find((d) => d.key === key);
  if (!item) return null;
  const passed = new Date(item.deadline).getTime() <= now.getTime();
  return { label: DEADLINE_LABELS[key], value: `${beijing(item.deadline)}${passed ? '（已截止）' : ''}` };
}

/** The first application deadline still ahead (EB1 → EB2 → RD), for a student who has not applied yet. */
function nextApplyDeadline(apply: JourneyInput['apply'], now: Date): { label: string; value: string } | null {
  for (const key of ['EB1', 'EB2', 'RD'] as const) {
    const item = apply?.deadlines.find((d) => d.key === key);
    if (item && new Date(item.deadline).getTime() > now.getTime()) return { label: DEADLINE_LABELS[key], value: beijing(item.deadline) };
  }
  return null;
}

const compact = <T,>(items: Array<T | null | undefined | false>): T[] => items.filter((x): x is T => Boolean(x));

export function describeJourney({ status, apply, fees, letter, now }: JourneyInput): JourneyView {
  const redirect = nextStudentPage(status);
  if (isVolunteer(status.active_type) || !status.activate_status_v5.info_completed) {
    const info = !status.activate_status_v5.info_completed;
    return {
      stage: info ? '待完善个人信息' : '志愿者申请',
      tone: 'todo',
      headline: info ? '先完善个人信息，才能开始申请。' : '请继续完成志愿者申请。',
      facts: [],
      next: { label: info ? '完善个人信息' : '继续申请', path: redirect },
      links: [],
    };
  }

  // Tuition paid: the journey's goal. 缴费成功 first, the letter one tap away.
  if (status.is_tuition_paid) {
    const paidAt = status.tuition_paid_at ?? letter?.tuition_paid_at ?? null;
    return {
      stage: '已缴费',
      tone: 'done',
      headline: '学费已缴纳，欢迎加入！开营前请按时完成入学清单；会场、学院与选课安排请在“我的课程卡片”查看。',
      facts: compact([
        letter?.place_name ? { label: '录取期次', value: letter.place_name } : null,
        letter?.professional_track ? { label: '专业方向', value: letter.professional_track } : null,
        paidAt ? { label: '缴费时间', value: beijing(paidAt) } : null,
      ]),
      next: { label: '查看会场与选课', path: PATHS.cardCourse },
      links: [
        { label: '入学清单', path: PATHS.checklist },
        { label: '缴费结果', path: PATHS.admissionSuccess },
        { label: '录取通知书', path: PATHS.admissionOffer },
      ],
    };
  }

  if (isOfferIssued(status)) {
    const overdue = letter ? new Date(letter.pay_by).getTime() < now.getTime() : false;
    return {
      stage: '已录取 · 待缴学费',
      tone: 'todo',
      headline: overdue ? '恭喜录取！缴费截止日期已过，请尽快缴纳学费以保留名额。' : '恭喜录取！请在截止日期前缴纳学费。',
      facts: compact([
        letter?.place_name ? { label: '录取期次', value: letter.place_name } : null,
        letter?.professional_track ? { label: '专业方向', value: letter.professional_track } : null,
        letter ? { label: '应缴学费', value: formatFen(letter.tuition_fen) } : null,
        letter ? { label: '缴费截止', value: `${beijingDate(letter.pay_by)}${overdue ? '（已过期）' : ''}` } : null,
      ]),
      next: { label: '缴纳学费', path: PATHS.admissionPay },
      links: [{ label: '录取通知书', path: PATHS.admissionOffer }],
    };
  }

  const decided = apply?.decision?.decision ?? null;
  if (decided === 'reject' || decided === 'waitlist') {
    return {
      stage: decided === 'reject' ? '未录取' : '候补',
      tone: 'closed',
      headline: decided === 'reject' ? '录取结果已公布。很遗憾，本次未能向你发出录取通知。' : '录取结果已公布：你已进入候补名单，如有名额释放我们会短信通知你。',
      facts: apply?.decision?.released_at ? [{ label: '公布时间', value: beijing(apply.decision.released_at) }] : [],
      next: { label: '查看录取结果', path: PATHS.payApply },
      links: [{ label: '查看我的申请', path: PATHS.studentApply }],
    };
  }

  const step1 = status.apply_v5.step1_submitted;
  const feePaid = status.is_apply_paid;
  if (!step1) {
    const closed = apply ? !apply.open.step1 : false;
    return {
      stage: closed ? '申请已截止' : '未提交申请',
      tone: closed ? 'closed' : 'todo',
      headline: closed ? '本年度申请已截止，感谢关注。' : '填写并提交基本信息（第一步），即可进入评审。',
      facts: compact([nextApplyDeadline(apply, now)]),
      next: closed ? null : { label: '开始申请', path: PAGES.apply },
      links: [],
    };
  }
  if (!feePaid) {
    return {
      stage: '待缴申请费',
      tone: 'todo',
      headline: '基本信息已提交，缴纳申请费后即可提交申请材料。',
      facts: compact([
        apply?.batch ? { label: '申请批次', value: BATCH_LABELS[apply.batch] } : null,
        fees ? { label: '申请费', value: formatFen(fees.apply_fen) } : null,
      ]),
      next: { label: '支付申请费', path: PATHS.payApply },
      links: [{ label: '查看我的申请', path: PATHS.studentApply }],
    };
  }
  if (!status.apply_v5.step2_submitted) {
    return {
      stage: '待提交申请材料',
      tone: 'todo',
      headline: '申请费已缴纳，请在截止前提交申请材料（第二步）。',
      facts: compact([apply?.batch ? { label: '申请批次', value: BATCH_LABELS[apply.batch] } : null, deadlineFact(apply, 'MRD', now)]),
      next: { label: '提交申请材料', path: redirect },
      links: [],
    };
  }
  return {
    stage: '审核中',
    tone: 'wait',
    headline: '申请已全部提交，招生委员会正在审核。结果公布时我们会短信通知你，也会显示在这里。',
    facts: compact([apply?.batch ? { label: '申请批次', value: BATCH_LABELS[apply.batch] } : null]),
    next: null,
    links: [
      { label: '查看我的申请', path: PATHS.studentApply },
      { label: '填写补充信息', path: PATHS.studentAdditionalInfo },
    ],
  };
}
