import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYMENT_ORDER_STATUSES, PAYMENT_PAYERS, PAYMENT_PROVIDERS, PAYMENT_PURPOSES } from '@summit/domain';
import { accounts } from './schema.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => tstz('created_at').notNull().defaultNow();

/** The implementation that serves a provider code (docs/decisions/007): the sandbox stands in for WX and AL. */
export const PAYMENT_GATEWAYS = ['sandbox', 'wechatpay', 'alipay'] as const;
export type PaymentGatewayId = (typeof PAYMENT_GATEWAYS)[number];

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
    /** Spec §9 provider code the payer chose (WX, AL). */
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    channel: text('channel').notNull(),
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }).notNull(),
    payer: text('payer', { enum: PAYMENT_PAYERS }).notNull().default('student'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The instruction answered to the payer, kept so a reused order answers the same QR code or page. */
    payKind: text('pay_kind', { enum: ['qr', 'redirect'] }),
    payUrl: text('pay_url'),
    providerTradeNo: text('provider_trade_no'),
    paidAt: tstz('paid_at'),
    closedAt: tstz('closed_at'),
    refundedAt: tstz('refunded_at'),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_orders_order_no_uq').on(t.orderNo),
    uniqueIndex('payment_orders_idempotency_uq').on(t.idempotencyKey),
    uniqueIndex('payment_orders_open_uq').on(t.accountId, t.purpose).where(sql`${t.status} = 'pending'`),
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
    orderId: integer('order_id').references(() => paymentOrders.id),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    usedAt: tstz('used_at'),
    paidAt: tstz('paid_at'),
  },
  (t) => [
    uniqueIndex('parent_pay_links_token_uq').on(t.tokenHash),
    uniqueIndex('parent_pay_links_live_uq').on(t.accountId, t.purpose).where(sql`${t.revokedAt} is null`),
  ],
);

/** Admin-editable settings (fees) and shared process secrets, one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => accounts.id),
});
