import { parentLinkSchema, payForSchema, paymentIsPaidSchema, paymentMethodsSchema, paymentOrderSchema, paymentOrderStatusSchema } from '@summit/domain/api/payments';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';
import type { PayOption } from './pay-channels.ts';

/**
 * The payment endpoints every pay page shares (summer tuition, programme fees, the parent's link): which
 * providers the server takes, WeChat's base OAuth, the sandbox confirm, and the guest pay-for link.
 */

/** The request body of a payment: JSAPI adds the payer ticket; a refused ticket is the panel's to handle (no toast). */
export const payBody = (option: PayOption) => ({ provider: option.provider, channel: option.channel, ...(option.wxPayer ? { wx_payer: option.wxPayer } : {}) });

/** Which providers the server takes: the pay pages offer Stripe only when it is listed. */
export const fetchPaymentMethods = () => api.get('/payment/methods', { schema: paymentMethodsSchema, quiet: true });

/** docs/api-contract.md: the base OAuth that gives the payer's open id; WeChat comes back to `returnUrl` with the ticket kept. */
export const fetchWechatPayOauthUrl = (returnUrl: string) =>
  api.get('/payment/wechat/oauth', { query: { return_url: returnUrl, scope: 'base' }, schema: z.object({ wechat_pay_oauth_url: z.string() }) });

/** The sandbox checkout's confirm, as its page's button posts it (the simulated WeChat pay sheet in demo mode). */
export const confirmSandboxPayment = (orderNo: string) =>
  api.post(`/payment/sandbox/${encodeURIComponent(orderNo)}/confirm`, {}, { schema: z.object({ status: paymentOrderStatusSchema }) });

/** The parent-link answer of every "发送给家长支付" endpoint. */
export { parentLinkSchema };

// The parent's link (guest, no account): /pay/{purpose}-parent/:token -----------------------------------------
const tokenPath = (token: string) => `/guest/payment/pay-for/${encodeURIComponent(token)}`;
export const fetchPayFor = (token: string) => api.get(tokenPath(token), { schema: payForSchema, quiet: true });
export const payForAsParent = (token: string, option: PayOption) => api.post(tokenPath(token), payBody(option), { schema: paymentOrderSchema, fieldNames: ['wx_payer'] });
export const isPayForPaid = (token: string) => api.get(`${tokenPath(token)}/is-paid`, { schema: paymentIsPaidSchema, quiet: true });
export const downloadParentReceipt = (token: string) => downloadFile(`${tokenPath(token)}/receipt`, { expect: 'application/pdf', fallbackName: '收据.pdf', anonymous: true });

/** is-paid of one of the student's own orders (tuition or a programme fee): polled while the payer is away. */
export const isStudentOrderPaid = (orderId: string) =>
  api.get(`/student/payment/${encodeURIComponent(orderId)}/is-paid`, { schema: paymentIsPaidSchema, quiet: true });
