CREATE TABLE "house_sorting_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "house_sorting_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"venue_id" integer NOT NULL,
	"seed" text NOT NULL,
	"student_count" integer DEFAULT 0 NOT NULL,
	"committed" boolean DEFAULT true NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "placement_seen" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"venue_seen_at" timestamp with time zone,
	"house_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "result_publications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "result_publications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"venue_id" integer,
	"publish_at" timestamp with time zone NOT NULL,
	"published_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_publications_kind_venue_uq" UNIQUE NULLS NOT DISTINCT("kind","venue_id"),
	CONSTRAINT "result_publications_kind_ck" CHECK ("result_publications"."kind" in ('venue', 'house'))
);
--> statement-breakpoint
ALTER TABLE "house_sorting_runs" ADD CONSTRAINT "house_sorting_runs_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_sorting_runs" ADD CONSTRAINT "house_sorting_runs_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_seen" ADD CONSTRAINT "placement_seen_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_publications" ADD CONSTRAINT "result_publications_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_publications" ADD CONSTRAINT "result_publications_published_by_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "house_sorting_runs_venue_idx" ON "house_sorting_runs" USING btree ("venue_id","created_at");