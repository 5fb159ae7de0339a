CREATE TABLE "course_feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"rating_content" smallint NOT NULL,
	"rating_teaching" smallint NOT NULL,
	"rating_workload" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_feedback_ratings_ck" CHECK ("course_feedback"."rating_content" between 1 and 5 and "course_feedback"."rating_teaching" between 1 and 5 and "course_feedback"."rating_workload" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "office_hour_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "office_hour_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slot_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "office_hour_slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "office_hour_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"location" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "office_hour_slots_seats_ck" CHECK ("office_hour_slots"."booked" >= 0 and "office_hour_slots"."booked" <= "office_hour_slots"."capacity"),
	CONSTRAINT "office_hour_slots_order_ck" CHECK ("office_hour_slots"."ends_at" > "office_hour_slots"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "recommendation_letter_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recommendation_letter_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"letter_id" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_letters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recommendation_letters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"recipients" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"verify_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "course_feedback" ADD CONSTRAINT "course_feedback_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_feedback" ADD CONSTRAINT "course_feedback_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_hour_bookings" ADD CONSTRAINT "office_hour_bookings_slot_id_office_hour_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."office_hour_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_hour_bookings" ADD CONSTRAINT "office_hour_bookings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_hour_bookings" ADD CONSTRAINT "office_hour_bookings_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_hour_slots" ADD CONSTRAINT "office_hour_slots_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_hour_slots" ADD CONSTRAINT "office_hour_slots_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_letter_links" ADD CONSTRAINT "recommendation_letter_links_letter_id_recommendation_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."recommendation_letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_letters" ADD CONSTRAINT "recommendation_letters_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_letters" ADD CONSTRAINT "recommendation_letters_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_letters" ADD CONSTRAINT "recommendation_letters_teacher_id_accounts_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_feedback_student_course_uq" ON "course_feedback" USING btree ("course_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "office_hour_bookings_active_uq" ON "office_hour_bookings" USING btree ("student_id","course_id") WHERE "office_hour_bookings"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "office_hour_bookings_slot_idx" ON "office_hour_bookings" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "office_hour_slots_course_idx" ON "office_hour_slots" USING btree ("course_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recommendation_letter_links_token_uq" ON "recommendation_letter_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "recommendation_letter_links_letter_idx" ON "recommendation_letter_links" USING btree ("letter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recommendation_letters_student_course_uq" ON "recommendation_letters" USING btree ("student_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recommendation_letters_verify_uq" ON "recommendation_letters" USING btree ("verify_code");--> statement-breakpoint
CREATE INDEX "recommendation_letters_teacher_idx" ON "recommendation_letters" USING btree ("teacher_id","status");