CREATE TABLE "onboarding_offerings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "onboarding_offerings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"join_url" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_offerings_taken_ck" CHECK ("onboarding_offerings"."taken" >= 0 and "onboarding_offerings"."taken" <= "onboarding_offerings"."capacity"),
	CONSTRAINT "onboarding_offerings_kind_ck" CHECK ("onboarding_offerings"."kind" in ('major', 'csi', 'podcast', 'master_class', 'pilot_study', 'info_session'))
);
--> statement-breakpoint
CREATE TABLE "onboarding_signups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "onboarding_signups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offering_id" integer NOT NULL,
	"kind" text NOT NULL,
	"student_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_signups_offering_student_uq" UNIQUE("offering_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "onboarding_offerings" ADD CONSTRAINT "onboarding_offerings_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_signups" ADD CONSTRAINT "onboarding_signups_offering_id_onboarding_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."onboarding_offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_signups" ADD CONSTRAINT "onboarding_signups_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboarding_offerings_kind_idx" ON "onboarding_offerings" USING btree ("kind","closes_at");--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_signups_one_major_uq" ON "onboarding_signups" USING btree ("student_id") WHERE "onboarding_signups"."kind" = 'major';--> statement-breakpoint
CREATE INDEX "onboarding_signups_student_idx" ON "onboarding_signups" USING btree ("student_id","kind");