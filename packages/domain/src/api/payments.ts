/** Payment endpoints (decision 007, docs/api-contract.md "Payments"). Amounts are integer fen. */
import { z } from 'zod';
import { PAYMENT_CHANNELS, PAYMENT_PROVIDERS } from '../constants.ts';
import { envelopeSchema } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { MAX_FEE_FEN, PAYMENT_CURRENCY, PAYMENT_ORDER_STATUSES, PAYMENT_PAYERS, PAYMENT_PURPOSES, SUMMER_PAYMENT_PURPOSES } from '../payments.ts';
import { requestObjectSchema, timestampSchema } from './common.ts';

export const paymentPurposeSchema = z.enum(PAYMENT_PURPOSES, { error: MSG.PAY_PURPOSE_REQUIRED });
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS, { error: MSG.PAY_PROVIDER_REQUIRED });
export const paymentChannelSchema = z.enum(PAYMENT_CHANNELS, { error: MSG.PAY_PROVIDER_REQUIRED });
export const paymentOrderStatusSchema = z.enum(PAYMENT_ORDER_STATUSES);

/** The public order number: letters and digits only, so it fits every provider's out_trade_no. */
export const orderNoSchema = z
  .string({ error: MSG.PAY_ORDER_NOT_FOUND })
  .regex(/^[A-Za-z0-9]{8,32}$/, { error: MSG.PAY_ORDER_NOT_FOUND });

/** A parent-pay token: 256 bits in base64url. */
export const payLinkTokenSchema = z
  .string({ error: MSG.PAY_LINK_INVALID })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: MSG.PAY_LINK_INVALID });

/** WeixinJSBridge getBrandWCPayRequest arguments (WeChat Pay v3 JSAPI 调起支付), snake_case like the rest. */
export const jsapiPayParamsSchema = z.object({
  app_id: z.string(),
  time_stamp: z.string(),
  nonce_str: z.string(),
  /** `prepay_id=...` */
  package: z.string(),
  sign_type: z.literal('RSA'),
  pay_sign: z.string(),
});
export type JsapiPayParamsDto = z.infer<typeof jsapiPayParamsSchema>;

/**
 * How the payer pays: scan `code_url` as a QR code (the page draws it), open `url`, or (inside WeChat) raise
 * the WeChat Pay sheet with `params`. Stripe (decision 071): with `publishable_key` the page confirms the
 * PaymentIntent with Stripe.js (`client_secret`) and Stripe returns the payer to `url`; without it (no live
 * Stripe) the payer opens `url`, a confirm page.
 */
export const payInstructionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('qr'), code_url: z.string() }),
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({ kind: z.literal('jsapi'), params: jsapiPayParamsSchema }),
  z.object({ kind: z.literal('stripe'), client_secret: z.string(), publishable_key: z.string().nullable(), url: z.string() }),
]);
export type PayInstruction = z.infer<typeof payInstructionSchema>;

/**
 * The signed payer ticket from the WeChat base OAuth (`wx_payer` in local storage): needed by the JSAPI channel
 * (wechat_mp), ignored by the others. Opaque to the page; the API checks its signature and expiry.
 */
export const wxPayerTicketSchema = z.string({ error: MSG.PAY_WX_PAYER_REQUIRED }).max(512, { error: MSG.PAY_WX_PAYER_REQUIRED });

// POST /api/student/payment -------------------------------------------------------------------------------
export const paymentCreateRequestSchema = requestObjectSchema({
  purpose: z.enum(SUMMER_PAYMENT_PURPOSES, { error: MSG.PAY_PURPOSE_REQUIRED }),
  provider: paymentProviderSchema,
  channel: paymentChannelSchema,
  wx_payer: wxPayerTicketSchema.optional(),
});
export type PaymentCreateRequest = z.infer<typeof paymentCreateRequestSchema>;

