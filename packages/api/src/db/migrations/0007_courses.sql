CREATE TABLE "course_meetings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_meetings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	CONSTRAINT "course_meetings_order_ck" CHECK ("course_meetings"."ends_at" > "course_meetings"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "courses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"title" text NOT NULL,
	"teacher_id" integer,
	"teacher_name" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"session_key" text NOT NULL,
	"period" smallint DEFAULT 1 NOT NULL,
	"venue_id" integer,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"language" text DEFAULT 'zh' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"syllabus" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_seats_ck" CHECK ("courses"."taken" >= 0 and "courses"."taken" <= "courses"."capacity")
);
--> statement-breakpoint
CREATE TABLE "house_assignments" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"house_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"run_id" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "houses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "houses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"english_name" text DEFAULT '' NOT NULL,
	"colour" text DEFAULT '#888888' NOT NULL,
	"motto" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_assignments" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"method" text NOT NULL,
	"assigned_by" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "venues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"place_name" text NOT NULL,
	"name" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"is_beijing" boolean DEFAULT false NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"professional_tracks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"session_keys" jsonb DEFAULT '["first","second","third"]'::jsonb NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venues_capacity_ck" CHECK ("venues"."capacity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "course_meetings" ADD CONSTRAINT "course_meetings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_teacher_id_accounts_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_assignments" ADD CONSTRAINT "house_assignments_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_assignments" ADD CONSTRAINT "house_assignments_house_id_houses_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_assignments" ADD CONSTRAINT "house_assignments_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_assignments" ADD CONSTRAINT "venue_assignments_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_assignments" ADD CONSTRAINT "venue_assignments_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_meetings_course_idx" ON "course_meetings" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_code_period_uq" ON "courses" USING btree ("code","session_key","period");--> statement-breakpoint
CREATE INDEX "courses_session_idx" ON "courses" USING btree ("session_key","category");--> statement-breakpoint
CREATE INDEX "house_assignments_venue_house_idx" ON "house_assignments" USING btree ("venue_id","house_id");--> statement-breakpoint
CREATE UNIQUE INDEX "houses_code_uq" ON "houses" USING btree ("code");--> statement-breakpoint
CREATE INDEX "venue_assignments_venue_idx" ON "venue_assignments" USING btree ("venue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "venues_place_name_uq" ON "venues" USING btree ("place_name");