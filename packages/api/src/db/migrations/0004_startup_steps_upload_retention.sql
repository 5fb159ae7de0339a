CREATE TABLE "startup_steps" (
	"name" text PRIMARY KEY NOT NULL,
	"completed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "unreferenced_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_unreferenced_idx" ON "uploads" USING btree ("unreferenced_since");