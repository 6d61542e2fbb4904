CREATE TABLE "events" (
	"id" bigserial NOT NULL,
	"site_id" bigint NOT NULL,
	"visit_id" bigint NOT NULL,
	"visitor" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"page_id" text NOT NULL,
	"url" text NOT NULL,
	"host" text NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"name" text,
	"props" jsonb,
	"duration_ms" integer NOT NULL,
	"ip" text NOT NULL,
	CONSTRAINT "events_ts_id_pk" PRIMARY KEY("ts","id")
);
--> statement-breakpoint
CREATE TABLE "rollup_daily" (
	"site_id" bigint NOT NULL,
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"pv" bigint NOT NULL,
	"uv" bigint NOT NULL,
	"ip" bigint NOT NULL,
	"visits" bigint NOT NULL,
	"new_visitors" bigint NOT NULL,
	"bounces" bigint NOT NULL,
	"duration_ms" bigint NOT NULL,
	"entries" bigint NOT NULL,
	"exits" bigint NOT NULL,
	CONSTRAINT "rollup_daily_site_id_day_dim_key_pk" PRIMARY KEY("site_id","day","dim","key")
);
--> statement-breakpoint
CREATE TABLE "rollup_dirty" (
	"site_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "rollup_dirty_site_id_hour_pk" PRIMARY KEY("site_id","hour")
);
--> statement-breakpoint
CREATE TABLE "rollup_hourly" (
	"site_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"pv" bigint NOT NULL,
	"uv" bigint NOT NULL,
	"ip" bigint NOT NULL,
	"visits" bigint NOT NULL,
	"new_visitors" bigint NOT NULL,
	"bounces" bigint NOT NULL,
	"duration_ms" bigint NOT NULL,
	CONSTRAINT "rollup_hourly_site_id_hour_pk" PRIMARY KEY("site_id","hour")
);
--> statement-breakpoint
CREATE TABLE "site_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"group_id" bigint,
	"name" text NOT NULL,
	"domains" text[] NOT NULL,
	"timezone" text DEFAULT 'Asia/Shanghai' NOT NULL,
	"tracking_key" text NOT NULL,
	"ignored_ips" text[] DEFAULT '{}'::text[] NOT NULL,
	"cookieless" boolean DEFAULT false NOT NULL,
	"respect_dnt" boolean DEFAULT false NOT NULL,
	"mask_ip" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"share_token" text,
	"share_password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" bigserial NOT NULL,
	"site_id" bigint NOT NULL,
	"visitor" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"local_day" date NOT NULL,
	"is_new" boolean NOT NULL,
	"pageviews" integer NOT NULL,
	"events" integer NOT NULL,
	"duration_ms" bigint NOT NULL,
	"entry_url" text NOT NULL,
	"entry_path" text NOT NULL,
	"exit_url" text NOT NULL,
	"exit_path" text NOT NULL,
	"referrer" text NOT NULL,
	"ref_category" text NOT NULL,
	"ref_domain" text,
	"ref_name" text,
	"keyword" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"ip" text NOT NULL,
	"country" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"isp" text NOT NULL,
	"browser" text NOT NULL,
	"browser_version" text NOT NULL,
	"os" text NOT NULL,
	"os_version" text NOT NULL,
	"device" text NOT NULL,
	"screen" text NOT NULL,
	"language" text NOT NULL,
	CONSTRAINT "visits_started_at_id_pk" PRIMARY KEY("started_at","id")
);
--> statement-breakpoint
ALTER TABLE "site_groups" ADD CONSTRAINT "site_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_group_id_site_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."site_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_site_ts_idx" ON "events" USING btree ("site_id","ts");--> statement-breakpoint
CREATE INDEX "events_visit_idx" ON "events" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "site_groups_user_id_idx" ON "site_groups" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_tracking_key_key" ON "sites" USING btree ("tracking_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_share_token_key" ON "sites" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "sites_user_id_idx" ON "sites" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sites_group_id_idx" ON "sites" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "visits_site_visitor_idx" ON "visits" USING btree ("site_id","visitor","last_at");--> statement-breakpoint
CREATE INDEX "visits_site_started_idx" ON "visits" USING btree ("site_id","started_at");--> statement-breakpoint
CREATE INDEX "visits_site_day_idx" ON "visits" USING btree ("site_id","local_day");