/**
 * What a programme's applicant owes (decision 075), from the definition's fees, the released offer and
 * the programme's paid orders: the application fee, and the whole fee or the deposit then the final payment,
 * due by the programme's rules (decision 072's planInstallments / dueAtOf). The fee is the chosen duration's when
 * the programme prices durations; nothing is payable before one is chosen. No summer-programme state is read.
 */
import {
  AppError,
  INSTALLMENT_KIND_LABELS,
  MSG,
  STATUS,
  planInstallments,
  programmeGateError,
  type InstallmentKind,
  type PaymentPurpose,
  type ProgrammeDefinition,
} from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { listDues } from '../payments/payments.queries.ts';
import { listPaidProgrammeOrders, type PaidProgrammeOrder } from './programme-portal.repo.ts';
import type { ProgrammeApplicationRow, ProgrammeRow } from './programmes.repo.ts';

export const programmePurposeOf = (kind: InstallmentKind | 'apply_fee'): PaymentPurpose => `programme_${kind}` as PaymentPurpose;

export function kindOfProgrammePurpose(purpose: PaymentPurpose): InstallmentKind | 'apply_fee' | null {
  if (!purpose.startsWith('programme_')) return null;
  return purpose.slice('programme_'.length) as InstallmentKind | 'apply_fee';
}

/** An admit the applicant can see. */
export function isAdmitted(app: ProgrammeApplicationRow | undefined): app is ProgrammeApplicationRow & { releasedAt: Date } {
  return app?.decision === 'admit' && app.releasedAt !== null;
}

/** The programme fee for this applicant; null when the programme prices durations and none is chosen. */
export function programmeFeeFen(def: ProgrammeDefinition, durationKey: string | null): number | null {
  if (def.fees.durations.length === 0) return def.fees.fee_fen;
  const chosen = def.fees.durations.find((d) => d.key === durationKey);
  return chosen ? chosen.fee_fen : null;
}

export interface ProgrammeInstallmentState {
  kind: InstallmentKind;
  purpose: PaymentPurpose;
  label: string;
  owedFen: number;
  /** The due date in force: a staff extension's, else the plan's. */
  dueAt: Date;
  plannedDueAt: Date;
  extended: boolean;
  paidAt: Date | null;
  overdue: boolean;
  /** Paying it leaves nothing owed (the last unpaid one). */
  completes: boolean;
}

/** What every view of an installment shows (the applicant's portal, the staff's dues list): amounts in fen, ISO dates. */
export function installmentFields(i: ProgrammeInstallmentState) {
  return {
    label: i.label,
    amount_fen: i.owedFen,
    due_at: i.dueAt.toISOString(),
    extended: i.extended,
    status: i.paidAt ? ('paid' as const) : i.overdue ? ('overdue' as const) : ('unpaid' as const),
    paid_at: i.paidAt?.toISOString() ?? null,
  };
}

export interface ProgrammeDues {
  /** none: no programme fee (mode none or a zero fee). */
  free: boolean;
  /** Null while a duration must be chosen. */
  feeFen: number | null;
  installments: ProgrammeInstallmentState[];
  paidFen: number;
  /** The first installment (deposit, or the whole fee) is paid, or there is nothing to pay. */
  depositPaid: boolean;
  applyFeePaid: boolean;
  paid: PaidProgrammeOrder[];
}

/** Whether the applicant's programme fee is free of charge: nothing to pay, so the deposit gate is open. */
export function isFree(def: ProgrammeDefinition): boolean {
  return def.fees.mode === 'none' || (def.fees.durations.length === 0 && def.fees.fee_fen === 0);
}

