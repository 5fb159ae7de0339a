/**
 * The application fee as a payment purpose (docs/decisions/077): who may pay it, what it costs, and what its
 * payment stamps. Registered with the payments module at start-up (app/payment-purposes.ts).
 */
import { AppError, MSG, STATUS } from '@summit/domain';
import type { AppContext } from '../../http/context.ts';
import { registerPaymentPurpose } from '../payments/purposes.ts';
import { findStudent } from '../profile/profile.queries.ts';
import { getFees } from '../settings/settings.service.ts';
import { stampApplyFeePaid } from './admissions.repo.ts';

async function loadProfile(ctx: AppContext, accountId: number) {
  const row = await findStudent(ctx.db, accountId);
  if (!row) throw AppError.login();
  return row.profile;
}

export function registerAdmissionsPaymentPurposes(): void {
  registerPaymentPurpose({
    kind: 'application_fee',
    purposes: ['apply_fee'],
    returnPath: '/pay/apply',
    alreadyPaid: () => AppError.gate(STATUS.APPLY_PAID),
    // docs/product/users-and-roles.md and docs/product/errors.md gates: profile complete, not paid yet, the application submitted.
    async assertMayPay(ctx, accountId) {
      const p = await loadProfile(ctx, accountId);
      if (p.infoCompletedAt === null) throw AppError.gate(STATUS.GATE_COMPLETE_INFO);
      if (p.applyPaidAt !== null) throw AppError.gate(STATUS.APPLY_PAID);
      // The fee is for a submitted application (docs/decisions/009): 403-40 covers the application-stage
      // gates, and the client's gate handling sends the student back to /student/apply.
      if (p.step1SubmittedAt === null) throw AppError.gate(STATUS.GATE_ALREADY_APPLIED, MSG.APPLY_INCOMPLETE);
    },
    async price(ctx) {
      return { purpose: 'apply_fee', amountFen: (await getFees(ctx)).apply_fen, completes: true };
    },
    async isPaid(ctx, accountId) {
      return (await loadProfile(ctx, accountId)).applyPaidAt !== null;
    },
    async onPaid(tx, order, at, now) {
      if (order.completes) await stampApplyFeePaid(tx, order.accountId, at, now);
      return [];
    },
  });
}
