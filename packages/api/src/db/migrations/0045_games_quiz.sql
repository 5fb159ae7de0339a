CREATE TABLE "games_quiz_answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_quiz_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"house_id" integer,
	"choice" integer NOT NULL,
	"correct" boolean NOT NULL,
	"points" integer NOT NULL,
	"elapsed_ms" integer NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games_quiz_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_quiz_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"round_id" integer NOT NULL,
	"position" integer NOT NULL,
	"prompt" text NOT NULL,
	"choices" jsonb NOT NULL,
	"answer" integer NOT NULL,
	"seconds" integer NOT NULL,
	"points" integer NOT NULL,
	"opened_at" timestamp with time zone,
	CONSTRAINT "games_quiz_questions_seconds_ck" CHECK ("games_quiz_questions"."seconds" between 1 and 3600)
);
--> statement-breakpoint
CREATE TABLE "games_quiz_rounds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_quiz_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"current_question_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "games_quiz_answers" ADD CONSTRAINT "games_quiz_answers_question_id_games_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."games_quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games_quiz_answers" ADD CONSTRAINT "games_quiz_answers_round_id_games_quiz_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."games_quiz_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games_quiz_answers" ADD CONSTRAINT "games_quiz_answers_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games_quiz_answers" ADD CONSTRAINT "games_quiz_answers_house_id_houses_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games_quiz_questions" ADD CONSTRAINT "games_quiz_questions_round_id_games_quiz_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."games_quiz_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games_quiz_rounds" ADD CONSTRAINT "games_quiz_rounds_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games_quiz_rounds" ADD CONSTRAINT "games_quiz_rounds_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_quiz_answers_one_uq" ON "games_quiz_answers" USING btree ("question_id","student_id");--> statement-breakpoint
CREATE INDEX "games_quiz_answers_round_idx" ON "games_quiz_answers" USING btree ("round_id","house_id");--> statement-breakpoint
CREATE UNIQUE INDEX "games_quiz_questions_position_uq" ON "games_quiz_questions" USING btree ("round_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "games_quiz_rounds_title_uq" ON "games_quiz_rounds" USING btree ("activity_id","title");--> statement-breakpoint
CREATE INDEX "games_quiz_rounds_status_idx" ON "games_quiz_rounds" USING btree ("status");