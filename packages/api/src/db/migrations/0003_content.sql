CREATE TABLE "content_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"published" jsonb NOT NULL,
	"draft" jsonb,
	"draft_title" text,
	"draft_description" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer,
	"draft_updated_at" timestamp with time zone,
	"draft_updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_published_by_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_draft_updated_by_accounts_id_fk" FOREIGN KEY ("draft_updated_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;