/**
 * Another programme's fees as payment purposes (docs/decisions/077, decisions 075 and 076): the programme_*
 * purposes. The order itself is the record of payment (nothing is stamped when one is paid); the programme's
 * one parent link pays the next installment. Registered with the payments module at start-up
 * (app/payment-purposes.ts). The student's own programme payments are in programme-payments.service.ts.
 */
import {
  AppError,
  PAYMENT_CURRENCY,
  PAYMENT_PURPOSES,
  STATUS,
  maskName,
  maskPhone,
  nhpAccepts,
  programmeParentPayPath,
  MSG,
  type PayFor,
} from '@summit/domain';
import type { AppContext } from '../../http/context.ts';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import { findOrderById, type ParentPayLinkRow } from '../payments/payments.queries.ts';
import { registerPaymentPurpose, type LinkedPayment } from '../payments/purposes.ts';
import { findStudent } from '../profile/profile.queries.ts';
import { isAdmitted, kindOfProgrammePurpose, programmeDues, programmeOrderLabel, resolveProgrammePayable, type ProgrammeDues } from './programme-payments.plan.ts';
import { findProgrammeById } from './programme-portal.repo.ts';
import { findApplication, type ProgrammeApplicationRow, type ProgrammeRow } from './programmes.repo.ts';

type StudentRow = NonNullable<Awaited<ReturnType<typeof findStudent>>>;

export function registerProgrammePaymentPurposes(): void {
  registerPaymentPurpose({
    kind: 'programme',
    purposes: PAYMENT_PURPOSES.filter((p) => kindOfProgrammePurpose(p) !== null),
    // Kept from before the registry: a replaced open order found paid answers like tuition's.
    alreadyPaid: () => AppError.gate(STATUS.TUITION_PAID),
    parentLink: programmeLink,
  });
}

interface ProgrammeLinkState {
  row: ProgrammeRow;
  app: ProgrammeApplicationRow | undefined;
  admitted: boolean;
  dues: ProgrammeDues;
  allPaid: boolean;
}

async function programmeLinkState(ctx: AppContext, programmeId: number, accountId: number): Promise<ProgrammeLinkState | null> {
  const row = await findProgrammeById(ctx.db, programmeId);
  if (!row) return null;
  const app = await findApplication(ctx.db, programmeId, accountId);
  const dues = await programmeDues(ctx.db, row, app, ctx.now());
  const allPaid = dues.installments.length > 0 && dues.installments.every((i) => i.paidAt !== null);
  return { row, app, admitted: isAdmitted(app), dues, allPaid };
}

/** A programme's link: works while something is owed and the offer stands. */
async function programmeLink(deps: PaymentDeps, link: ParentPayLinkRow): Promise<LinkedPayment | null> {
  if (link.programmeId === null) return null;
  const student = await findStudent(deps.ctx.db, link.accountId);
  if (!student) return null;
  const p = await programmeLinkState(deps.ctx, link.programmeId, link.accountId);
  if (!p) return null;
  return {
    paid: p.allPaid,
    payable: p.admitted,
    describe: () => describeProgrammePayFor(deps, link, student, p),
    async next(provider) {
      const next = await resolveProgrammePayable(deps.ctx.db, p.row, p.app, 'next', deps.ctx.now());
      // The partner channel takes only the week camps' deposits and final payments (decision 076).
      if (provider === 'NHP' && (next.kind === 'apply_fee' || !nhpAccepts(p.row.code, next.kind))) throw AppError.message(MSG.PAY_NHP_UNSUPPORTED);
      return { purpose: next.purpose, amountFen: next.amountFen, completes: next.completes, programmeId: p.row.id, description: programmeOrderLabel(p.row.definition, next.purpose) };
    },
    returnPath: (token) => programmeParentPayPath(p.row.code, token),
  };
}

async function describeProgrammePayFor(deps: PaymentDeps, link: ParentPayLinkRow, student: StudentRow, p: ProgrammeLinkState): Promise<PayFor> {
  const linkOrder = link.orderId ? await findOrderById(deps.ctx.db, link.orderId) : undefined;
  const pendingLinkOrder = linkOrder?.status === 'pending' ? linkOrder : undefined;
  const next = p.dues.installments.find((i) => !i.paidAt);
  const lastPaid = p.dues.paid.filter((o) => o.purpose !== 'programme_apply_fee').at(-1);
  const purpose = pendingLinkOrder?.purpose ?? next?.purpose ?? lastPaid?.purpose ?? link.purpose;
  const amountFen = pendingLinkOrder?.amountFen ?? (next ? Math.max(1, next.owedFen) : (lastPaid?.amountFen ?? 1));
  const kind = kindOfProgrammePurpose(purpose);
  return {
    student_name: maskName(student.account.name),
    programme: p.row.definition.name,
    purpose,
    amount_fen: amountFen,
    currency: PAYMENT_CURRENCY,
    status: p.allPaid ? 'paid' : 'pending',
    expires_at: link.expiresAt.toISOString(),
    paid_by:
      p.allPaid && lastPaid
        ? { payer: lastPaid.payer === 'parent' ? 'parent' : 'student', paid_at: lastPaid.paidAt.toISOString(), phone: lastPaid.payer === 'parent' ? null : maskPhone(student.account.phone) }
        : null,
    installment: kind === 'deposit' ? 'deposit' : kind === 'final' ? 'final' : null,
  };
}
