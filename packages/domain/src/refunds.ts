/**
 * Refunds (docs/decisions/068-refunds.md): the state machine, what may still go back on an
 * order, and the admin-edited refund policy the form applies. Amounts are integer fen throughout.
 */

/** requested → processing → succeeded | failed; requested → rejected (a second admin said no). */
export const REFUND_STATUSES = ['requested', 'processing', 'succeeded', 'failed', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Refunds that count against what an order paid: money that has gone back or may still go back. */
export const LIVE_REFUND_STATUSES = ['requested', 'processing', 'succeeded'] as const satisfies readonly RefundStatus[];

export function isLiveRefund(status: RefundStatus): boolean {
  return (LIVE_REFUND_STATUSES as readonly RefundStatus[]).includes(status);
}

/** What admins see. */
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  requested: '待审批',
  processing: '退款处理中',
  succeeded: '已退款',
  failed: '退款失败',
  rejected: '已驳回',
};

/** What the student sees: a request waiting for a second admin is, to them, already being processed. */
export const STUDENT_REFUND_STATUS_LABELS: Record<Exclude<RefundStatus, 'rejected'>, string> = {
  requested: '退款处理中',
  processing: '退款处理中',
  succeeded: '已退款',
  failed: '退款失败',
};

export type RefundEventKind = 'submit' | 'succeed' | 'fail' | 'reject';

export type RefundTransition = { ok: true; changed: boolean; next: RefundStatus } | { ok: false; next: RefundStatus };

/**
 * One step of the machine. A repeated step is a no-op (a notification delivered twice); a step from a final
 * state to another is refused (a late 'failed' never takes back a refund that succeeded).
 */
export function transitionRefund(current: RefundStatus, event: RefundEventKind): RefundTransition {
  switch (event) {
    case 'submit':
      if (current === 'requested') return { ok: true, changed: true, next: 'processing' };
      if (current === 'processing') return { ok: true, changed: false, next: current };
      return { ok: false, next: current };
    case 'reject':
      if (current === 'requested') return { ok: true, changed: true, next: 'rejected' };
      if (current === 'rejected') return { ok: true, changed: false, next: current };
      return { ok: false, next: current };
    case 'succeed':
      if (current === 'processing') return { ok: true, changed: true, next: 'succeeded' };
      if (current === 'succeeded') return { ok: true, changed: false, next: current };
      return { ok: false, next: current };
    case 'fail':
      if (current === 'processing') return { ok: true, changed: true, next: 'failed' };
      if (current === 'failed') return { ok: true, changed: false, next: current };
      return { ok: false, next: current };
  }
}

/** What may still go back on an order that paid `paidFen`, given the sum of its live refunds. Never negative. */
export function refundableFen(paidFen: number, liveRefundsFen: number): number {
  return Math.max(0, paidFen - liveRefundsFen);
}

export interface RefundDeduction {
  label: string;
  fen: number;
}

/** The admin-edited refund policy (settings key refund.policy). */
export interface RefundPolicy {
  /** ISO instant; after it only admins holding money.refund_approve may refund. Null: no deadline. */
  deadline: string | null;
  /** Fixed amounts kept back from what an order paid (e.g. 线上转换差额 ¥2,000). */
  deductions: RefundDeduction[];
  /** A refund above this (fen) needs a second admin's approval before it is sent. */
  approval_threshold_fen: number;
}

/** Until an admin saves one: no deadline, no deduction, a second admin for anything above ¥5,000. */
export const DEFAULT_REFUND_POLICY: RefundPolicy = { deadline: null, deductions: [], approval_threshold_fen: 500_000 };

/** The deduction the old online-move notice describes (docs/product/constants.md): offered in the editor as an example line. */
export const ONLINE_MOVE_DEDUCTION: RefundDeduction = { label: '线上转换差额', fen: 200_000 };

export const REFUND_TIMING = {
  /** A refund left processing (or approved but never sent) this long is queried (or sent) by the reconciler. */
  reconcileAfterMs: 5 * 60_000,
  reconcileEveryMs: 60_000,
  /** The sandbox "provider" answers a refund this long after it was asked. */
  sandboxDelayMs: 1_000,
} as const;

export interface RefundSuggestion {
  paid_fen: number;
  /** Live refunds already against the order. */
  live_refunds_fen: number;
  /** What may still go back at all: paid − live refunds. */
  refundable_fen: number;
  deductions_fen: number;
  /** The most this refund may be under the policy: paid − deductions − live refunds (never below 0). */
  suggested_fen: number;
  after_deadline: boolean;
  /** Lines the form shows: 已付, each deduction, 已退/退款中, 建议退款. */
  lines: RefundDeduction[];
}

/**
 * What the policy says for one order now. Deductions are taken once from what the order paid, so a second,
 * partial refund does not deduct again.
 */
export function suggestRefund(input: { paidFen: number; liveRefundsFen: number; policy: RefundPolicy; now: Date }): RefundSuggestion {
  const deductionsFen = input.policy.deductions.reduce((sum, d) => sum + d.fen, 0);
  const refundable = refundableFen(input.paidFen, input.liveRefundsFen);
  const suggested = Math.min(refundable, Math.max(0, input.paidFen - deductionsFen - input.liveRefundsFen));
  const afterDeadline = input.policy.deadline !== null && input.now.getTime() > new Date(input.policy.deadline).getTime();
  const lines: RefundDeduction[] = [
    { label: '订单实付', fen: input.paidFen },
    ...input.policy.deductions.map((d) => ({ label: `扣除：${d.label}`, fen: -d.fen })),
    ...(input.liveRefundsFen > 0 ? [{ label: '已退款或退款中', fen: -input.liveRefundsFen }] : []),
    { label: '建议退款', fen: suggested },
  ];
  return {
    paid_fen: input.paidFen,
    live_refunds_fen: input.liveRefundsFen,
    refundable_fen: refundable,
    deductions_fen: deductionsFen,
    suggested_fen: suggested,
    after_deadline: afterDeadline,
    lines,
  };
}

/**
 * Whether a refund of `amountFen` needs a second admin (decision 081). The threshold applies to what the order
 * has had refunded in total: its live refunds (succeeded, processing, waiting for approval) plus this one, so a
 * large refund split into several small ones still needs a second admin once the total passes it. The threshold is
 * in yuan: an order charged in another currency (Stripe) cannot be compared with it, so its refunds always need the
 * second admin (decision 090) rather than a comparison across currencies.
 */
export function needsSecondApproval(amountFen: number, liveRefundsFen: number, policy: RefundPolicy, currency = 'CNY'): boolean {
  if (currency.toUpperCase() !== 'CNY') return true;
  return liveRefundsFen + amountFen > policy.approval_threshold_fen;
}
