ALTER TABLE "payment_refunds" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_idempotency_uq" ON "payment_refunds" USING btree ("idempotency_key");