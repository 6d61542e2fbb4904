CREATE TABLE "coupon_uses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_uses_order_key" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"amount_micros" bigint,
	"percent" integer,
	"plan_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"periods" text[] DEFAULT '{}'::text[] NOT NULL,
	"total_limit" integer,
	"per_user_limit" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"shown" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"note_zh" text DEFAULT '' NOT NULL,
	"note_en" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_used_within_limit" CHECK ("coupons"."total_limit" is null or "coupons"."used" <= "coupons"."total_limit"),
	CONSTRAINT "coupons_value_check" CHECK (("coupons"."kind" = 'fixed' and "coupons"."amount_micros" > 0) or ("coupons"."kind" = 'percent' and "coupons"."percent" between 1 and 100))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"plan_id" integer NOT NULL,
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"price_micros" bigint NOT NULL,
	"discount_micros" bigint DEFAULT 0 NOT NULL,
	"credit_micros" bigint DEFAULT 0 NOT NULL,
	"total_micros" bigint NOT NULL,
	"coupon_id" integer,
	"coupon_code" text,
	"expires_at" timestamp with time zone,
	"prev_plan_id" integer,
	"prev_period" text,
	"prev_term_start" timestamp with time zone,
	"prev_expires_at" timestamp with time zone,
	"prev_value_micros" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'paid', 'cancelled', 'refunded')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."price_micros" >= 0 and "orders"."discount_micros" >= 0 and "orders"."credit_micros" >= 0 and "orders"."total_micros" >= 0 and "orders"."total_micros" = "orders"."price_micros" - "orders"."discount_micros" - "orders"."credit_micros")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"price_month" bigint,
	"price_quarter" bigint,
	"price_half_year" bigint,
	"price_year" bigint,
	"price_onetime" bigint,
	"max_sites" integer NOT NULL,
	"monthly_pageviews" bigint NOT NULL,
	"max_bots" integer NOT NULL,
	"retention_days" integer NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_prices_nonnegative" CHECK (coalesce("plans"."price_month", 0) >= 0 and coalesce("plans"."price_quarter", 0) >= 0 and coalesce("plans"."price_half_year", 0) >= 0 and coalesce("plans"."price_year", 0) >= 0 and coalesce("plans"."price_onetime", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"period" text NOT NULL,
	"term_start" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"value_micros" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_uses_user_idx" ON "coupon_uses" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "orders_no_key" ON "orders" USING btree ("no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_pending_per_user" ON "orders" USING btree ("user_id") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_one_free_key" ON "plans" USING btree ("is_free") WHERE "plans"."is_free";--> statement-breakpoint
-- The free plan every account has without a paid subscription (the one row with is_free): not sold,
-- so it has no prices; admins may change its name and limits in 套餐管理.
INSERT INTO "plans" ("name_zh", "name_en", "description_zh", "description_en", "max_sites", "monthly_pageviews", "max_bots", "retention_days", "on_sale", "sort", "is_free")
VALUES ('免费版', 'Free', '每个新账号都有的套餐。', 'The plan every new account has.', 3, 100000, 1, 90, true, 0, true);
