import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYMENT_ORDER_STATUSES, PAYMENT_PAYERS, PAYMENT_PROVIDERS, PAYMENT_PURPOSES, REFUND_STATUSES, type RefundStatus } from '@summit/domain';
import { accounts } from './schema.ts';

/** What a JSAPI order keeps so a reused order answers the same signed parameters to the same payer. */
export interface StoredJsapiPay {
  params: { appId: string; timeStamp: string; nonceStr: string; package: string; signType: 'RSA'; paySign: string };
  payerAppId: string;
  payerOpenId: string;
}

const tstz = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => tstz('created_at').notNull().defaultNow();

/** The implementation that serves a provider code (docs/decisions/007): the sandbox stands in for WX and AL. */
export const PAYMENT_GATEWAYS = ['sandbox', 'wechatpay', 'alipay', 'stripe', 'nhp'] as const;
export type PaymentGatewayId = (typeof PAYMENT_GATEWAYS)[number];

/** What a Stripe order keeps of its PaymentIntent so a reused order answers the same one. */
export interface StripePayColumn {
  intent_id: string;
  client_secret: string;
  publishable_key: string | null;
}

/**
 * One payment request for a fee. Money records are never cascaded away with an account. At most one open
 * (pending) order per student and purpose, enforced by the partial unique index, so a double click or two
 * tabs reuse the same order instead of charging twice.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Public, random and unguessable; also the out_trade_no every provider sees. */
    orderNo: text('order_no').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    currency: text('currency').notNull().default('CNY'),
    status: text('status', { enum: PAYMENT_ORDER_STATUSES }).notNull().default('pending'),
    /** docs/product/constants.md provider code the payer chose (WX, AL). */
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    channel: text('channel').notNull(),
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }).notNull(),
    payer: text('payer', { enum: PAYMENT_PAYERS }).notNull().default('student'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The instruction answered to the payer, kept so a reused order answers the same QR code or page. */
    payKind: text('pay_kind', { enum: ['qr', 'redirect', 'jsapi', 'stripe'] }),
    /** qr: the code URL; redirect: the page; jsapi: the `prepay_id=...` package (so it is non-null once sent). */
    payUrl: text('pay_url'),
    /** jsapi only: the signed getBrandWCPayRequest arguments and the open id they were made for (decision 070). */
    payParams: jsonb('pay_params').$type<StoredJsapiPay>(),
    /** Stripe orders (pay_kind 'stripe', decision 071): the PaymentIntent, its client secret and the publishable key answered. */
    stripePay: jsonb('stripe_pay').$type<StripePayColumn>(),
    providerTradeNo: text('provider_trade_no'),
    paidAt: tstz('paid_at'),
    closedAt: tstz('closed_at'),
    refundedAt: tstz('refunded_at'),
    /** What has gone back to the payer so far (succeeded refunds); the order turns 'refunded' when it equals amount_fen. */
    refundedFen: integer('refunded_fen').notNull().default(0),
    /**
     * Paying this order pays its product in full (stamps tuition_paid_at): true for a whole payment and a final
     * installment, false for a deposit that leaves a final payment owed (decision 072).
     */
    completes: boolean('completes').notNull().default(true),
    expiresAt: tstz('expires_at').notNull(),
    /** programme_* purposes: which programme (decision 075); null for the summer programme's fees. */
    programmeId: integer('programme_id'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_orders_order_no_uq').on(t.orderNo),
    uniqueIndex('payment_orders_idempotency_uq').on(t.idempotencyKey),
    uniqueIndex('payment_orders_open_uq').on(t.accountId, t.purpose, sql`coalesce(${t.programmeId}, 0)`).where(sql`${t.status} = 'pending'`),
    index('payment_orders_account_idx').on(t.accountId, t.purpose),
    index('payment_orders_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Every notification a provider (or the sandbox, or the reconciler's query) delivered: the de-duplication key
 * and the audit trail. Only verified rows take part in the uniqueness, so a forged request can never squat
 * the id of a real notification still to come.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }).notNull(),
    notificationId: text('notification_id'),
    orderNo: text('order_no'),
    rawBody: text('raw_body').notNull(),
    verified: boolean('verified').notNull(),
    /** applied | already_paid | paid_after_close | amount_mismatch | unknown_order | bad_signature | ignored. */
    outcome: text('outcome').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_notifications_id_uq').on(t.gateway, t.notificationId).where(sql`${t.verified}`),
    index('payment_notifications_order_idx').on(t.orderNo),
  ],
);

