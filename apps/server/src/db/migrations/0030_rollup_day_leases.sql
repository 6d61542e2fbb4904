ALTER TABLE "rollup_dirty_days" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rollup_dirty_days" ADD COLUMN "leased_until" timestamp with time zone;