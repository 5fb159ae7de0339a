CREATE TABLE "talent_criteria" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "talent_criteria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"weight" integer NOT NULL,
	CONSTRAINT "talent_criteria_weight_ck" CHECK ("talent_criteria"."weight" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "talent_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "talent_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_note" text DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"guardian_name" text NOT NULL,
	"guardian_relation" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_version" text NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"finalist_rank" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talent_entries_likes_ck" CHECK ("talent_entries"."likes_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "talent_judges" (
	"activity_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	CONSTRAINT "talent_judges_activity_id_teacher_id_pk" PRIMARY KEY("activity_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "talent_likes" (
	"entry_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talent_likes_entry_id_student_id_pk" PRIMARY KEY("entry_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "talent_media" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "talent_media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entry_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"content_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_sheet_scores" (
	"sheet_id" integer NOT NULL,
	"criterion_id" integer NOT NULL,
	"score" smallint NOT NULL,
	CONSTRAINT "talent_sheet_scores_sheet_id_criterion_id_pk" PRIMARY KEY("sheet_id","criterion_id"),
	CONSTRAINT "talent_sheet_scores_range_ck" CHECK ("talent_sheet_scores"."score" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "talent_sheets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "talent_sheets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entry_id" integer NOT NULL,
	"judge_id" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_shows" (
	"activity_id" integer PRIMARY KEY NOT NULL,
	"rules_text" text DEFAULT '' NOT NULL,
	"rules_published_at" timestamp with time zone,
	"finalist_count" integer DEFAULT 3 NOT NULL,
	"results_at" timestamp with time zone,
	"finalized_at" timestamp with time zone,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "talent_criteria" ADD CONSTRAINT "talent_criteria_activity_id_talent_shows_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."talent_shows"("activity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_entries" ADD CONSTRAINT "talent_entries_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_entries" ADD CONSTRAINT "talent_entries_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_entries" ADD CONSTRAINT "talent_entries_reviewed_by_accounts_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_judges" ADD CONSTRAINT "talent_judges_activity_id_talent_shows_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."talent_shows"("activity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_judges" ADD CONSTRAINT "talent_judges_teacher_id_accounts_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_likes" ADD CONSTRAINT "talent_likes_entry_id_talent_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."talent_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_likes" ADD CONSTRAINT "talent_likes_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_media" ADD CONSTRAINT "talent_media_entry_id_talent_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."talent_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_sheet_scores" ADD CONSTRAINT "talent_sheet_scores_sheet_id_talent_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."talent_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_sheet_scores" ADD CONSTRAINT "talent_sheet_scores_criterion_id_talent_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."talent_criteria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_sheets" ADD CONSTRAINT "talent_sheets_entry_id_talent_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."talent_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_sheets" ADD CONSTRAINT "talent_sheets_judge_id_accounts_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_shows" ADD CONSTRAINT "talent_shows_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_shows" ADD CONSTRAINT "talent_shows_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "talent_criteria_show_idx" ON "talent_criteria" USING btree ("activity_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "talent_entries_student_uq" ON "talent_entries" USING btree ("activity_id","student_id");--> statement-breakpoint
CREATE INDEX "talent_entries_gallery_idx" ON "talent_entries" USING btree ("activity_id","status","id");--> statement-breakpoint
CREATE INDEX "talent_judges_teacher_idx" ON "talent_judges" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "talent_likes_student_idx" ON "talent_likes" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "talent_media_entry_uq" ON "talent_media" USING btree ("entry_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "talent_sheets_entry_judge_uq" ON "talent_sheets" USING btree ("entry_id","judge_id");--> statement-breakpoint
CREATE INDEX "talent_sheets_judge_idx" ON "talent_sheets" USING btree ("judge_id");