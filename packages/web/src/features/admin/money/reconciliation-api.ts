import { reconMismatchListSchema, reconMismatchSchema, reconRunListSchema, reconRunResultSchema, receiptListSchema, type ReconMismatchQuery, type ReconRunListQuery } from '@summit/domain/api/reconciliation';
import { api } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';

export const RECON_KEYS = {
  all: ['admin', 'reconciliation'] as const,
  runs: (q: ReconRunListQuery) => ['admin', 'reconciliation', 'runs', q] as const,
  mismatches: (q: ReconMismatchQuery) => ['admin', 'reconciliation', 'mismatches', q] as const,
  studentReceipts: (userId: number) => ['admin', 'student', userId, 'receipts'] as const,
};

const sig = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchReconRuns = (q: ReconRunListQuery, signal?: AbortSignal) => api.get('/admin/reconciliation/runs', { query: { ...q }, schema: reconRunListSchema, ...sig(signal) });
export const fetchReconMismatches = (q: ReconMismatchQuery, signal?: AbortSignal) =>
  api.get('/admin/reconciliation/mismatches', { query: { ...q }, schema: reconMismatchListSchema, ...sig(signal) });
export const runReconciliation = (day: string, gateway?: string) => api.post('/admin/reconciliation/runs', { day, ...(gateway ? { gateway } : {}) }, { schema: reconRunResultSchema });
export const noteMismatch = (id: number, note: string) =>
  api.request(`/admin/reconciliation/mismatches/${id}/note`, { method: 'PUT', body: { note }, schema: reconMismatchSchema, fieldNames: ['note'] });
export const fetchStudentReceipts = (userId: number, signal?: AbortSignal) => api.get(`/admin/students/${userId}/receipts`, { schema: receiptListSchema, ...sig(signal) });

/** The receipt is behind the staff token: fetched and handed to the browser as a download. */
export const downloadAdminReceipt = (orderNo: string) =>
  downloadFile(`/admin/orders/${encodeURIComponent(orderNo)}/receipt`, { expect: 'application/pdf', fallbackName: `收据-${orderNo}.pdf` });