export async function programmeDues(db: Db, programme: ProgrammeRow, app: ProgrammeApplicationRow | undefined, now: Date): Promise<ProgrammeDues> {
  const def = programme.definition;
  const paid = app ? await listPaidProgrammeOrders(db, app.accountId, programme.id) : [];
  const applyFeePaid = paid.some((o) => o.purpose === 'programme_apply_fee');
  const paidFen = paid.filter((o) => o.purpose !== 'programme_apply_fee').reduce((sum, o) => sum + o.amountFen, 0);
  const free = isFree(def);
  const feeFen = free ? 0 : programmeFeeFen(def, app?.durationKey ?? null);
  if (free || feeFen === null || !isAdmitted(app) || def.fees.mode === 'none') {
    return { free, feeFen, installments: [], paidFen, depositPaid: free, applyFeePaid, paid };
  }
  const planned = planInstallments(
    { mode: def.fees.mode, whole_due: def.fees.whole_due, deposit_fen: def.fees.deposit_fen, deposit_due: def.fees.deposit_due, final_due: def.fees.final_due },
    { product: 'tuition', feeFen, aidFen: 0, releasedAt: app.releasedAt },
  );
  // A staff extension (decision 090) moves an installment's due date, as for the summer tuition.
  const extensions = await listDues(db, app.accountId, programme.id);
  const installments: ProgrammeInstallmentState[] = planned.map((p) => {
    const purpose = programmePurposeOf(p.kind);
    const paidAt = paid.find((o) => o.purpose === purpose)?.paidAt ?? null;
    const extendedDueAt = extensions.find((d) => d.purpose === purpose)?.extendedDueAt ?? null;
    const dueAt = extendedDueAt ?? p.dueAt;
    return {
      kind: p.kind,
      purpose,
      label: p.kind === 'whole' ? '项目费用' : INSTALLMENT_KIND_LABELS[p.kind],
      owedFen: p.owedFen,
      dueAt,
      plannedDueAt: p.dueAt,
      extended: extendedDueAt !== null,
      paidAt,
      overdue: paidAt === null && now.getTime() > dueAt.getTime(),
      completes: true,
    };
  });
  for (const [i, inst] of installments.entries()) inst.completes = installments.slice(i + 1).every((later) => later.paidAt !== null);
  return { free, feeFen, installments, paidFen, depositPaid: installments[0]?.paidAt != null, applyFeePaid, paid };
}

/** The docs/product/users-and-roles.md gate as an error: 403-10 with 仅录取用户可访问 or 完成定金支付后，方可访问. */
export function assertProgrammeGate(gate: 'offer' | 'deposit', def: ProgrammeDefinition, app: ProgrammeApplicationRow | undefined, dues: Pick<ProgrammeDues, 'depositPaid'> | null): void {
  const msg = programmeGateError(gate, { admitted: isAdmitted(app), depositPaid: dues?.depositPaid ?? false, feeMode: isFree(def) ? 'none' : def.fees.mode });
  if (msg) throw AppError.gate(STATUS.GATE_OFFER, msg);
}

export interface ProgrammePayable {
  purpose: PaymentPurpose;
  kind: InstallmentKind | 'apply_fee';
  amountFen: number;
  completes: boolean;
}

/**
 * Which order a programme payment makes. `next` (the parent link) takes the next unpaid installment. Refuses,
 * in this order: no fee, no offer, no duration chosen, an installment not in the plan, one already paid, the
 * final before the deposit. Overdue installments stay payable (programmes only remind).
 */
export async function resolveProgrammePayable(db: Db, programme: ProgrammeRow, app: ProgrammeApplicationRow | undefined, kind: InstallmentKind | 'apply_fee' | 'next', now: Date): Promise<ProgrammePayable> {
  const def = programme.definition;
  if (kind === 'apply_fee') {
    if (def.fees.apply_fee_fen <= 0) throw AppError.message(MSG.PROGRAMME_NO_FEE);
    if (!app?.submittedAt) throw AppError.message(MSG.PROGRAMME_APPLY_FEE_NOT_DUE);
    const dues = await programmeDues(db, programme, app, now);
    if (dues.applyFeePaid) throw AppError.message(MSG.PAY_INSTALLMENT_PAID);
    if (app.releasedAt !== null) throw AppError.message(MSG.PROGRAMME_RELEASED_LOCKED);
    return { purpose: 'programme_apply_fee', kind, amountFen: def.fees.apply_fee_fen, completes: true };
  }
  if (isFree(def)) throw AppError.message(MSG.PROGRAMME_NO_FEE);
  assertProgrammeGate('offer', def, app, null);
  const dues = await programmeDues(db, programme, app, now);
  if (dues.feeFen === null) throw AppError.message(MSG.PROGRAMME_DURATION_REQUIRED);
  const next = dues.installments.find((i) => !i.paidAt);
  const target = kind === 'next' ? next : dues.installments.find((i) => i.kind === kind);
  if (!target) {
    if (kind === 'next') throw AppError.message(MSG.PAY_INSTALLMENT_PAID);
    throw AppError.param('kind', MSG.DUE_PURPOSE_NOT_IN_PLAN);
  }
  if (target.paidAt) throw AppError.message(MSG.PAY_INSTALLMENT_PAID);
  if (target !== next) throw AppError.message(MSG.PAY_DEPOSIT_FIRST);
  return { purpose: target.purpose, kind: target.kind, amountFen: Math.max(1, target.owedFen), completes: target.completes };
}

/** The receipt and order label: 「H-week 定金」. */
export function programmeOrderLabel(def: ProgrammeDefinition, purpose: PaymentPurpose): string {
  const kind = kindOfProgrammePurpose(purpose);
  const part = kind === 'apply_fee' ? '申请费' : kind === 'whole' ? '项目费用' : kind ? INSTALLMENT_KIND_LABELS[kind] : '';
  return `${def.name} ${part}`.trim();
}
