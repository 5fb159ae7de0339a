import { bursarySchema, offerLetterSchema, offerVerificationSchema, studentFeesSchema, type BursaryApplyRequest } from '@summit/domain/api/admission';
import { parentLinkSchema, paymentIsPaidSchema, paymentOrderSchema } from '@summit/domain/api/payments';
import { receiptListSchema } from '@summit/domain/api/reconciliation';
import { studentRefundListSchema } from '@summit/domain/api/refunds';
import { paymentPlanSchema } from '@summit/domain/fee-plan';
import type { PaymentPurpose } from '@summit/domain/payments';
import { studentStatusSchema } from '@summit/domain/student-status';
import { api } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { SESSION_KEYS } from '../../lib/session.ts';
import type { PayOption } from '../../components/payment/pay-channels.ts';
import { payBody } from '../../components/payment/payment-api.ts';

export { confirmSandboxPayment, downloadParentReceipt, fetchPayFor, fetchPaymentMethods, fetchWechatPayOauthUrl, isPayForPaid, payForAsParent } from '../../components/payment/payment-api.ts';

export const ADMISSION_KEYS = {
  status: SESSION_KEYS.studentStatus,
  fees: ['student', 'fees'] as const,
  offer: ['student', 'offer-letter'] as const,
  plan: ['student', 'payment-plan'] as const,
  bursary: ['student', 'bursary'] as const,
  refunds: ['student', 'refunds'] as const,
};

export const fetchStatus = (signal?: AbortSignal) => api.get('/student/status', { schema: studentStatusSchema, ...(signal ? { signal } : {}) });
export const fetchFees = (signal?: AbortSignal) => api.get('/student/fees', { schema: studentFeesSchema, ...(signal ? { signal } : {}) });
/** The student's own refunds (decision 068): shown under the admission page whenever there are any. */
export const fetchRefunds = (signal?: AbortSignal) => api.get('/student/refunds', { schema: studentRefundListSchema, ...(signal ? { signal } : {}) });
export const fetchOfferLetter = () => api.post('/student/offer-letter', {}, { schema: offerLetterSchema });
export const fetchBursary = (signal?: AbortSignal) => api.get('/student/bursary', { schema: bursarySchema.nullable(), ...(signal ? { signal } : {}) });
export const applyBursary = (body: BursaryApplyRequest) =>
  api.post('/student/bursary-apply', body, { schema: bursarySchema, fieldNames: ['family_members', 'annual_income', 'reason', 'attachment'] });

export const createStudentPayment = (purpose: PaymentPurpose, option: PayOption) =>
  api.post('/student/payment', { purpose, ...payBody(option) }, { schema: paymentOrderSchema, fieldNames: ['wx_payer'] });
export const isStudentOrderPaid = (orderId: string) =>
  api.get(`/student/payment/${encodeURIComponent(orderId)}/is-paid`, { schema: paymentIsPaidSchema, quiet: true });
/** The tuition installments (decision 072): whole, or deposit + final with due dates and statuses. */
export const fetchPaymentPlan = () => api.get('/student/payment/plan', { schema: paymentPlanSchema });
export const createParentLink = () => api.post('/student/payment/parent-link', { purpose: 'tuition' }, { schema: parentLinkSchema });


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

// Receipts (decision 073) -------------------------------------------------------------------
export const fetchMyReceipts = (signal?: AbortSignal) => api.get('/student/payment/receipts', { schema: receiptListSchema, ...(signal ? { signal } : {}) });

export const downloadStudentReceipt = (orderNo: string) =>
  downloadFile(`/student/payment/${encodeURIComponent(orderNo)}/receipt`, { expect: 'application/pdf', fallbackName: `收据-${orderNo}.pdf` });
