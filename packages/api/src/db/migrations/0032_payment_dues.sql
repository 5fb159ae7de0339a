CREATE TABLE "payment_dues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_dues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"extended_due_at" timestamp with time zone,
	"extension_reason" text,
	"extended_by" integer,
	"extended_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"overdue_action" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "completes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_dues" ADD CONSTRAINT "payment_dues_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_dues_account_purpose_uq" ON "payment_dues" USING btree ("account_id","purpose");