/** Refund endpoints (decision 068). Amounts are integer fen. */
import { z } from 'zod';
import { MAX_FEE_FEN, PAYMENT_PAYERS, PAYMENT_PURPOSES, fenToYuanString } from '../payments.ts';
import { REFUND_STATUSES } from '../refunds.ts';
import { boundedStringSchema, queryIdSchema, requestObjectSchema, timestampSchema } from './common.ts';
import { orderNoSchema } from './payments.ts';

export const REFUND_MSG = {
  ORDER_NOT_REFUNDABLE: '该订单未支付或已全额退款，不能退款',
  AMOUNT_REQUIRED: '请填写退款金额（单位：分，正整数）',
  REASON_REQUIRED: '请填写退款原因（2–200 字）',
  OVER_REFUNDABLE: '退款金额超过可退金额',
  AFTER_DEADLINE: '已过退款截止时间，只有具有“审批大额退款”权限的管理员可以发起退款',
  NOT_FOUND: '退款记录不存在',
  NOT_WAITING: '该退款不在待审批状态',
  APPROVED_BY_OTHER: '该退款已被其他管理员批准，退款已发送',
  REJECTED_BY_OTHER: '该退款已被其他管理员驳回，退款未发送',
  APPROVED_BY_YOU: '你已批准该退款，请勿重复操作',
  REJECTED_BY_YOU: '你已驳回该退款，请勿重复操作',
  SAME_ADMIN: '大额退款须由另一位管理员审批，不能审批自己发起的退款',
  NO_APPROVAL_NEEDED: '该退款无需审批',
  IDEMPOTENCY_CONFLICT: '该幂等键已用于另一笔退款',
  REQUESTED: '退款已提交',
  WAITING_APPROVAL: '退款已提交，该订单累计退款超过审批额度，须另一位管理员审批',
  APPROVED: '已批准，退款已发送',
  REJECTED: '已驳回该退款',
  POLICY_DEADLINE: '截止时间格式不正确',
  POLICY_DEDUCTION: '扣除项须有名称（1–40 字）和金额（正整数，单位：分）',
  POLICY_THRESHOLD: '审批额度须为不小于 0 的整数（单位：分）',
} as const;

/** The refusal of an amount above what the policy leaves: 退款金额超过可退金额：按退款政策最多可退 2000.00 元. */
export const overRefundableMessage = (maxFen: number) => `${REFUND_MSG.OVER_REFUNDABLE}：按退款政策最多可退 ${fenToYuanString(maxFen)} 元`;

export const refundStatusSchema = z.enum(REFUND_STATUSES);
/** Ours: "RF" + date + random hex; letters and digits, fits every provider's out_refund_no. */
export const refundNoSchema = z
  .string({ error: REFUND_MSG.NOT_FOUND })
  .regex(/^[A-Za-z0-9]{8,64}$/, { error: REFUND_MSG.NOT_FOUND });

const amountFenSchema = z
  .number({ error: REFUND_MSG.AMOUNT_REQUIRED })
  .int({ error: REFUND_MSG.AMOUNT_REQUIRED })
  .positive({ error: REFUND_MSG.AMOUNT_REQUIRED })
  .max(MAX_FEE_FEN, { error: REFUND_MSG.AMOUNT_REQUIRED });

/** A client's retry key (header Idempotency-Key or body field): the same key answers the same refund. */
export const idempotencyKeySchema = z
  .string({ error: '幂等键格式不正确' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '幂等键格式不正确（8–64 位字母、数字、- 或 _）' });

// POST /api/admin/students/:userId/refunds ------------------------------------------------------------------
export const refundStudentParamsSchema = z.object({ userId: queryIdSchema });
export const refundCreateRequestSchema = requestObjectSchema({
  /** The order number (payment_orders.order_no). */
  order_id: orderNoSchema,
  amount_fen: amountFenSchema,
  reason: boundedStringSchema(200).trim().min(2, { error: REFUND_MSG.REASON_REQUIRED }),
  idempotency_key: idempotencyKeySchema.optional(),
});
export type RefundCreateRequest = z.infer<typeof refundCreateRequestSchema>;

// POST /api/admin/refunds/:refundNo/approve | /reject ------------------------------------------------------------
export const refundParamsSchema = z.object({ refundNo: refundNoSchema });
export const refundRejectRequestSchema = requestObjectSchema({
  reason: boundedStringSchema(200).trim().max(200).optional(),
});
export type RefundRejectRequest = z.infer<typeof refundRejectRequestSchema>;

// GET /api/admin/refunds?status= --------------------------------------------------------------------------------
export const adminRefundListQuerySchema = requestObjectSchema({
  status: z.enum(REFUND_STATUSES, { error: '退款状态不正确' }).optional(),
  page: z.coerce.number({ error: '页码格式不正确' }).int({ error: '页码格式不正确' }).min(1, { error: '页码格式不正确' }).max(10_000, { error: '页码格式不正确' }).default(1),
  page_size: z.coerce.number({ error: '每页条数须为 1–200' }).int({ error: '每页条数须为 1–200' }).min(1, { error: '每页条数须为 1–200' }).max(200, { error: '每页条数须为 1–200' }).default(50),
});
export type AdminRefundListQuery = z.infer<typeof adminRefundListQuerySchema>;

