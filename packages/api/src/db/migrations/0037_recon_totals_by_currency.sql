ALTER TABLE "reconciliation_runs" ADD COLUMN "totals_by_currency" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Runs reconciled before this column existed added fen without a currency; every order then was CNY.
UPDATE "reconciliation_runs" SET "totals_by_currency" = jsonb_build_array(jsonb_build_object(
  'currency', 'CNY',
  'ours_paid_count', "ours_paid_count", 'ours_paid_fen', "ours_paid_fen",
  'ours_refund_count', "ours_refund_count", 'ours_refund_fen', "ours_refund_fen",
  'bill_paid_count', "bill_paid_count", 'bill_paid_fen', "bill_paid_fen",
  'bill_refund_count', "bill_refund_count", 'bill_refund_fen', "bill_refund_fen"
)) WHERE "status" = 'succeeded';--> statement-breakpoint
ALTER TABLE "reconciliation_runs" DROP COLUMN "ours_paid_fen";--> statement-breakpoint
ALTER TABLE "reconciliation_runs" DROP COLUMN "ours_refund_fen";--> statement-breakpoint
ALTER TABLE "reconciliation_runs" DROP COLUMN "bill_paid_fen";--> statement-breakpoint
ALTER TABLE "reconciliation_runs" DROP COLUMN "bill_refund_fen";
--> statement-breakpoint
-- An extension or overdue mark of another programme's installment names the programme (0: the summer programme).
DROP INDEX "payment_dues_account_purpose_uq";--> statement-breakpoint
ALTER TABLE "payment_dues" ADD COLUMN "programme_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_dues_account_purpose_uq" ON "payment_dues" USING btree ("account_id","purpose","programme_id");