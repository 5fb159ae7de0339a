import { adminRefundListSchema, adminRefundSchema, refundPolicySchema, studentMoneySchema, type RefundCreateRequest, type RefundPolicyUpdateRequest } from '@summit/domain/api/refunds';
import type { RefundStatus } from '@summit/domain/refunds';
import { api } from '../../../lib/api-client.ts';

/** Refunds (decision 068): the student page's 缴费与退款, the 退款 tab and the policy card. */
export const REFUND_KEYS = {
  all: ['admin', 'refunds'] as const,
  list: (status: RefundStatus | 'all', page: number) => ['admin', 'refunds', 'list', status, page] as const,
  student: (userId: number) => ['admin', 'refunds', 'student', userId] as const,
  policy: ['admin', 'refunds', 'policy'] as const,
};

const sig = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchRefundPolicy = (signal?: AbortSignal) => api.get('/admin/settings/refund-policy', { schema: refundPolicySchema, ...sig(signal) });
export const saveRefundPolicy = (body: RefundPolicyUpdateRequest) =>
  api.request('/admin/settings/refund-policy', { method: 'PUT', body, schema: refundPolicySchema, fieldNames: ['deadline', 'deductions', 'approval_threshold_fen'] });

export const fetchStudentMoney = (userId: number, signal?: AbortSignal) => api.get(`/admin/students/${userId}/refunds`, { schema: studentMoneySchema, ...sig(signal) });

/** The key makes a retry (double click, a lost answer) answer the same refund instead of a second one. */
export const createRefund = (userId: number, body: RefundCreateRequest & { idempotency_key: string }) =>
  api.post(`/admin/students/${userId}/refunds`, body, { schema: adminRefundSchema, fieldNames: ['order_id', 'amount_fen', 'reason'] });

export const approveRefund = (refundNo: string) => api.post(`/admin/refunds/${encodeURIComponent(refundNo)}/approve`, {}, { schema: adminRefundSchema });
export const rejectRefund = (refundNo: string, reason?: string) =>
  api.post(`/admin/refunds/${encodeURIComponent(refundNo)}/reject`, reason ? { reason } : {}, { schema: adminRefundSchema });

export const fetchRefunds = (status: RefundStatus | 'all', page: number, signal?: AbortSignal) =>
  api.get(`/admin/refunds?${new URLSearchParams({ ...(status === 'all' ? {} : { status }), page: String(page), page_size: '20' })}`, { schema: adminRefundListSchema, ...sig(signal) });

export function newIdempotencyKey(): string {
  return `rf-${crypto.randomUUID()}`;
}
