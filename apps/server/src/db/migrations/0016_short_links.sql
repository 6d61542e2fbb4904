CREATE TABLE "short_link_daily" (
	"link_id" bigint NOT NULL,
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"clicks" bigint NOT NULL,
	CONSTRAINT "short_link_daily_link_id_dim_day_key_pk" PRIMARY KEY("link_id","dim","day","key")
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"target" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"max_visits" integer,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_code_key" ON "short_links" USING btree ("code");