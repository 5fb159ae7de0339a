import type { ProgrammePortal } from '@summit/domain/api/programme-portal';
import { INSTALLMENT_STATUS_LABELS } from '@summit/domain/fee-plan';
import { VISA_STATUS_LABELS } from '@summit/domain/programmes';
import { formatMoney } from '../../components/payment/money.ts';
import type { PortalLinks } from './portal-links.ts';

export type StepTone = 'done' | 'todo' | 'warn' | 'locked';

export interface PortalStep {
  key: string;
  label: string;
  status: string;
  tone: StepTone;
  /** Null while locked behind the deposit. */
  to: string | null;
  detail?: string;
}

const installment = (portal: ProgrammePortal, kind: 'whole' | 'deposit' | 'final') => portal.installments?.find((i) => i.kind === kind) ?? null;

/**
 * The next steps of an admitted student (the hub's checklist): 定金 (or 缴费), 护照, 签证, 尾款, 课程 for
 * H-week and the Dean's List; 课程时长, 缴费, 每周内容, 公告 for SBP. Each with its status and the page for it.
 */
export function portalSteps(portal: ProgrammePortal, links: PortalLinks): PortalStep[] {
  const steps: PortalStep[] = [];
  const depositOpen = portal.gates.deposit === null;
  const lockedStep = (key: string, label: string, to: string | null): PortalStep => ({ key, label, status: '定金支付后开放', tone: 'locked', to: depositOpen ? to : null });

  if (links.duration && portal.fees.durations.length > 0) {
    const chosen = portal.fees.durations.find((d) => d.key === portal.fees.duration_key) ?? null;
    steps.push({
      key: 'duration',
      label: '课程时长',
      status: chosen ? `${chosen.label}（${formatMoney(chosen.fee_fen)}）` : '未选择',
      tone: chosen ? 'done' : 'todo',
      to: links.duration,
    });
  }
  if (portal.fees.mode !== 'none') {
    const first = installment(portal, 'whole') ?? installment(portal, 'deposit');
    const label = first?.kind === 'deposit' ? '定金' : '缴费';
    steps.push({
      key: 'pay',
      label,
      status: first ? INSTALLMENT_STATUS_LABELS[first.status] : '待支付',
      tone: first?.status === 'paid' ? 'done' : first?.status === 'overdue' ? 'warn' : 'todo',
      to: links.pay,
      ...(first ? { detail: formatMoney(first.amount_fen) } : {}),
    });
  }
  if (portal.documents.passport && links.passport) {
    steps.push(depositOpen ? { key: 'passport', label: '护照', status: portal.passport_saved ? '已提交' : '待提交', tone: portal.passport_saved ? 'done' : 'todo', to: links.passport } : lockedStep('passport', '护照', links.passport));
  }
  if (portal.documents.visa && links.visa) {
    const visa = portal.visa_status ?? 'not_started';
    steps.push(
      depositOpen
        ? { key: 'visa', label: '签证', status: VISA_STATUS_LABELS[visa], tone: visa === 'approved' ? 'done' : visa === 'rejected' ? 'warn' : 'todo', to: links.visa }
        : lockedStep('visa', '签证', links.visa),
    );
  }
  const final = installment(portal, 'final');
  if (final && links.final) {
    steps.push({
      key: 'final',
      label: '尾款',
      status: INSTALLMENT_STATUS_LABELS[final.status],
      tone: final.status === 'paid' ? 'done' : final.status === 'overdue' ? 'warn' : depositOpen ? 'todo' : 'locked',
      to: links.final,
      detail: formatMoney(final.amount_fen),
    });
  }
  if (links.course) {
    steps.push(depositOpen ? { key: 'course', label: '课程', status: portal.has_course ? '可查看' : '即将发布', tone: portal.has_course ? 'done' : 'todo', to: links.course } : lockedStep('course', '课程', links.course));
  }
  if (links.week && portal.weeks.length > 0) {
    const open = portal.weeks.filter((w) => w.open).length;
    const first = portal.weeks[0]!;
    steps.push(depositOpen ? { key: 'weeks', label: '每周内容', status: `已开放 ${open} / ${portal.weeks.length} 周`, tone: open > 0 ? 'done' : 'todo', to: links.week(first.week) } : lockedStep('weeks', '每周内容', links.week(first.week)));
  }
  if (links.announcement && portal.has_announcement) {
    steps.push({ key: 'announcement', label: '项目公告', status: '查看', tone: 'todo', to: links.announcement });
  }
  return steps;
}
