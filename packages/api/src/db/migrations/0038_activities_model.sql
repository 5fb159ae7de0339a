CREATE TABLE "activities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"audience_kind" text DEFAULT 'all' NOT NULL,
	"audience_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cover_key" text,
	"cta_label" text DEFAULT '' NOT NULL,
	"cta_url" text DEFAULT '' NOT NULL,
	"live_url" text DEFAULT '' NOT NULL,
	"replay_url" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_window_ck" CHECK ("activities"."closes_at" > "activities"."opens_at")
);
--> statement-breakpoint
CREATE TABLE "activity_agenda_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_agenda_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"position" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	"speaker" text DEFAULT '' NOT NULL,
	"teacher_id" integer,
	"cue" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_attendance" (
	"activity_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"attended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_attendance_activity_id_student_id_pk" PRIMARY KEY("activity_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "badge_awards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "badge_awards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"badge_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" text,
	"awarded_by" integer,
	"note" text,
	"awarded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credential_jwt" text,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"revoke_reason" text,
	CONSTRAINT "badge_awards_revoked_ck" CHECK (("badge_awards"."revoked_at" is null) = ("badge_awards"."revoke_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "badges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	"criteria_text" text NOT NULL,
	"criterion" text NOT NULL,
	"emblem" text NOT NULL,
	"colour" text NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "honours" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "honours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"citation" text NOT NULL,
	"honouree_name" text NOT NULL,
	"account_id" integer,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_agenda_items" ADD CONSTRAINT "activity_agenda_items_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_agenda_items" ADD CONSTRAINT "activity_agenda_items_teacher_id_accounts_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_attendance" ADD CONSTRAINT "activity_attendance_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_attendance" ADD CONSTRAINT "activity_attendance_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_awards" ADD CONSTRAINT "badge_awards_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_awards" ADD CONSTRAINT "badge_awards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_awards" ADD CONSTRAINT "badge_awards_awarded_by_accounts_id_fk" FOREIGN KEY ("awarded_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_awards" ADD CONSTRAINT "badge_awards_revoked_by_accounts_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "honours" ADD CONSTRAINT "honours_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "honours" ADD CONSTRAINT "honours_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_kind_idx" ON "activities" USING btree ("kind","opens_at");--> statement-breakpoint
CREATE INDEX "activity_agenda_items_activity_idx" ON "activity_agenda_items" USING btree ("activity_id","position");--> statement-breakpoint
CREATE INDEX "activity_agenda_items_teacher_idx" ON "activity_agenda_items" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "badge_awards_badge_account_uq" ON "badge_awards" USING btree ("badge_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "badge_awards_public_id_uq" ON "badge_awards" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "badge_awards_account_idx" ON "badge_awards" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "badges_name_uq" ON "badges" USING btree ("name");--> statement-breakpoint
CREATE INDEX "badges_criterion_idx" ON "badges" USING btree ("criterion","published");--> statement-breakpoint
CREATE INDEX "honours_published_idx" ON "honours" USING btree ("published_at","id");