/** `id` is the public order number, used to poll is-paid. */
export const paymentOrderSchema = z.object({
  id: z.string(),
  purpose: paymentPurposeSchema,
  amount_fen: z.number().int().positive(),
  currency: z.literal(PAYMENT_CURRENCY),
  status: paymentOrderStatusSchema,
  expires_at: timestampSchema,
  pay: payInstructionSchema,
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;
export const paymentCreateResponseSchema = envelopeSchema(paymentOrderSchema);

// GET /api/student/payment/:id/is-paid -------------------------------------------------------------------
export const paymentOrderParamsSchema = z.object({ id: orderNoSchema });

/** `purpose_paid`: the purpose is paid by any order (a parent may have paid through a link meanwhile). */
export const paymentIsPaidSchema = z.object({
  paid: z.boolean(),
  status: paymentOrderStatusSchema,
  purpose_paid: z.boolean(),
});
export type PaymentIsPaid = z.infer<typeof paymentIsPaidSchema>;
export const paymentIsPaidResponseSchema = envelopeSchema(paymentIsPaidSchema);

// POST /api/student/payment/parent-link --------------------------------------------------------------------
export const parentLinkRequestSchema = requestObjectSchema({
  purpose: z.literal('tuition', { error: MSG.PAY_PURPOSE_REQUIRED }),
});
export type ParentLinkRequest = z.infer<typeof parentLinkRequestSchema>;

export const parentLinkSchema = z.object({
  token: z.string(),
  /** The web path to send to the parent: /pay/admission-parent/<token>. */
  url: z.string(),
  expires_at: timestampSchema,
});
export type ParentLink = z.infer<typeof parentLinkSchema>;
export const parentLinkResponseSchema = envelopeSchema(parentLinkSchema);

// GET /api/guest/payment/pay-for/:token --------------------------------------------------------------------
export const payForParamsSchema = z.object({ token: payLinkTokenSchema });

export const payForSchema = z.object({
  /** Masked: 张*明. */
  student_name: z.string(),
  programme: z.string(),
  purpose: paymentPurposeSchema,
  amount_fen: z.number().int().positive(),
  currency: z.literal(PAYMENT_CURRENCY),
  /** The status of the link's current order; 'pending' also before the parent has chosen how to pay. */
  status: paymentOrderStatusSchema,
  expires_at: timestampSchema,
  /**
   * Once the purpose is paid, by anyone: who paid (the student themself, or a parent through a link) and
   * when, so a parent opening the link afterwards is not left wondering. `phone` is the student's, masked,
   * when the student paid. Null while unpaid.
   */
  paid_by: z.object({ payer: z.enum(PAYMENT_PAYERS), paid_at: timestampSchema, phone: z.string().nullable() }).nullable(),
  /** A split fee plan (decision 072): which installment the link pays now; null for a whole payment. */
  installment: z.enum(['deposit', 'final']).nullable().default(null),
});
export type PayFor = z.infer<typeof payForSchema>;
export const payForResponseSchema = envelopeSchema(payForSchema);

// POST /api/guest/payment/pay-for/:token -------------------------------------------------------------------
export const payForRequestSchema = requestObjectSchema({
  provider: paymentProviderSchema,
  channel: paymentChannelSchema,
  wx_payer: wxPayerTicketSchema.optional(),
});
export type PayForRequest = z.infer<typeof payForRequestSchema>;
export const payForPayResponseSchema = paymentCreateResponseSchema;

// GET /api/guest/payment/pay-for/:token/is-paid ------------------------------------------------------------
export const payForIsPaidResponseSchema = paymentIsPaidResponseSchema;

// GET and PUT /api/admin/settings/fees -----------------------------------------------------------------------
const feeFenSchema = z
  .number({ error: MSG.FEE_INVALID })
  .int({ error: MSG.FEE_INVALID })
  .min(1, { error: MSG.FEE_INVALID })
  .max(MAX_FEE_FEN, { error: MSG.FEE_INVALID });

export const feeSettingsUpdateRequestSchema = requestObjectSchema({
  apply_fen: feeFenSchema,
  tuition_fen: feeFenSchema,
});
export type FeeSettingsUpdateRequest = z.infer<typeof feeSettingsUpdateRequestSchema>;

export const feeSettingsSchema = z.object({
  apply_fen: z.number().int().positive(),
  tuition_fen: z.number().int().positive(),
  currency: z.literal(PAYMENT_CURRENCY),
  updated_at: timestampSchema.nullable(),
  updated_by: z.number().int().nullable(),
});
export type FeeSettings = z.infer<typeof feeSettingsSchema>;
export const feeSettingsResponseSchema = envelopeSchema(feeSettingsSchema);

// GET /api/payment/methods -----------------------------------------------------------------------------------
/** The providers this server takes payments with (the pay pages offer Stripe only when it is listed). */
/**
 * `providers`: what the general pay pages offer. The NHP partner channel (decision 076) is not among them: it
 * pays only the week camps' installments, on their own /hx-week/pay/nhp page; `nhp` says whether it is on.
 */
export const paymentMethodsSchema = z.object({ providers: z.array(paymentProviderSchema), nhp: z.boolean().default(false) });
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;
export const paymentMethodsResponseSchema = envelopeSchema(paymentMethodsSchema);
