/**
 * The summer programme's tuition as payment purposes (docs/decisions/077, decision 072): the whole tuition and
 * its installments (tuition_deposit, tuition_final). The fee plan prices them; paying the order that completes
 * tuition stamps the profile and sends the tuition SMS; a full refund takes the stamp back; the parent link pays
 * the next installment. Registered with the payments module at start-up (app/payment-purposes.ts).
 */
import { AppError, MSG, PAYMENT_CURRENCY, PROGRAMME_NAME, STATUS, maskName, maskPhone, type PayFor } from '@summit/domain';
import type { AppContext } from '../../http/context.ts';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import { findFirstPaidOrder, findOrderById, type ParentPayLinkRow } from '../payments/payments.queries.ts';
import { registerPaymentPurpose, type LinkedPayment, type PayableOrder } from '../payments/purposes.ts';
import { findStudent } from '../profile/profile.queries.ts';
import { stampTuitionPaid, unstampRefundedTuition } from './dues.repo.ts';
import { resolvePayableInstallment, tuitionOwed } from './dues.service.ts';

type StudentRow = NonNullable<Awaited<ReturnType<typeof findStudent>>>;

async function loadStudent(ctx: AppContext, accountId: number): Promise<StudentRow> {
  const row = await findStudent(ctx.db, accountId);
  if (!row) throw AppError.login();
  return row;
}

/** The summer parent's page. */
export function parentPayPath(token: string): string {
  return `/pay/admission-parent/${token}`;
}

export function registerDuesPaymentPurposes(): void {
  registerPaymentPurpose({
    kind: 'tuition',
    purposes: ['tuition', 'tuition_deposit', 'tuition_final'],
    returnPath: '/student/admission',
    // An installment's parent link is the tuition's.
    linkPurpose: 'tuition',
    alreadyPaid: () => AppError.gate(STATUS.TUITION_PAID),
    // docs/product/users-and-roles.md and docs/product/errors.md gates: profile complete, tuition not paid yet, an offer released.
    async assertMayPay(ctx, accountId) {
      const p = (await loadStudent(ctx, accountId)).profile;
      if (p.infoCompletedAt === null) throw AppError.gate(STATUS.GATE_COMPLETE_INFO);
      if (p.tuitionPaidAt !== null) throw AppError.gate(STATUS.TUITION_PAID);
      // offer_letter: null = no decision, 0 = decided but not released, truthy = released (docs/product/data.md).
      if (!p.offerLetter) throw AppError.gate(STATUS.GATE_OFFER);
    },
    price: (ctx, accountId, purpose) => resolvePayableInstallment(ctx, accountId, purpose),
    // An installment is "paid" when its own order is; the tuition when the profile says so.
    async isPaid(ctx, accountId, order) {
      if (order.purpose === 'tuition') return (await loadStudent(ctx, accountId)).profile.tuitionPaidAt !== null;
      return order.status === 'paid' || (await findFirstPaidOrder(ctx.db, accountId, order.purpose)) !== undefined;
    },
    parentPayPath,
    parentLink: tuitionLink,
    // A deposit that leaves a final payment owed does not complete tuition: the stamp and SMS wait for the order that does.
    onPaid: async (tx, order, at, now) => (order.completes ? stampTuitionPaid(tx, order, at, now) : []),
    onRefunded: (tx, order, now) => unstampRefundedTuition(tx, order, now),
  });
}

/** A summer tuition link: works while tuition is unpaid and the offer stands. */
async function tuitionLink(deps: PaymentDeps, link: ParentPayLinkRow): Promise<LinkedPayment | null> {
  const student = await findStudent(deps.ctx.db, link.accountId);
  if (!student) return null;
  const paid = student.profile.tuitionPaidAt !== null;
  return {
    paid,
    payable: Boolean(student.profile.offerLetter),
    describe: () => describeTuitionLink(deps, link, student, paid),
    async next(provider) {
      // The partner channel takes only the week camps' installments (decision 076).
      if (provider === 'NHP') throw AppError.message(MSG.PAY_NHP_UNSUPPORTED);
      return resolvePayableInstallment(deps.ctx, link.accountId, link.purpose);
    },
    returnPath: parentPayPath,
  };
}

/** What the link would charge now, or null when nothing is payable (an overdue installment: paying it is refused). */
async function nextPayable(deps: PaymentDeps, link: ParentPayLinkRow): Promise<PayableOrder | null> {
  try {
    return await resolvePayableInstallment(deps.ctx, link.accountId, link.purpose);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return null;
  }
}

async function describeTuitionLink(deps: PaymentDeps, link: ParentPayLinkRow, student: StudentRow, purposePaid: boolean): Promise<PayFor> {
  const paidOrder = purposePaid ? await findFirstPaidOrder(deps.ctx.db, link.accountId, link.purpose) : undefined;
  const linkOrder = !paidOrder && link.orderId ? await findOrderById(deps.ctx.db, link.orderId) : undefined;
  const next = purposePaid ? null : await nextPayable(deps, link);
  const pendingLinkOrder = linkOrder?.status === 'pending' ? linkOrder : undefined;
  const amountFen = paidOrder?.amountFen ?? pendingLinkOrder?.amountFen ?? next?.amountFen ?? (await tuitionOwed(deps.ctx, link.accountId)).dueFen;
  const installmentPurpose = pendingLinkOrder?.purpose ?? next?.purpose;
  const installment = installmentPurpose === 'tuition_deposit' ? 'deposit' : installmentPurpose === 'tuition_final' ? 'final' : null;
  const paidAt = paidOrder?.paidAt ?? student.profile.tuitionPaidAt;
  return {
    student_name: maskName(student.account.name),
    programme: PROGRAMME_NAME,
    purpose: link.purpose,
    amount_fen: amountFen,
    currency: PAYMENT_CURRENCY,
    status: purposePaid ? 'paid' : 'pending',
    expires_at: link.expiresAt.toISOString(),
    paid_by:
      purposePaid && paidAt
        ? {
            // No paid order (a payment recorded by staff) counts as the student's own.
            payer: paidOrder?.payer ?? 'student',
            paid_at: paidAt.toISOString(),
            phone: paidOrder?.payer === 'parent' ? null : maskPhone(student.account.phone),
          }
        : null,
    installment,
  };
}
