CREATE TABLE "school_recommendations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "school_recommendations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"programme_year" smallint NOT NULL,
	"comment" text NOT NULL,
	"recommended_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_recommendations" ADD CONSTRAINT "school_recommendations_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_recommendations" ADD CONSTRAINT "school_recommendations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_recommendations" ADD CONSTRAINT "school_recommendations_recommended_by_accounts_id_fk" FOREIGN KEY ("recommended_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "school_recommendations_student_year_uq" ON "school_recommendations" USING btree ("student_id","programme_year");--> statement-breakpoint
CREATE INDEX "school_recommendations_school_idx" ON "school_recommendations" USING btree ("school_id","programme_year");--> statement-breakpoint
CREATE INDEX "student_profiles_school_idx" ON "student_profiles" USING btree ("school_id");