import { randomBytes } from 'node:crypto';
import {
  AppError,
  MSG,
  REFUND_MSG,
  STATUS,
  can,
  needsSecondApproval,
  suggestRefund,
  type AdminRefund,
  type AdminRefundList,
  type AdminRefundListQuery,
  type RefundCreateRequest,
  type RefundStatus,
  type StudentMoney,
  type StudentRefundList,
  overRefundableMessage,
} from '@summit/domain';
import type { AuthState } from '../../http/context.ts';
import { PaymentGatewayError, type ProviderRefundRequest } from '../../providers/payment/payment-provider.ts';
import { recordAudit } from '../audit/audit-write.ts';
import type { PaymentDeps } from '../payments/payment-events.service.ts';
import { findOrderById, isUniqueViolation } from '../payments/payments.queries.ts';
import { applyRefundResult, eventFromRefundState } from './refund-events.ts';
import { getRefundPolicy, policyOf } from './refund-policy.service.ts';
import {
  approveRefundAudited,
  claimForSubmit,
  findAccountRole,
  findRefundByIdempotencyKey,
  findRecentSameRefund,
  findRefundByNo,
  findRefundView,
  insertRefund,
  listMoneyOrders,
  listRefunds,
  liveRefundsByOrder,
  lockOrderByNo,
  rejectRefundAudited,
  saveProviderRefundNo,
  sumLiveRefunds,
  type RefundListRow,
  type RefundRow,
} from './refunds.repo.ts';
import { scheduleSandboxRefundResult } from './sandbox-refund.ts';