const policyLineSchema = z.object({ label: z.string(), fen: z.number().int() });

/** One refund as the admin pages show it. */
export const adminRefundSchema = z.object({
  refund_no: z.string(),
  order_no: z.string(),
  user_id: z.number().int(),
  student_name: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  payer: z.enum(PAYMENT_PAYERS),
  amount_fen: z.number().int(),
  currency: z.string(),
  status: refundStatusSchema,
  reason: z.string(),
  policy_lines: z.array(policyLineSchema),
  approval_required: z.boolean(),
  requested_by: z.number().int().nullable(),
  requested_by_name: z.string().nullable(),
  approved_by: z.number().int().nullable(),
  approved_by_name: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_at: timestampSchema,
  submitted_at: timestampSchema.nullable(),
  succeeded_at: timestampSchema.nullable(),
  failed_at: timestampSchema.nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

export const adminRefundListSchema = z.object({
  total: z.number().int(),
  list: z.array(adminRefundSchema),
});
export type AdminRefundList = z.infer<typeof adminRefundListSchema>;

// Refund policy ---------------------------------------------------------------------------------------------------
export const refundDeductionSchema = z.object(
  {
    label: z.string({ error: REFUND_MSG.POLICY_DEDUCTION }).trim().min(1, { error: REFUND_MSG.POLICY_DEDUCTION }).max(40, { error: REFUND_MSG.POLICY_DEDUCTION }),
    fen: z.number({ error: REFUND_MSG.POLICY_DEDUCTION }).int({ error: REFUND_MSG.POLICY_DEDUCTION }).positive({ error: REFUND_MSG.POLICY_DEDUCTION }).max(MAX_FEE_FEN, { error: REFUND_MSG.POLICY_DEDUCTION }),
  },
  { error: REFUND_MSG.POLICY_DEDUCTION },
);

/** PUT /api/admin/settings/refund-policy */
export const refundPolicyUpdateRequestSchema = requestObjectSchema({
  deadline: timestampSchema.nullable().optional().transform((v) => v ?? null),
  deductions: z.array(refundDeductionSchema, { error: REFUND_MSG.POLICY_DEDUCTION }).max(10, { error: '扣除项最多 10 项' }),
  approval_threshold_fen: z
    .number({ error: REFUND_MSG.POLICY_THRESHOLD })
    .int({ error: REFUND_MSG.POLICY_THRESHOLD })
    .min(0, { error: REFUND_MSG.POLICY_THRESHOLD })
    .max(MAX_FEE_FEN, { error: REFUND_MSG.POLICY_THRESHOLD }),
});
export type RefundPolicyUpdateRequest = z.infer<typeof refundPolicyUpdateRequestSchema>;

export const refundPolicySchema = z.object({
  deadline: timestampSchema.nullable(),
  deductions: z.array(z.object({ label: z.string(), fen: z.number().int() })),
  approval_threshold_fen: z.number().int(),
  updated_at: timestampSchema.nullable(),
  updated_by: z.number().int().nullable(),
});
export type RefundPolicyView = z.infer<typeof refundPolicySchema>;

// GET /api/admin/students/:userId/refunds ------------------------------------------------------------------------
export const refundSuggestionSchema = z.object({
  paid_fen: z.number().int(),
  live_refunds_fen: z.number().int(),
  refundable_fen: z.number().int(),
  deductions_fen: z.number().int(),
  suggested_fen: z.number().int(),
  after_deadline: z.boolean(),
  lines: z.array(policyLineSchema),
});

export const studentMoneyOrderSchema = z.object({
  order_no: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  payer: z.enum(PAYMENT_PAYERS),
  provider: z.string(),
  amount_fen: z.number().int(),
  refunded_fen: z.number().int(),
  currency: z.string(),
  status: z.string(),
  paid_at: timestampSchema.nullable(),
  /** Null for an order that cannot be refunded (not paid). */
  suggestion: refundSuggestionSchema.nullable(),
});

export const studentMoneySchema = z.object({
  user_id: z.number().int(),
  orders: z.array(studentMoneyOrderSchema),
  refunds: z.array(adminRefundSchema),
  policy: refundPolicySchema,
  /** Whether the caller may approve (holds money.refund_approve); the page shows 批准/驳回 only then. */
  can_approve: z.boolean(),
});
export type StudentMoney = z.infer<typeof studentMoneySchema>;
export type StudentMoneyOrder = z.infer<typeof studentMoneyOrderSchema>;

// GET /api/student/refunds ---------------------------------------------------------------------------------------
export const studentRefundSchema = z.object({
  refund_no: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  amount_fen: z.number().int(),
  currency: z.string(),
  status: z.enum(['requested', 'processing', 'succeeded', 'failed']),
  created_at: timestampSchema,
  succeeded_at: timestampSchema.nullable(),
});
export type StudentRefund = z.infer<typeof studentRefundSchema>;
export const studentRefundListSchema = z.object({ list: z.array(studentRefundSchema) });
export type StudentRefundList = z.infer<typeof studentRefundListSchema>;
