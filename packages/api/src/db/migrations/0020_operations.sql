CREATE TABLE "house_cup_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "house_cup_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"house_id" integer NOT NULL,
	"venue_id" integer,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"giver_id" integer NOT NULL,
	"reverses_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "house_cup_entries_points_ck" CHECK ("house_cup_entries"."points" <> 0)
);
--> statement-breakpoint
ALTER TABLE "house_cup_entries" ADD CONSTRAINT "house_cup_entries_house_id_houses_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."houses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_cup_entries" ADD CONSTRAINT "house_cup_entries_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_cup_entries" ADD CONSTRAINT "house_cup_entries_giver_id_accounts_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_cup_entries" ADD CONSTRAINT "house_cup_entries_reverses_id_house_cup_entries_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."house_cup_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "house_cup_entries_house_idx" ON "house_cup_entries" USING btree ("house_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "house_cup_entries_reverses_uq" ON "house_cup_entries" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");