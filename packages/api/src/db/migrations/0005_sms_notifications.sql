ALTER TABLE "sms_outbox" ADD COLUMN "event_key" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_event_uq" ON "sms_outbox" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "sms_outbox_status_idx" ON "sms_outbox" USING btree ("status","created_at");