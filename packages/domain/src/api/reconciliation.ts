/**
 * Receipts and daily reconciliation (docs/decisions/073): the admin 对账 console and the receipt
 * lists students, parents and admins download from. Amounts are integer fen.
 */
import { z } from 'zod';
import { envelopeSchema } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { PAYMENT_PAYERS, PAYMENT_PURPOSES } from '../payments.ts';
import { RECON_MISMATCH_KINDS, RECON_NOTE_MAX, RECON_RUN_STATUSES, RECON_TRIGGERS } from '../receipts.ts';
import { boundedStringSchema, queryIdSchema, requestObjectSchema, timestampSchema } from './common.ts';

export const RECON_MSG = {
  DAY: '请选择对账日期（YYYY-MM-DD）',
  DAY_NOT_PAST: '只能对已经结束的日期（北京时间）对账',
  GATEWAY_UNKNOWN: '该支付渠道未启用，无法对账',
  NOTE_REQUIRED: '请填写处理说明',
  NOTE_TOO_LONG: `处理说明不能超过${RECON_NOTE_MAX}字`,
  MISMATCH_NOT_FOUND: '差异记录不存在',
  RECEIPT_NOT_PAID: '订单尚未支付，暂无收据',
  RECEIPT_UNAVAILABLE: '收据暂时无法生成，请稍后再试',
} as const;

const blankAsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsAbsent, schema.optional());

/** A calendar day, YYYY-MM-DD, that exists. */
export const reconDaySchema = z
  .string({ error: RECON_MSG.DAY })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: RECON_MSG.DAY })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), { error: RECON_MSG.DAY });

const gatewayQuerySchema = boundedStringSchema(20).regex(/^[a-z]{2,20}$/, { error: MSG.PARAM_INVALID });

// GET /api/admin/reconciliation/runs ------------------------------------------------------------------------
export const reconRunListQuerySchema = requestObjectSchema({
  from: optionalQuery(reconDaySchema),
  to: optionalQuery(reconDaySchema),
  gateway: optionalQuery(gatewayQuerySchema),
});
export type ReconRunListQuery = z.infer<typeof reconRunListQuerySchema>;

/** One currency's totals of a run: counts and fen of payments and refunds, ours and the bill's. */
export const reconCurrencyTotalsSchema = z.object({
  currency: z.string(),
  ours_paid_count: z.number().int(),
  ours_paid_fen: z.number().int(),
  ours_refund_count: z.number().int(),
  ours_refund_fen: z.number().int(),
  bill_paid_count: z.number().int(),
  bill_paid_fen: z.number().int(),
  bill_refund_count: z.number().int(),
  bill_refund_fen: z.number().int(),
});
export type ReconCurrencyTotals = z.infer<typeof reconCurrencyTotalsSchema>;
export const reconRunSchema = z.object({
  id: z.number().int(),
  day: z.string(),
  gateway: z.string(),
  gateway_label: z.string(),
  status: z.enum(RECON_RUN_STATUSES),
  trigger: z.enum(RECON_TRIGGERS),
  failure_reason: z.string().nullable(),
  started_at: timestampSchema,
  finished_at: timestampSchema.nullable(),
  /** The latest run of its day and gateway (older runs are history). */
  latest: z.boolean(),
  ours_paid_count: z.number().int(),
  ours_refund_count: z.number().int(),
  bill_paid_count: z.number().int(),
  bill_refund_count: z.number().int(),
  /** Amounts per currency, CNY first: money in different currencies is never added together. */
  totals: z.array(reconCurrencyTotalsSchema),
  mismatch_count: z.number().int(),
});
export type ReconRun = z.infer<typeof reconRunSchema>;
export const reconRunListSchema = z.object({ items: z.array(reconRunSchema), gateways: z.array(z.object({ id: z.string(), label: z.string() })) });
export type ReconRunList = z.infer<typeof reconRunListSchema>;
export const reconRunListResponseSchema = envelopeSchema(reconRunListSchema);

