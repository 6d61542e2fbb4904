ALTER TABLE "withdrawals" ADD COLUMN "chain_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_tx_key" UNIQUE("tx_id");