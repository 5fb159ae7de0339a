import {
  bursarySchema,
  offerLetterSchema,
  offerVerificationSchema,
  parentLinkSchema,
  payForSchema,
  paymentIsPaidSchema,
  paymentOrderSchema,
  studentFeesSchema,
  studentStatusSchema,
  type BursaryApplyRequest,
  type PaymentPurpose,
} from '@summit/domain';
import { api } from '../../lib/api-client.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { SESSION_KEYS } from '../../lib/session.ts';
import type { PayOption } from './pay-channels.ts';

export const ADMISSION_KEYS = {
  status: SESSION_KEYS.studentStatus,
  fees: ['student', 'fees'] as const,
  offer: ['student', 'offer-letter'] as const,
  bursary: ['student', 'bursary'] as const,
};

export const fetchStatus = (signal?: AbortSignal) => api.get('/student/status', { schema: studentStatusSchema, ...(signal ? { signal } : {}) });
export const fetchFees = (signal?: AbortSignal) => api.get('/student/fees', { schema: studentFeesSchema, ...(signal ? { signal } : {}) });
export const fetchOfferLetter = () => api.post('/student/offer-letter', {}, { schema: offerLetterSchema });
export const fetchBursary = (signal?: AbortSignal) => api.get('/student/bursary', { schema: bursarySchema.nullable(), ...(signal ? { signal } : {}) });
export const applyBursary = (body: BursaryApplyRequest) =>
  api.post('/student/bursary-apply', body, { schema: bursarySchema, fieldNames: ['family_members', 'annual_income', 'reason', 'attachment'] });

export const createStudentPayment = (purpose: PaymentPurpose, option: PayOption) =>
  api.post('/student/payment', { purpose, provider: option.provider, channel: option.channel }, { schema: paymentOrderSchema });
export const isStudentOrderPaid = (orderId: string) =>
  api.get(`/student/payment/${encodeURIComponent(orderId)}/is-paid`, { schema: paymentIsPaidSchema, quiet: true });
export const createParentLink = () => api.post('/student/payment/parent-link', { purpose: 'tuition' }, { schema: parentLinkSchema });

const tokenPath = (token: string) => `/guest/payment/pay-for/${encodeURIComponent(token)}`;
export const fetchPayFor = (token: string) => api.get(tokenPath(token), { schema: payForSchema, quiet: true });
export const payForAsParent = (token: string, option: PayOption) =>
  api.post(tokenPath(token), { provider: option.provider, channel: option.channel }, { schema: paymentOrderSchema });
export const isPayForPaid = (token: string) => api.get(`${tokenPath(token)}/is-paid`, { schema: paymentIsPaidSchema, quiet: true });

export const verifyOffer = (code: string) => api.get(`/guest/offer-letter/verify/${encodeURIComponent(code)}`, { schema: offerVerificationSchema, quiet: true });

/** The PDF is behind the student's bearer token, so it is fetched and handed to the browser as a blob. */
export async function downloadOfferPdf(letterNo: string): Promise<void> {
  const token = authStorage.currentToken();
  const res = await fetch('/api/student/offer-letter/pdf', { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('application/pdf')) {
    // The JSON envelope (401, 403-10) goes through the client's one handler for the usual toast and redirect.
    await api.get('/student/offer-letter/pdf');
    throw new Error('offer letter PDF unavailable');
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `录取通知书-${letterNo}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
