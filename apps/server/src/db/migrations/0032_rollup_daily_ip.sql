-- The `ip` dimension's daily rows move out of rollup_daily into a narrower table of their own (see the
-- schema's comment on rollup_daily_ip): their `ip` was always 1 and their entries and exits 0.
CREATE TABLE "rollup_daily_ip" (
	"site_id" bigint NOT NULL,
	"day" date NOT NULL,
	"ip" text NOT NULL,
	"pv" integer NOT NULL,
	"uv" integer NOT NULL,
	"visits" integer NOT NULL,
	"new_visitors" integer NOT NULL,
	"bounces" integer NOT NULL,
	"duration_ms" bigint NOT NULL,
	CONSTRAINT "rollup_daily_ip_site_id_day_ip_pk" PRIMARY KEY("site_id","day","ip")
);--> statement-breakpoint
INSERT INTO "rollup_daily_ip" ("site_id", "day", "ip", "pv", "uv", "visits", "new_visitors", "bounces", "duration_ms")
SELECT "site_id", "day", "key", "pv", "uv", "visits", "new_visitors", "bounces", "duration_ms"
  FROM "rollup_daily" WHERE "dim" = 'ip';--> statement-breakpoint
DELETE FROM "rollup_daily" WHERE "dim" = 'ip';