/**
 * A link a student sends a parent to pay without an account. The token is stored hashed; the link belongs to
 * one student's purpose and follows that purpose's open order (order_id is the order it last paid with).
 * One live link per student and purpose: a new link revokes the old one.
 */
export const parentPayLinks = pgTable(
  'parent_pay_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    /** programme_* purposes: which programme (decision 075). */
    programmeId: integer('programme_id'),
    orderId: integer('order_id').references(() => paymentOrders.id),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    usedAt: tstz('used_at'),
    paidAt: tstz('paid_at'),
  },
  (t) => [
    uniqueIndex('parent_pay_links_token_uq').on(t.tokenHash),
    uniqueIndex('parent_pay_links_live_uq').on(t.accountId, t.purpose, sql`coalesce(${t.programmeId}, 0)`).where(sql`${t.revokedAt} is null`),
  ],
);

/** Admin-editable settings (fees) and shared process secrets, one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => accounts.id),
});

/** Refund states (docs/decisions/068): requested → (approved by a second admin when needed) → processing → succeeded | failed; rejected ends a request nobody may send. */
export { REFUND_STATUSES, type RefundStatus };

/**
 * Money going back, always against one paid order, so always to the payer who paid it. The sum of live
 * refunds (requested, processing, succeeded) of an order never exceeds what it paid: the service checks it
 * under a lock on the order row. refund_no is ours and is the provider's idempotency key.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    refundNo: text('refund_no').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => paymentOrders.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    amountFen: integer('amount_fen').notNull(),
    currency: text('currency').notNull().default('CNY'),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('requested'),
    reason: text('reason').notNull(),
    /** The policy lines the form applied (deadline, deductions), as shown to the admin. */
    policy: jsonb('policy'),
    /** Set when the amount is above the approval threshold: a second admin must approve before it is sent. */
    approvalRequired: boolean('approval_required').notNull().default(false),
    requestedBy: integer('requested_by').references(() => accounts.id),
    approvedBy: integer('approved_by').references(() => accounts.id),
    approvedAt: tstz('approved_at'),
    providerRefundNo: text('provider_refund_no'),
    failureReason: text('failure_reason'),
    /** The client's retry key (Idempotency-Key header or body field): the same key answers the same refund. */
    idempotencyKey: text('idempotency_key'),
    submittedAt: tstz('submitted_at'),
    succeededAt: tstz('succeeded_at'),
    failedAt: tstz('failed_at'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_refunds_refund_no_uq').on(t.refundNo),
    uniqueIndex('payment_refunds_idempotency_uq').on(t.idempotencyKey),
    index('payment_refunds_order_idx').on(t.orderId),
    index('payment_refunds_account_idx').on(t.accountId),
    index('payment_refunds_status_idx').on(t.status, t.updatedAt),
  ],
);

/**
 * Per student and installment purpose (decision 072): an admin's extension of the due date, and the overdue rule
 * once the daily job applied it. One row per (student, purpose); the job's conditional update on overdue_at is
 * what makes the rule apply exactly once.
 */
export const paymentDues = pgTable(
  'payment_dues',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    /** The other programme whose installment this is (decision 090); 0 for the summer programme's tuition. */
    programmeId: integer('programme_id').notNull().default(0),
    extendedDueAt: tstz('extended_due_at'),
    extensionReason: text('extension_reason'),
    extendedBy: integer('extended_by'),
    extendedAt: tstz('extended_at'),
    /** When the overdue rule was applied to this installment, and which rule it was. */
    overdueAt: tstz('overdue_at'),
    overdueAction: text('overdue_action'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_dues_account_purpose_uq').on(t.accountId, t.purpose, t.programmeId)],
);
