CREATE TABLE "forum_boards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forum_boards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"course_id" integer,
	"house_id" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_boards_kind_ck" CHECK (("forum_boards"."kind" = 'programme' and "forum_boards"."course_id" is null and "forum_boards"."house_id" is null) or ("forum_boards"."kind" = 'course' and "forum_boards"."course_id" is not null and "forum_boards"."house_id" is null) or ("forum_boards"."kind" = 'house' and "forum_boards"."house_id" is not null and "forum_boards"."course_id" is null))
);
--> statement-breakpoint
CREATE TABLE "forum_filter_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "forum_filter_state_one_ck" CHECK ("forum_filter_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "forum_likes" (
	"post_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_likes_post_id_account_id_pk" PRIMARY KEY("post_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "forum_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forum_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"board_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"hold_reason" text,
	"held_words" text DEFAULT '' NOT NULL,
	"moderated_by" integer,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "forum_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forum_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"post_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"held_words" text DEFAULT '' NOT NULL,
	"moderated_by" integer,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "forum_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forum_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"post_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer
);
--> statement-breakpoint
CREATE TABLE "forum_words" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forum_words_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"word" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_x_hand_ins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mission_x_hand_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mission_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_url" text DEFAULT '' NOT NULL,
	"people_consent" boolean DEFAULT false NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"house_id" integer,
	"ledger_entry_id" integer,
	"points_awarded" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mission_x_hand_ins_status_ck" CHECK ("mission_x_hand_ins"."status" in ('submitted', 'accepted', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "mission_x_missions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mission_x_missions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"title" text NOT NULL,
	"brief" text NOT NULL,
	"deliverables" jsonb NOT NULL,
	"points" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"badge_criterion" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" integer,
	CONSTRAINT "mission_x_missions_points_ck" CHECK ("mission_x_missions"."points" >= 0 and "mission_x_missions"."points" <= 1000)
);
--> statement-breakpoint
ALTER TABLE "forum_boards" ADD CONSTRAINT "forum_boards_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_boards" ADD CONSTRAINT "forum_boards_house_id_houses_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_likes" ADD CONSTRAINT "forum_likes_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_likes" ADD CONSTRAINT "forum_likes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_board_id_forum_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."forum_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD CONSTRAINT "forum_replies_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD CONSTRAINT "forum_replies_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_reporter_id_accounts_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_x_hand_ins" ADD CONSTRAINT "mission_x_hand_ins_mission_id_mission_x_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission_x_missions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_x_hand_ins" ADD CONSTRAINT "mission_x_hand_ins_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_x_hand_ins" ADD CONSTRAINT "mission_x_hand_ins_reviewed_by_accounts_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_x_hand_ins" ADD CONSTRAINT "mission_x_hand_ins_house_id_houses_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_x_hand_ins" ADD CONSTRAINT "mission_x_hand_ins_ledger_entry_id_house_cup_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."house_cup_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_x_missions" ADD CONSTRAINT "mission_x_missions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_x_missions" ADD CONSTRAINT "mission_x_missions_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_x_missions" ADD CONSTRAINT "mission_x_missions_withdrawn_by_accounts_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "forum_boards_course_uq" ON "forum_boards" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_boards_house_uq" ON "forum_boards" USING btree ("house_id");--> statement-breakpoint
CREATE INDEX "forum_posts_board_idx" ON "forum_posts" USING btree ("board_id","id");--> statement-breakpoint
CREATE INDEX "forum_posts_status_idx" ON "forum_posts" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "forum_replies_post_idx" ON "forum_replies" USING btree ("post_id","id");--> statement-breakpoint
CREATE INDEX "forum_replies_status_idx" ON "forum_replies" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_reports_post_reporter_uq" ON "forum_reports" USING btree ("post_id","reporter_id");--> statement-breakpoint
CREATE INDEX "forum_reports_open_idx" ON "forum_reports" USING btree ("resolved_at","post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_words_word_uq" ON "forum_words" USING btree ("word");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_x_hand_ins_mission_student_uq" ON "mission_x_hand_ins" USING btree ("mission_id","student_id");--> statement-breakpoint
CREATE INDEX "mission_x_hand_ins_student_idx" ON "mission_x_hand_ins" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "mission_x_missions_activity_idx" ON "mission_x_missions" USING btree ("activity_id","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_x_missions_live_title_uq" ON "mission_x_missions" USING btree ("activity_id","title") WHERE "mission_x_missions"."withdrawn_at" is null;