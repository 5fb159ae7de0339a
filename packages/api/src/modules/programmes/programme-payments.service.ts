/**
 * A programme's payments (decisions 075 and 076): the application fee and the programme fee's
 * installments go through the one order machinery of the payments module (gateways, sandbox checkout,
 * idempotency, open-order reuse) as programme_* purposes with the order's programme_id set; the parent link
 * pays the next installment. Paid programme orders never touch the summer programme's profile.
 */
import { randomBytes } from 'node:crypto';
import { AppError, MSG, PAYMENT_TIMING, nhpAccepts, programmeParentPayPath, programmeReturnPath, type ParentLink, type PaymentOrder, type ProgrammePaymentRequest } from '@summit/domain';
import type { AuthState } from '../../http/context.ts';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import { gatewayFor, obtainOrder, payLinkTokenHash, payerFor, replaceParentLink, toPaymentOrder, type PayRequestMeta } from '../payments/payments.service.ts';
import { findOpenOrder } from '../payments/payments.queries.ts';
import { programmeDues, programmeOrderLabel, resolveProgrammePayable, assertProgrammeGate, isFree } from './programme-payments.plan.ts';
import { loadProgrammeFor } from './programme-portal.service.ts';

/** POST /api/student/programmes/:code/payment. */
export async function createProgrammePayment(deps: PaymentDeps, auth: AuthState, code: string, input: ProgrammePaymentRequest, meta: PayRequestMeta): Promise<PaymentOrder> {
  const { programme, app } = await loadProgrammeFor(deps.ctx, code, auth.accountId);
  if (!app) throw AppError.message(MSG.PROGRAMME_APPLICATION_NOT_FOUND);
  const payable = await resolveProgrammePayable(deps.ctx.db, programme, app, input.kind, deps.ctx.now());
  if (input.provider === 'NHP' && (payable.kind === 'apply_fee' || !nhpAccepts(programme.code, payable.kind))) throw AppError.message(MSG.PAY_NHP_UNSUPPORTED);
  const { gateway, kind } = gatewayFor(deps, input.provider, input.channel);
  const wxPayer = await payerFor(deps, kind, input.wx_payer);
  const order = await obtainOrder(deps, {
    wxPayer,
    accountId: auth.accountId,
    purpose: payable.purpose,
    payer: 'student',
    provider: input.provider,
    channel: input.channel,
    gateway,
    kind,
    amountFen: payable.amountFen,
    completes: payable.completes,
    returnPath: programmeReturnPath(programme.code, input.kind),
    meta,
    programmeId: programme.id,
    description: programmeOrderLabel(programme.definition, payable.purpose),
  });
  return toPaymentOrder(order);
}

/** POST /api/student/programmes/:code/parent-link: a new 256-bit token; the programme's previous link stops working. */
export async function createProgrammeParentLink(deps: PaymentDeps, auth: AuthState, code: string): Promise<ParentLink> {
  const { ctx } = deps;
  const { programme, app } = await loadProgrammeFor(ctx, code, auth.accountId);
  const def = programme.definition;
  if (isFree(def)) throw AppError.message(MSG.PROGRAMME_NO_FEE);
  if (!def.fees.parent_pay) throw AppError.message(MSG.PAY_METHOD_UNSUPPORTED);
  assertProgrammeGate('offer', def, app, null);
  // Refuses when nothing is payable now (no duration chosen, everything paid) before a link is handed out.
  const next = await resolveProgrammePayable(ctx.db, programme, app, 'next', ctx.now());
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + PAYMENT_TIMING.parentLinkTtlMs);
  const open = await findOpenOrder(ctx.db, auth.accountId, next.purpose, programme.id);
  await replaceParentLink(ctx.db, { tokenHash: payLinkTokenHash(token), accountId: auth.accountId, purpose: next.purpose, programmeId: programme.id, orderId: open?.id ?? null, now, expiresAt });
  return { token, url: programmeParentPayPath(programme.code, token), expires_at: expiresAt.toISOString() };
}

/** Fen paid towards a programme and whether it is paid in full (the admin list reads it). */
export async function programmePaidSummary(deps: Pick<PaymentDeps, 'ctx'>, code: string, accountId: number): Promise<{ paidFen: number; fullyPaid: boolean }> {
  const { programme, app } = await loadProgrammeFor(deps.ctx, code, accountId);
  const dues = await programmeDues(deps.ctx.db, programme, app, deps.ctx.now());
  return { paidFen: dues.paidFen, fullyPaid: dues.free || (dues.installments.length > 0 && dues.installments.every((i) => i.paidAt !== null)) };
}
