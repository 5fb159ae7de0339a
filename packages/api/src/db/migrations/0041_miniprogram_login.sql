CREATE TABLE "miniprogram_landings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "miniprogram_landings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100 CACHE 1),
	"target_path" text NOT NULL,
	"title" text NOT NULL,
	"referrer_account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "miniprogram_referrals" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"referrer_account_id" integer NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "miniprogram_referrers" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "miniprogram_scenes" (
	"scene_id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_agent" text,
	"ip" text,
	"app_id" text,
	"open_id" text,
	"account_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "miniprogram_tickets" (
	"hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"app" text NOT NULL,
	"app_id" text NOT NULL,
	"open_id" text NOT NULL,
	"union_id" text,
	"account_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "miniprogram_landings" ADD CONSTRAINT "miniprogram_landings_referrer_account_id_accounts_id_fk" FOREIGN KEY ("referrer_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "miniprogram_referrals" ADD CONSTRAINT "miniprogram_referrals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "miniprogram_referrals" ADD CONSTRAINT "miniprogram_referrals_referrer_account_id_accounts_id_fk" FOREIGN KEY ("referrer_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "miniprogram_referrers" ADD CONSTRAINT "miniprogram_referrers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "miniprogram_scenes" ADD CONSTRAINT "miniprogram_scenes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "miniprogram_tickets" ADD CONSTRAINT "miniprogram_tickets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "miniprogram_landings_target_referrer_uq" ON "miniprogram_landings" USING btree ("target_path","referrer_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "miniprogram_referrers_code_uq" ON "miniprogram_referrers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "miniprogram_scenes_expires_idx" ON "miniprogram_scenes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "miniprogram_tickets_expires_idx" ON "miniprogram_tickets" USING btree ("expires_at");