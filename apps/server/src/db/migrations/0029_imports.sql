CREATE TABLE "imported_daily" (
	"import_id" bigint NOT NULL,
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
	CONSTRAINT "imported_daily_site_id_dim_day_key_import_id_pk" PRIMARY KEY("site_id","dim","day","key","import_id")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"user_id" bigint,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"bytes" bigint NOT NULL,
	"status" text NOT NULL,
	"row_limit" bigint,
	"rows_total" bigint DEFAULT 0 NOT NULL,
	"rows_done" bigint DEFAULT 0 NOT NULL,
	"rows_written" bigint DEFAULT 0 NOT NULL,
	"rows_skipped" bigint DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"min_ts" timestamp with time zone,
	"max_ts" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "import_id" bigint;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "import_id" bigint;--> statement-breakpoint
ALTER TABLE "imported_daily" ADD CONSTRAINT "imported_daily_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_site_id_idx" ON "imports" USING btree ("site_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "imports_site_file_key" ON "imports" USING btree ("site_id","file_hash") WHERE status <> 'undone';