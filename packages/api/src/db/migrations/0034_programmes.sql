CREATE TABLE "programme_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "programme_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"programme_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"decision" text,
	"offer_type" text,
	"decision_note" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"released_by" integer,
	"duration_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_documents" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"passport_cipher" text,
	"passport_key_id" text,
	"passport_tail" text,
	"passport_name" text,
	"passport_expires_on" text,
	"passport_scan" jsonb,
	"passport_updated_at" timestamp with time zone,
	"visa_status" text DEFAULT 'not_started' NOT NULL,
	"visa_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visa_note" text DEFAULT '' NOT NULL,
	"visa_review_note" text DEFAULT '' NOT NULL,
	"visa_reviewed_by" integer,
	"visa_reviewed_at" timestamp with time zone,
	"visa_updated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programmes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "programmes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
DROP INDEX "parent_pay_links_live_uq";--> statement-breakpoint
DROP INDEX "payment_orders_open_uq";--> statement-breakpoint
ALTER TABLE "parent_pay_links" ADD COLUMN "programme_id" integer;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "programme_id" integer;--> statement-breakpoint
ALTER TABLE "programme_applications" ADD CONSTRAINT "programme_applications_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_applications" ADD CONSTRAINT "programme_applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_applications" ADD CONSTRAINT "programme_applications_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_applications" ADD CONSTRAINT "programme_applications_released_by_accounts_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_documents" ADD CONSTRAINT "programme_documents_application_id_programme_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."programme_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_documents" ADD CONSTRAINT "programme_documents_visa_reviewed_by_accounts_id_fk" FOREIGN KEY ("visa_reviewed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmes" ADD CONSTRAINT "programmes_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "programme_applications_uq" ON "programme_applications" USING btree ("programme_id","account_id");--> statement-breakpoint
CREATE INDEX "programme_applications_account_idx" ON "programme_applications" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "programme_applications_list_idx" ON "programme_applications" USING btree ("programme_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "programmes_code_uq" ON "programmes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "parent_pay_links_live_uq" ON "parent_pay_links" USING btree ("account_id","purpose",coalesce("programme_id", 0)) WHERE "parent_pay_links"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_open_uq" ON "payment_orders" USING btree ("account_id","purpose",coalesce("programme_id", 0)) WHERE "payment_orders"."status" = 'pending';