import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { RECON_MISMATCH_KINDS, RECON_RUN_STATUSES, RECON_TRIGGERS, type ReconCurrencyTotals } from '@summit/domain';
import { accounts } from './schema.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The sandbox provider's own books (docs/decisions/073): what its checkout confirmed and what it refunded,
 * written by the sandbox, never derived from payment_orders, so the bill it serves can disagree with ours the
 * way a real provider's can.
 */
export const sandboxBillLedger = pgTable(
  'sandbox_bill_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['payment', 'refund'] }).notNull(),
    orderNo: text('order_no').notNull(),
    refundNo: text('refund_no'),
    tradeNo: text('trade_no'),
    amountFen: integer('amount_fen').notNull(),
    currency: text('currency').notNull(),
    occurredAt: tstz('occurred_at').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_bill_ledger_payment_uq').on(t.orderNo).where(sql`${t.kind} = 'payment'`),
    uniqueIndex('sandbox_bill_ledger_refund_uq').on(t.refundNo).where(sql`${t.kind} = 'refund'`),
    index('sandbox_bill_ledger_day_idx').on(t.occurredAt),
  ],
);

/** One reconciliation of one gateway's bill for one Beijing day; a re-run adds a run, the latest is current. */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    day: text('day').notNull(),
    gateway: text('gateway').notNull(),
    status: text('status', { enum: RECON_RUN_STATUSES }).notNull().default('running'),
    trigger: text('trigger', { enum: RECON_TRIGGERS }).notNull(),
    requestedBy: integer('requested_by').references(() => accounts.id),
    failureReason: text('failure_reason'),
    oursPaidCount: integer('ours_paid_count').notNull().default(0),
    oursRefundCount: integer('ours_refund_count').notNull().default(0),
    billPaidCount: integer('bill_paid_count').notNull().default(0),
    billRefundCount: integer('bill_refund_count').notNull().default(0),
    /** Amounts per currency (decision 090): fen of different currencies are never added together. */
    totalsByCurrency: jsonb('totals_by_currency').$type<ReconCurrencyTotals[]>().notNull().default(sql`'[]'::jsonb`),
    mismatchCount: integer('mismatch_count').notNull().default(0),
    startedAt: tstz('started_at').notNull(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [index('reconciliation_runs_day_idx').on(t.day, t.gateway, t.id)],
);

/** A disagreement a run found; an admin's resolution note is audited and carried to later runs of that day. */
export const reconciliationMismatches = pgTable(
  'reconciliation_mismatches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    runId: integer('run_id')
      .notNull()
      .references(() => reconciliationRuns.id),
    day: text('day').notNull(),
    gateway: text('gateway').notNull(),
    kind: text('kind', { enum: RECON_MISMATCH_KINDS }).notNull(),
    orderNo: text('order_no').notNull(),
    refundNo: text('refund_no'),
    providerTradeNo: text('provider_trade_no'),
    oursAmountFen: integer('ours_amount_fen'),
    billAmountFen: integer('bill_amount_fen'),
    oursCurrency: text('ours_currency'),
    billCurrency: text('bill_currency'),
    oursStatus: text('ours_status'),
    billStatus: text('bill_status'),
    note: text('note'),
    notedBy: integer('noted_by').references(() => accounts.id),
    notedAt: tstz('noted_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('reconciliation_mismatches_run_idx').on(t.runId), index('reconciliation_mismatches_day_idx').on(t.day, t.gateway)],
);