// POST /api/admin/reconciliation/runs -----------------------------------------------------------------------
export const reconRunRequestSchema = requestObjectSchema({
  day: reconDaySchema,
  /** One gateway, or every configured one when absent. */
  gateway: gatewayQuerySchema.optional(),
});
export type ReconRunRequest = z.infer<typeof reconRunRequestSchema>;
export const reconRunResultSchema = z.object({ runs: z.array(reconRunSchema) });
export type ReconRunResult = z.infer<typeof reconRunResultSchema>;

// GET /api/admin/reconciliation/mismatches (and /export) ---------------------------------------------------
export const reconMismatchQuerySchema = requestObjectSchema({
  /** One run; else the latest run of each day and gateway in the range. */
  run_id: optionalQuery(queryIdSchema),
  from: optionalQuery(reconDaySchema),
  to: optionalQuery(reconDaySchema),
  gateway: optionalQuery(gatewayQuerySchema),
  kind: optionalQuery(z.enum(RECON_MISMATCH_KINDS, { error: MSG.PARAM_INVALID })),
  resolved: optionalQuery(z.enum(['yes', 'no'], { error: MSG.PARAM_INVALID })),
});
export type ReconMismatchQuery = z.infer<typeof reconMismatchQuerySchema>;

export const reconMismatchSchema = z.object({
  id: z.number().int(),
  run_id: z.number().int(),
  day: z.string(),
  gateway: z.string(),
  kind: z.enum(RECON_MISMATCH_KINDS),
  order_no: z.string(),
  refund_no: z.string().nullable(),
  provider_trade_no: z.string().nullable(),
  ours_amount_fen: z.number().int().nullable(),
  bill_amount_fen: z.number().int().nullable(),
  ours_currency: z.string().nullable(),
  bill_currency: z.string().nullable(),
  ours_status: z.string().nullable(),
  bill_status: z.string().nullable(),
  /** Our order exists and was paid: its receipt can be downloaded. */
  has_receipt: z.boolean(),
  note: z.string().nullable(),
  noted_by: z.string().nullable(),
  noted_at: timestampSchema.nullable(),
});
export type ReconMismatch = z.infer<typeof reconMismatchSchema>;
export const reconMismatchListSchema = z.object({ items: z.array(reconMismatchSchema), total: z.number().int() });
export type ReconMismatchList = z.infer<typeof reconMismatchListSchema>;

// PUT /api/admin/reconciliation/mismatches/:id/note ----------------------------------------------------------
export const reconMismatchParamsSchema = z.object({ id: queryIdSchema });
export const reconNoteRequestSchema = requestObjectSchema({
  note: z
    .string({ error: RECON_MSG.NOTE_REQUIRED })
    .trim()
    .min(1, { error: RECON_MSG.NOTE_REQUIRED })
    .max(RECON_NOTE_MAX, { error: RECON_MSG.NOTE_TOO_LONG }),
});
export type ReconNoteRequest = z.infer<typeof reconNoteRequestSchema>;

// Receipts ---------------------------------------------------------------------------------------------------
/** A paid order whose receipt can be downloaded. */
export const receiptItemSchema = z.object({
  order_no: z.string(),
  receipt_no: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  payer: z.enum(PAYMENT_PAYERS),
  amount_fen: z.number().int(),
  refunded_fen: z.number().int(),
  currency: z.string(),
  provider: z.string(),
  paid_at: timestampSchema,
  /** The order's refunds that went through, oldest first: the student's record of money sent back. */
  refunds: z.array(z.object({ refund_no: z.string(), amount_fen: z.number().int(), currency: z.string(), succeeded_at: timestampSchema })),
});
export type ReceiptItem = z.infer<typeof receiptItemSchema>;
export const receiptListSchema = z.object({ items: z.array(receiptItemSchema) });
export type ReceiptList = z.infer<typeof receiptListSchema>;

export const adminReceiptParamsSchema = z.object({ orderNo: z.string({ error: MSG.PAY_ORDER_NOT_FOUND }).regex(/^[A-Za-z0-9]{8,32}$/, { error: MSG.PAY_ORDER_NOT_FOUND }) });
export const adminStudentReceiptsParamsSchema = z.object({ userId: queryIdSchema });