/** "RF" + Beijing date + 80 random bits in hex (30 characters): fits out_refund_no / out_request_no. */
export function newRefundNo(now: Date): string {
  const d = new Date(now.getTime() + 8 * 3_600_000);
  const ymd = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return `RF${ymd}${randomBytes(10).toString('hex')}`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Identical refund requests by one admin within this window are one request sent twice (decision 092). */
const DOUBLE_SUBMIT_WINDOW_MS = 60_000;

function policyLinesOf(policy: unknown): AdminRefund['policy_lines'] {
  const lines = (policy as { lines?: unknown } | null)?.lines;
  if (!Array.isArray(lines)) return [];
  return lines.filter((l): l is { label: string; fen: number } => typeof l?.label === 'string' && Number.isInteger(l?.fen));
}

export function adminRefundView(r: RefundListRow): AdminRefund {
  const x = r.refund;
  return {
    refund_no: x.refundNo,
    order_no: r.orderNo,
    user_id: x.accountId,
    student_name: r.studentName,
    purpose: r.purpose,
    payer: r.payer,
    amount_fen: x.amountFen,
    currency: x.currency,
    status: x.status,
    reason: x.reason,
    policy_lines: policyLinesOf(x.policy),
    approval_required: x.approvalRequired,
    requested_by: x.requestedBy,
    requested_by_name: r.requestedByName,
    approved_by: x.approvedBy,
    approved_by_name: r.approvedByName,
    failure_reason: x.failureReason,
    created_at: x.createdAt.toISOString(),
    submitted_at: iso(x.submittedAt),
    succeeded_at: iso(x.succeededAt),
    failed_at: iso(x.failedAt),
  };
}

async function viewOf(deps: PaymentDeps, refundNo: string): Promise<AdminRefund> {
  const row = await findRefundView(deps.ctx.db, refundNo);
  if (!row) throw AppError.notFound(REFUND_MSG.NOT_FOUND);
  return adminRefundView(row);
}

async function requireStudent(deps: PaymentDeps, userId: number): Promise<void> {
  const account = await findAccountRole(deps.ctx.db, userId);
  if (!account || account.role !== 'student') throw AppError.notFound(MSG.PAY_ORDER_NOT_FOUND);
}

/** The same key with a different refund behind it is a client bug, not a retry. */
function sameRequest(existing: RefundRow, orderId: number | null, userId: number, body: RefundCreateRequest): boolean {
  return existing.accountId === userId && (orderId === null || existing.orderId === orderId) && existing.amountFen === body.amount_fen;
}

/**
 * POST /api/admin/students/:userId/refunds. Decided under a lock on the order row: the order must be the
 * student's and paid, the amount at most what the policy leaves after deductions and live refunds (so never
 * more than paid, however many admins press at once). A second admin must approve it when the order's live
 * refunds plus this one pass the threshold (decision 081): the sum is read under the same lock, so refunds
 * requested at once see one another and cannot each slip under it. Sent to the provider after the commit
 * unless a second admin must approve it first.
 */
export async function requestRefund(deps: PaymentDeps, auth: AuthState, userId: number, body: RefundCreateRequest, headerKey: string | undefined): Promise<{ refund: AdminRefund; waiting: boolean }> {
  const key = headerKey ?? body.idempotency_key ?? null;
  await requireStudent(deps, userId);
  if (key) {
    const existing = await findRefundByIdempotencyKey(deps.ctx.db, key);
    if (existing) {
      if (!sameRequest(existing, null, userId, body)) throw AppError.message(REFUND_MSG.IDEMPOTENCY_CONFLICT);
      return { refund: await viewOf(deps, existing.refundNo), waiting: existing.status === 'requested' };
    }
  }
  const policy = policyOf(await getRefundPolicy(deps.ctx));
  const now = deps.ctx.now();
  let created: RefundRow;
  try {
    created = await deps.ctx.db.transaction(async (tx) => {
      const order = await lockOrderByNo(tx, body.order_id);
      if (!order || order.accountId !== userId) throw AppError.notFound(MSG.PAY_ORDER_NOT_FOUND);
      if (key) {
        // A retry that raced the first request: it waited on the lock, and now sees the first one's row.
        const existing = await findRefundByIdempotencyKey(tx, key);
        if (existing) return existing;
      } else {
        // No key: the same admin's identical request on this order a moment ago is a double submit, not a second
        // refund; it waited on the order's lock and answers the first one's refund (decision 092).
        const same = await findRecentSameRefund(tx, { orderId: order.id, amountFen: body.amount_fen, reason: body.reason, requestedBy: auth.accountId, since: new Date(now.getTime() - DOUBLE_SUBMIT_WINDOW_MS) });
        if (same) return same;
      }
      if (order.status !== 'paid') throw AppError.message(REFUND_MSG.ORDER_NOT_REFUNDABLE);
      const live = await sumLiveRefunds(tx, order.id);
      const suggestion = suggestRefund({ paidFen: order.amountFen, liveRefundsFen: live, policy, now });
      if (suggestion.after_deadline && !can(auth, 'money.refund_approve')) throw new AppError(STATUS.MESSAGE, REFUND_MSG.AFTER_DEADLINE, { httpStatus: 403 });
      if (suggestion.refundable_fen <= 0) throw AppError.message(REFUND_MSG.ORDER_NOT_REFUNDABLE);
      if (body.amount_fen > suggestion.suggested_fen) {
        throw AppError.param('amount_fen', overRefundableMessage(suggestion.suggested_fen));
      }
      const approvalRequired = needsSecondApproval(body.amount_fen, live, policy, order.currency);
      const refund = await insertRefund(tx, {
        refundNo: newRefundNo(now),
        orderId: order.id,
        accountId: order.accountId,
        amountFen: body.amount_fen,
        currency: order.currency,
        status: 'requested',
        reason: body.reason,
        policy: { lines: suggestion.lines, deadline: policy.deadline, after_deadline: suggestion.after_deadline, approval_threshold_fen: policy.approval_threshold_fen, order_total_fen: live + body.amount_fen },
        approvalRequired,
        requestedBy: auth.accountId,
        idempotencyKey: key,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, {
        actorId: auth.accountId,
        action: 'refund.request',
        entity: 'payment_refund',
        entityId: refund.refundNo,
        before: { order_no: order.orderNo, paid_fen: order.amountFen, live_refunds_fen: live },
        after: { order_no: order.orderNo, user_id: order.accountId, amount_fen: refund.amountFen, order_total_fen: live + refund.amountFen, approval_required: approvalRequired, after_deadline: suggestion.after_deadline, reason: refund.reason },
        now,
      });
      return refund;
    });
  } catch (err) {
    // Two first requests with one key, neither saw the other: the unique index let one in; answer that one.
    if (key && isUniqueViolation(err)) {
      const existing = await findRefundByIdempotencyKey(deps.ctx.db, key);
      if (existing && sameRequest(existing, null, userId, body)) return { refund: await viewOf(deps, existing.refundNo), waiting: existing.status === 'requested' };
    }
    throw err;
  }
  if (created.accountId !== userId || created.amountFen !== body.amount_fen) throw AppError.message(REFUND_MSG.IDEMPOTENCY_CONFLICT);
  if (!created.approvalRequired) await submitRefund(deps, created.id);
  const refund = await viewOf(deps, created.refundNo);
  return { refund, waiting: refund.status === 'requested' };
}

/** The provider's view of one refund: always the original order, so always the original payer. */
export function providerRequestOf(refund: RefundRow, order: { orderNo: string; providerTradeNo: string | null; amountFen: number; currency: string }): ProviderRefundRequest {
  return {
    refundNo: refund.refundNo,
    orderNo: order.orderNo,
    providerTradeNo: order.providerTradeNo,
    refundFen: refund.amountFen,
    totalFen: order.amountFen,
    currency: order.currency,
    reason: refund.reason,
  };
}

/**
 * Sends a sendable refund to the order's own gateway, after the request committed. Only the caller whose
 * conditional update moved it to processing sends it. A definite refusal fails the refund; an unknown outcome
 * (network, provider error) leaves it processing for the reconciler, which asks the provider again.
 */
export async function submitRefund(deps: PaymentDeps, refundId: number): Promise<void> {
  const now = deps.ctx.now();
  const refund = await claimForSubmit(deps.ctx.db, refundId, now);
  if (!refund) return;
  const order = await findOrderById(deps.ctx.db, refund.orderId);
  const gateway = order ? deps.gateways.byId(order.gateway) : null;
  if (!order || !gateway) {
    deps.log.error({ refundNo: refund.refundNo, gateway: order?.gateway }, 'refund cannot be sent: the order\'s gateway is not configured; left processing');
    return;
  }
  let state;
  try {
    state = await gateway.refund(providerRequestOf(refund, order));
  } catch (err) {
    deps.log.warn({ refundNo: refund.refundNo, gateway: gateway.id, err: err instanceof Error ? err.message : String(err), code: err instanceof PaymentGatewayError ? err.providerCode : undefined }, 'refund request did not get an answer; the reconciler will ask again');
    return;
  }
  if (state.providerRefundNo) await saveProviderRefundNo(deps.ctx.db, refund.id, state.providerRefundNo, deps.ctx.now());
  if (state.status !== 'processing') {
    await applyRefundResult(deps, gateway.id, eventFromRefundState(order.orderNo, refund.refundNo, state, 'submit'), JSON.stringify(state), state.status === 'failed' ? state.reason : undefined);
  } else if (gateway.id === 'sandbox') {
    await scheduleSandboxRefundResult(deps.ctx, { orderNo: order.orderNo, refundNo: refund.refundNo, refundFen: refund.amountFen, refundId: state.providerRefundNo ?? '' });
  }
}

/**
 * A request a second admin already decided (approved_by is set by approval and rejection alike): a 4004 (HTTP
 * 409) that says what happened, so an admin who lost a race is never told money went out when it did not.
 */
function alreadyDecided(refund: RefundRow, actorId: number): AppError | null {
  if (!refund.approvalRequired || refund.approvedBy === null) return null;
  const mine = refund.approvedBy === actorId;
  if (refund.status === 'rejected') return AppError.reload(mine ? REFUND_MSG.REJECTED_BY_YOU : REFUND_MSG.REJECTED_BY_OTHER);
  return AppError.reload(mine ? REFUND_MSG.APPROVED_BY_YOU : REFUND_MSG.APPROVED_BY_OTHER);
}

async function decidable(deps: PaymentDeps, auth: AuthState, refundNo: string): Promise<RefundRow> {
  const refund = await findRefundByNo(deps.ctx.db, refundNo);
  if (!refund) throw AppError.notFound(REFUND_MSG.NOT_FOUND);
  const decided = alreadyDecided(refund, auth.accountId);
  if (decided) throw decided;
  if (refund.status !== 'requested') throw AppError.message(REFUND_MSG.NOT_WAITING);
  if (!refund.approvalRequired) throw AppError.message(REFUND_MSG.NO_APPROVAL_NEEDED);
  if (refund.requestedBy === auth.accountId) throw new AppError(STATUS.MESSAGE, REFUND_MSG.SAME_ADMIN, { httpStatus: 403 });
  return refund;
}

/** The answer to the admin whose conditional update found the request no longer waiting: what the winner did. */
async function lostDecision(deps: PaymentDeps, auth: AuthState, refundNo: string): Promise<AppError> {
  const now = await findRefundByNo(deps.ctx.db, refundNo);
  return (now && alreadyDecided(now, auth.accountId)) ?? AppError.reload(REFUND_MSG.NOT_WAITING);
}

/**
 * POST /api/admin/refunds/:refundNo/approve: a second admin (never the requester) lets it go to the provider.
 * The decision is one conditional update (still requested, nobody decided yet): of several approvals, or an
 * approval racing a rejection, exactly one wins and writes the audit row; the others get a 4004 saying what won.
 */
export async function approveRefund(deps: PaymentDeps, auth: AuthState, refundNo: string): Promise<AdminRefund> {
  const refund = await decidable(deps, auth, refundNo);
  const now = deps.ctx.now();
  const approved = await approveRefundAudited(deps.ctx.db, { refund, actorId: auth.accountId, now });
  if (!approved) throw await lostDecision(deps, auth, refundNo);
  await submitRefund(deps, refund.id);
  return viewOf(deps, refund.refundNo);
}

/** POST /api/admin/refunds/:refundNo/reject: ends a request waiting for approval; nothing was sent. Same race rule as approval. */
export async function rejectRefund(deps: PaymentDeps, auth: AuthState, refundNo: string, reason: string | undefined): Promise<AdminRefund> {
  const refund = await decidable(deps, auth, refundNo);
  const now = deps.ctx.now();
  const rejected = await rejectRefundAudited(deps.ctx.db, { refund, actorId: auth.accountId, reason, now });
  if (!rejected) throw await lostDecision(deps, auth, refundNo);
  return viewOf(deps, refund.refundNo);
}

export async function listAdminRefunds(deps: PaymentDeps, q: AdminRefundListQuery): Promise<AdminRefundList> {
  const { total, rows } = await listRefunds(deps.ctx.db, { ...(q.status ? { status: q.status } : {}), limit: q.page_size, offset: (q.page - 1) * q.page_size });
  return { total, list: rows.map(adminRefundView) };
}

/** GET /api/admin/students/:userId/refunds: the 缴费与退款 section — orders, their refundable amounts under the policy, refunds. */
export async function studentMoney(deps: PaymentDeps, auth: AuthState, userId: number): Promise<StudentMoney> {
  await requireStudent(deps, userId);
  const policyView = await getRefundPolicy(deps.ctx);
  const policy = policyOf(policyView);
  const orders = await listMoneyOrders(deps.ctx.db, userId);
  const live = await liveRefundsByOrder(deps.ctx.db, orders.map((o) => o.id));
  const now = deps.ctx.now();
  const { rows } = await listRefunds(deps.ctx.db, { accountId: userId, limit: 200, offset: 0 });
  return {
    user_id: userId,
    orders: orders.map((o) => ({
      order_no: o.orderNo,
      purpose: o.purpose,
      payer: o.payer,
      provider: o.provider,
      amount_fen: o.amountFen,
      refunded_fen: o.refundedFen,
      currency: o.currency,
      status: o.status,
      paid_at: iso(o.paidAt),
      suggestion: o.status === 'paid' ? suggestRefund({ paidFen: o.amountFen, liveRefundsFen: live.get(o.id) ?? 0, policy, now }) : null,
    })),
    refunds: rows.map(adminRefundView),
    policy: policyView,
    can_approve: can(auth, 'money.refund_approve'),
  };
}

/** GET /api/student/refunds: the caller's own refunds; a request a second admin turned down never reached them. */
export async function studentRefunds(deps: PaymentDeps, auth: AuthState): Promise<StudentRefundList> {
  const { rows } = await listRefunds(deps.ctx.db, { accountId: auth.accountId, limit: 100, offset: 0 });
  return {
    list: rows
      .filter((r) => r.refund.status !== 'rejected')
      .map((r) => ({
        refund_no: r.refund.refundNo,
        purpose: r.purpose,
        amount_fen: r.refund.amountFen,
        currency: r.refund.currency,
        status: r.refund.status as Exclude<RefundStatus, 'rejected'>,
        created_at: r.refund.createdAt.toISOString(),
        succeeded_at: iso(r.refund.succeededAt),
      })),
  };
}

