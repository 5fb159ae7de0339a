ALTER TABLE "auth_tokens" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "idle_expires_at" timestamp with time zone;