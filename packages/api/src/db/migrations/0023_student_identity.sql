CREATE TABLE "student_identity" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"card_type" text,
	"id_number_cipher" text,
	"id_number_hash" text,
	"id_number_tail" text,
	"key_id" text,
	"erased_at" timestamp with time zone,
	"erased_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_identity" ADD CONSTRAINT "student_identity_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_identity_hash_idx" ON "student_identity" USING btree ("id_number_hash");--> statement-breakpoint
CREATE INDEX "student_identity_tail_idx" ON "student_identity" USING btree ("id_number_tail");