import {
  bursarySchema,
  offerLetterSchema,
  offerVerificationSchema,
  parentLinkSchema,
  paymentPlanSchema,
  payForSchema,
  paymentIsPaidSchema,
  paymentMethodsSchema,
  paymentOrderSchema,
  paymentOrderStatusSchema,
  receiptListSchema,
  studentFeesSchema,
  studentStatusSchema,
  studentRefundListSchema,
  type BursaryApplyRequest,
  type PaymentPurpose,
} from '@summit/domain';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { SESSION_KEYS } from '../../lib/session.ts';
import type { PayOption } from './pay-channels.ts';

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

/** The request body of a payment: JSAPI adds the payer ticket; a refused ticket is the panel's to handle (no toast). */
const payBody = (option: PayOption) => ({ provider: option.provider, channel: option.channel, ...(option.wxPayer ? { wx_payer: option.wxPayer } : {}) });
export const createStudentPayment = (purpose: PaymentPurpose, option: PayOption) =>
  api.post('/student/payment', { purpose, ...payBody(option) }, { schema: paymentOrderSchema, fieldNames: ['wx_payer'] });
export const isStudentOrderPaid = (orderId: string) =>
  api.get(`/student/payment/${encodeURIComponent(orderId)}/is-paid`, { schema: paymentIsPaidSchema, quiet: true });
/** Which providers the server takes: the pay pages offer Stripe only when it is listed. */
export const fetchPaymentMethods = () => api.get('/payment/methods', { schema: paymentMethodsSchema, quiet: true });
/** The tuition installments (decision 072): whole, or deposit + final with due dates and statuses. */
export const fetchPaymentPlan = () => api.get('/student/payment/plan', { schema: paymentPlanSchema });
export const createParentLink = () => api.post('/student/payment/parent-link', { purpose: 'tuition' }, { schema: parentLinkSchema });

const tokenPath = (token: string) => `/guest/payment/pay-for/${encodeURIComponent(token)}`;
export const fetchPayFor = (token: string) => api.get(tokenPath(token), { schema: payForSchema, quiet: true });
export const payForAsParent = (token: string, option: PayOption) => api.post(tokenPath(token), payBody(option), { schema: paymentOrderSchema, fieldNames: ['wx_payer'] });

/** Spec §7: the base OAuth that gives the payer's open id; WeChat comes back to `returnUrl` with the ticket kept. */
export const fetchWechatPayOauthUrl = (returnUrl: string) =>
  api.get('/payment/wechat/oauth', { query: { return_url: returnUrl, scope: 'base' }, schema: z.object({ wechat_pay_oauth_url: z.string() }) });

/** The sandbox checkout's confirm, as its page's button posts it (the simulated WeChat pay sheet in demo mode). */
export const confirmSandboxPayment = (orderNo: string) =>
  api.post(`/payment/sandbox/${encodeURIComponent(orderNo)}/confirm`, {}, { schema: z.object({ status: paymentOrderStatusSchema }) });
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

// Receipts (issue 14 item 6, decision 073) -------------------------------------------------------------------
export const fetchMyReceipts = (signal?: AbortSignal) => api.get('/student/payment/receipts', { schema: receiptListSchema, ...(signal ? { signal } : {}) });

/** A PDF with the student's token (or none, for the parent's link). */
const downloadPdf = (path: string, fallbackName: string, withToken: boolean) => downloadFile(path, { expect: 'application/pdf', fallbackName, anonymous: !withToken });

export const downloadStudentReceipt = (orderNo: string) => downloadPdf(`/student/payment/${encodeURIComponent(orderNo)}/receipt`, `收据-${orderNo}.pdf`, true);
export const downloadParentReceipt = (token: string) => downloadPdf(`${tokenPath(token)}/receipt`, '收据.pdf', false);
