CREATE TABLE "wechat_credentials" (
	"app_id" text NOT NULL,
	"kind" text NOT NULL,
	"value" text,
	"expires_at" timestamp with time zone,
	"refreshed_at" timestamp with time zone,
	CONSTRAINT "wechat_credentials_app_id_kind_pk" PRIMARY KEY("app_id","kind")
);
--> statement-breakpoint
CREATE TABLE "wechat_identities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wechat_identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"app_id" text NOT NULL,
	"open_id" text NOT NULL,
	"union_id" text,
	"nickname" text,
	"avatar_url" text,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_oauth_states" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"return_path" text NOT NULL,
	"app_id" text NOT NULL,
	"account_id" integer,
	"open_id" text,
	"union_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wechat_identities" ADD CONSTRAINT "wechat_identities_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_oauth_states" ADD CONSTRAINT "wechat_oauth_states_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_identities_app_open_uq" ON "wechat_identities" USING btree ("app_id","open_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_identities_account_app_uq" ON "wechat_identities" USING btree ("account_id","app_id");--> statement-breakpoint
CREATE INDEX "wechat_oauth_states_expires_idx" ON "wechat_oauth_states" USING btree ("expires_at");