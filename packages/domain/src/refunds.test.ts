import { describe, expect, it } from 'vitest';
import { refundCreateRequestSchema, refundPolicyUpdateRequestSchema } from './api/refunds.ts';
import { DEFAULT_REFUND_POLICY, needsSecondApproval, refundableFen, suggestRefund, transitionRefund, type RefundPolicy } from './refunds.ts';

describe('refund state machine', () => {
  it('requested → processing → succeeded | failed; requested → rejected', () => {
    expect(transitionRefund('requested', 'submit')).toEqual({ ok: true, changed: true, next: 'processing' });
    expect(transitionRefund('processing', 'succeed')).toEqual({ ok: true, changed: true, next: 'succeeded' });
    expect(transitionRefund('processing', 'fail')).toEqual({ ok: true, changed: true, next: 'failed' });
    expect(transitionRefund('requested', 'reject')).toEqual({ ok: true, changed: true, next: 'rejected' });
  });

  it('repeats are no-ops, and a final state never moves to another', () => {
    expect(transitionRefund('succeeded', 'succeed')).toEqual({ ok: true, changed: false, next: 'succeeded' });
    expect(transitionRefund('succeeded', 'fail').ok).toBe(false);
    expect(transitionRefund('failed', 'succeed').ok).toBe(false);
    expect(transitionRefund('rejected', 'submit').ok).toBe(false);
    expect(transitionRefund('processing', 'reject').ok).toBe(false);
    expect(transitionRefund('requested', 'succeed').ok).toBe(false);
  });
});

describe('what may go back', () => {
  it('refundableFen is paid minus live refunds, never negative', () => {
    expect(refundableFen(1_680_000, 0)).toBe(1_680_000);
    expect(refundableFen(1_680_000, 1_000_000)).toBe(680_000);
    expect(refundableFen(100, 200)).toBe(0);
  });

  const policy: RefundPolicy = { deadline: '2026-08-03T15:59:00.000Z', deductions: [{ label: '线上转换差额', fen: 200_000 }], approval_threshold_fen: 500_000 };

  it('deducts the fixed lines once from what the order paid', () => {
    const first = suggestRefund({ paidFen: 1_680_000, liveRefundsFen: 0, policy, now: new Date('2026-08-01T00:00:00Z') });
    expect(first).toMatchObject({ refundable_fen: 1_680_000, deductions_fen: 200_000, suggested_fen: 1_480_000, after_deadline: false });
    expect(first.lines).toEqual([
      { label: '订单实付', fen: 1_680_000 },
      { label: '扣除：线上转换差额', fen: -200_000 },
      { label: '建议退款', fen: 1_480_000 },
    ]);
    const second = suggestRefund({ paidFen: 1_680_000, liveRefundsFen: 1_000_000, policy, now: new Date('2026-08-01T00:00:00Z') });
    expect(second.suggested_fen).toBe(480_000);
    const small = suggestRefund({ paidFen: 100_000, liveRefundsFen: 0, policy, now: new Date('2026-08-01T00:00:00Z') });
    expect(small.suggested_fen).toBe(0);
  });

  it('knows when the deadline has passed', () => {
    expect(suggestRefund({ paidFen: 1, liveRefundsFen: 0, policy, now: new Date('2026-08-03T16:00:00Z') }).after_deadline).toBe(true);
    expect(suggestRefund({ paidFen: 1, liveRefundsFen: 0, policy: DEFAULT_REFUND_POLICY, now: new Date('2099-01-01T00:00:00Z') }).after_deadline).toBe(false);
  });

  it("needs a second admin once the order's total refunds pass the threshold", () => {
    expect(needsSecondApproval(500_000, 0, policy)).toBe(false);
    expect(needsSecondApproval(500_001, 0, policy)).toBe(true);
    // The order's total counts: a second refund at the threshold passes it.
    expect(needsSecondApproval(500_000, 500_000, policy)).toBe(true);
    expect(needsSecondApproval(1, 499_999, policy)).toBe(false);
    expect(needsSecondApproval(1, 500_000, policy)).toBe(true);
    // A yuan threshold says nothing about dollars: another currency always asks the second admin.
    expect(needsSecondApproval(1, 0, policy, 'USD')).toBe(true);
    expect(needsSecondApproval(1, 0, policy, 'cny')).toBe(false);
  });
});

describe('refund request schemas', () => {
  it('amounts are positive integer fen; a reason is required', () => {
    const ok = { order_id: 'SM20260501aaaaaaaaaaaaaaaaaaaa', amount_fen: 100, reason: '退款原因' };
    expect(refundCreateRequestSchema.safeParse(ok).success).toBe(true);
    for (const amount_fen of [0, -1, 1.5, '100']) expect(refundCreateRequestSchema.safeParse({ ...ok, amount_fen }).success).toBe(false);
    expect(refundCreateRequestSchema.safeParse({ ...ok, reason: ' ' }).success).toBe(false);
  });

  it('the policy: deductions named with positive fen, a non-negative threshold, an optional deadline', () => {
    expect(refundPolicyUpdateRequestSchema.parse({ deductions: [], approval_threshold_fen: 0 })).toEqual({ deadline: null, deductions: [], approval_threshold_fen: 0 });
    expect(refundPolicyUpdateRequestSchema.safeParse({ deductions: [{ label: '', fen: 1 }], approval_threshold_fen: 0 }).success).toBe(false);
    expect(refundPolicyUpdateRequestSchema.safeParse({ deductions: [{ label: 'x', fen: 0 }], approval_threshold_fen: 0 }).success).toBe(false);
    expect(refundPolicyUpdateRequestSchema.safeParse({ deductions: [], approval_threshold_fen: -1 }).success).toBe(false);
    expect(refundPolicyUpdateRequestSchema.safeParse({ deadline: '8月3日', deductions: [], approval_threshold_fen: 0 }).success).toBe(false);
  });
});
