CREATE TABLE "checklist_confirmations" (
	"student_id" integer NOT NULL,
	"key" text NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_confirmations_pk" PRIMARY KEY("student_id","key")
);
--> statement-breakpoint
CREATE TABLE "checklist_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checklist_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"due_at" timestamp with time zone,
	"target_path" text DEFAULT '' NOT NULL,
	"track" text,
	"batch" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist_preferences" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"sms_reminders" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist_reminders" (
	"item_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"sms" boolean DEFAULT false NOT NULL,
	CONSTRAINT "checklist_reminders_pk" PRIMARY KEY("item_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "checklist_waivers" (
	"item_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"waived_by" integer,
	"waived_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_waivers_pk" PRIMARY KEY("item_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "staff_permissions" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"health_read" boolean DEFAULT false NOT NULL,
	"granted_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checklist_confirmations" ADD CONSTRAINT "checklist_confirmations_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_preferences" ADD CONSTRAINT "checklist_preferences_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_reminders" ADD CONSTRAINT "checklist_reminders_item_id_checklist_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."checklist_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_reminders" ADD CONSTRAINT "checklist_reminders_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_waivers" ADD CONSTRAINT "checklist_waivers_item_id_checklist_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."checklist_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_waivers" ADD CONSTRAINT "checklist_waivers_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_waivers" ADD CONSTRAINT "checklist_waivers_waived_by_accounts_id_fk" FOREIGN KEY ("waived_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_permissions" ADD CONSTRAINT "staff_permissions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_permissions" ADD CONSTRAINT "staff_permissions_granted_by_accounts_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_items_sort_idx" ON "checklist_items" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "staff_permissions_health_idx" ON "staff_permissions" USING btree ("health_read");