CREATE TABLE "wecom_callback_receipts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wecom_callback_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"signature" text NOT NULL,
	"event" text NOT NULL,
	"change_type" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wecom_counsellor_provinces" (
	"counsellor_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	CONSTRAINT "wecom_counsellor_provinces_counsellor_id_state_id_pk" PRIMARY KEY("counsellor_id","state_id")
);
--> statement-breakpoint
CREATE TABLE "wecom_counsellor_schools" (
	"counsellor_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	CONSTRAINT "wecom_counsellor_schools_counsellor_id_school_id_pk" PRIMARY KEY("counsellor_id","school_id")
);
--> statement-breakpoint
CREATE TABLE "wecom_counsellors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wecom_counsellors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"wecom_userid" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"capacity" integer NOT NULL,
	"assigned" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wecom_counsellors_load_ck" CHECK ("wecom_counsellors"."assigned" >= 0 and "wecom_counsellors"."assigned" <= "wecom_counsellors"."capacity")
);
--> statement-breakpoint
CREATE TABLE "wecom_seminar_signups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wecom_seminar_signups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seminar_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"grade" text NOT NULL,
	"state_id" integer NOT NULL,
	"school_id" integer,
	"school_name" text DEFAULT '' NOT NULL,
	"counsellor_id" integer,
	"assign_rule" text,
	"assigned_at" timestamp with time zone,
	"contact_state" text NOT NULL,
	"config_id" text,
	"qr_code" text,
	"external_userid" text,
	"connected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wecom_seminar_signups_role_ck" CHECK ("wecom_seminar_signups"."role" in ('student', 'parent'))
);
--> statement-breakpoint
CREATE TABLE "wecom_seminars" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wecom_seminars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wecom_counsellor_provinces" ADD CONSTRAINT "wecom_counsellor_provinces_counsellor_id_wecom_counsellors_id_fk" FOREIGN KEY ("counsellor_id") REFERENCES "public"."wecom_counsellors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wecom_counsellor_schools" ADD CONSTRAINT "wecom_counsellor_schools_counsellor_id_wecom_counsellors_id_fk" FOREIGN KEY ("counsellor_id") REFERENCES "public"."wecom_counsellors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wecom_counsellor_schools" ADD CONSTRAINT "wecom_counsellor_schools_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wecom_seminar_signups" ADD CONSTRAINT "wecom_seminar_signups_seminar_id_wecom_seminars_id_fk" FOREIGN KEY ("seminar_id") REFERENCES "public"."wecom_seminars"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wecom_seminar_signups" ADD CONSTRAINT "wecom_seminar_signups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wecom_seminar_signups" ADD CONSTRAINT "wecom_seminar_signups_counsellor_id_wecom_counsellors_id_fk" FOREIGN KEY ("counsellor_id") REFERENCES "public"."wecom_counsellors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_callback_receipts_signature_uq" ON "wecom_callback_receipts" USING btree ("signature");--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_counsellors_userid_uq" ON "wecom_counsellors" USING btree ("wecom_userid");--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_seminar_signups_phone_uq" ON "wecom_seminar_signups" USING btree ("seminar_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_seminar_signups_state_uq" ON "wecom_seminar_signups" USING btree ("contact_state");--> statement-breakpoint
CREATE INDEX "wecom_seminar_signups_counsellor_idx" ON "wecom_seminar_signups" USING btree ("counsellor_id");