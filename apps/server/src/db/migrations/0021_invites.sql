CREATE TABLE "commissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"inviter_id" bigint NOT NULL,
	"invitee_id" bigint NOT NULL,
	"order_total_micros" bigint NOT NULL,
	"rate" integer NOT NULL,
	"amount_micros" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"credited_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"reversed_micros" bigint DEFAULT 0 NOT NULL,
	"unrecovered_micros" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commissions_order_key" UNIQUE("order_id"),
	CONSTRAINT "commissions_status_check" CHECK ("commissions"."status" in ('pending', 'credited', 'cancelled', 'reversed')),
	CONSTRAINT "commissions_amounts_check" CHECK ("commissions"."amount_micros" > 0 and "commissions"."rate" between 0 and 100 and "commissions"."reversed_micros" >= 0 and "commissions"."unrecovered_micros" >= 0 and "commissions"."reversed_micros" + "commissions"."unrecovered_micros" <= "commissions"."amount_micros")
);
--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commissions_inviter_idx" ON "commissions" USING btree ("inviter_id","id");--> statement-breakpoint
CREATE INDEX "commissions_due_idx" ON "commissions" USING btree ("due_at") WHERE "commissions"."status" = 'pending';