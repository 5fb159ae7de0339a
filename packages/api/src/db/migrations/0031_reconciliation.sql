CREATE TABLE "reconciliation_mismatches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_mismatches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" integer NOT NULL,
	"day" text NOT NULL,
	"gateway" text NOT NULL,
	"kind" text NOT NULL,
	"order_no" text NOT NULL,
	"refund_no" text,
	"provider_trade_no" text,
	"ours_amount_fen" integer,
	"bill_amount_fen" integer,
	"ours_currency" text,
	"bill_currency" text,
	"ours_status" text,
	"bill_status" text,
	"note" text,
	"noted_by" integer,
	"noted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"day" text NOT NULL,
	"gateway" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" integer,
	"failure_reason" text,
	"ours_paid_count" integer DEFAULT 0 NOT NULL,
	"ours_paid_fen" integer DEFAULT 0 NOT NULL,
	"ours_refund_count" integer DEFAULT 0 NOT NULL,
	"ours_refund_fen" integer DEFAULT 0 NOT NULL,
	"bill_paid_count" integer DEFAULT 0 NOT NULL,
	"bill_paid_fen" integer DEFAULT 0 NOT NULL,
	"bill_refund_count" integer DEFAULT 0 NOT NULL,
	"bill_refund_fen" integer DEFAULT 0 NOT NULL,
	"mismatch_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_bill_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_bill_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"order_no" text NOT NULL,
	"refund_no" text,
	"trade_no" text,
	"amount_fen" integer NOT NULL,
	"currency" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reconciliation_mismatches" ADD CONSTRAINT "reconciliation_mismatches_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_mismatches" ADD CONSTRAINT "reconciliation_mismatches_noted_by_accounts_id_fk" FOREIGN KEY ("noted_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_requested_by_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_mismatches_run_idx" ON "reconciliation_mismatches" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "reconciliation_mismatches_day_idx" ON "reconciliation_mismatches" USING btree ("day","gateway");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_day_idx" ON "reconciliation_runs" USING btree ("day","gateway","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bill_ledger_payment_uq" ON "sandbox_bill_ledger" USING btree ("order_no") WHERE "sandbox_bill_ledger"."kind" = 'payment';--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bill_ledger_refund_uq" ON "sandbox_bill_ledger" USING btree ("refund_no") WHERE "sandbox_bill_ledger"."kind" = 'refund';--> statement-breakpoint
CREATE INDEX "sandbox_bill_ledger_day_idx" ON "sandbox_bill_ledger" USING btree ("occurred_at");