CREATE TABLE "recharges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"address_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"payable" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"holds_amount" boolean DEFAULT true NOT NULL,
	"transfer_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recharges_order_no_key" UNIQUE("order_no"),
	CONSTRAINT "recharges_status_check" CHECK ("recharges"."status" in ('pending', 'paid', 'expired', 'cancelled')),
	CONSTRAINT "recharges_payable_check" CHECK ("recharges"."payable" > 0 and "recharges"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "usdt_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_balance" bigint,
	"last_balance_at" timestamp with time zone,
	"cursor_ms" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usdt_addresses_address_key" UNIQUE("address")
);
--> statement-breakpoint
CREATE TABLE "usdt_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx_id" text NOT NULL,
	"event_index" integer DEFAULT 0 NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"recharge_id" bigint,
	"user_id" bigint,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usdt_transfers_tx_key" UNIQUE("tx_id","event_index"),
	CONSTRAINT "usdt_transfers_status_check" CHECK ("usdt_transfers"."status" in ('matched', 'unmatched', 'assigned'))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"tx_id" text,
	"request_id" text,
	"decided_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_request_key" UNIQUE("user_id","request_id"),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('pending', 'approved', 'rejected', 'paid')),
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount" > 0 and "withdrawals"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_address_id_usdt_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."usdt_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_live_payable_key" ON "recharges" USING btree ("address_id","payable") WHERE "recharges"."holds_amount";--> statement-breakpoint
CREATE INDEX "recharges_address_payable_idx" ON "recharges" USING btree ("address_id","payable");--> statement-breakpoint
CREATE INDEX "recharges_user_idx" ON "recharges" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "recharges_status_idx" ON "recharges" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "usdt_transfers_to_idx" ON "usdt_transfers" USING btree ("to_address","block_time");--> statement-breakpoint
CREATE INDEX "usdt_transfers_status_idx" ON "usdt_transfers" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");