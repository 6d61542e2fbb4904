ALTER TABLE "usdt_transfers" ADD COLUMN "confirmed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "usdt_transfers" ADD COLUMN "vanished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usdt_transfers" ADD COLUMN "chain_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "usdt_transfers_recheck_idx" ON "usdt_transfers" USING btree ("chain_checked_at","id") WHERE not "usdt_transfers"."confirmed" and "usdt_transfers"."vanished_at" is null;