CREATE TABLE "wecom_oauth_states" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"return_path" text NOT NULL,
	"corp_id" text NOT NULL,
	"open_id" text,
	"external_user_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wecom_staff_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wecom_staff_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"corp_id" text NOT NULL,
	"wecom_user_id" text NOT NULL,
	"wecom_name" text,
	"linked_by" integer,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_signin_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wecom_student_bindings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wecom_student_bindings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"corp_id" text NOT NULL,
	"open_id" text NOT NULL,
	"external_user_id" text,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wecom_staff_links" ADD CONSTRAINT "wecom_staff_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wecom_staff_links" ADD CONSTRAINT "wecom_staff_links_linked_by_accounts_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wecom_student_bindings" ADD CONSTRAINT "wecom_student_bindings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wecom_oauth_states_expires_idx" ON "wecom_oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_staff_links_account_uq" ON "wecom_staff_links" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_staff_links_corp_user_uq" ON "wecom_staff_links" USING btree ("corp_id","wecom_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_student_bindings_account_corp_uq" ON "wecom_student_bindings" USING btree ("account_id","corp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_student_bindings_corp_open_uq" ON "wecom_student_bindings" USING btree ("corp_id","open_id");--> statement-breakpoint
CREATE INDEX "wecom_student_bindings_external_idx" ON "wecom_student_bindings" USING btree ("corp_id","external_user_id");