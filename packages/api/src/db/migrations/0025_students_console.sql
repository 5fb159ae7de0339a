ALTER TABLE "student_profiles" ADD COLUMN "admin_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "accounts_created_idx" ON "accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "student_profiles_tuition_paid_idx" ON "student_profiles" USING btree ("tuition_paid_at","account_id");--> statement-breakpoint
CREATE INDEX "student_profiles_tags_idx" ON "student_profiles" USING gin ("user_tags");