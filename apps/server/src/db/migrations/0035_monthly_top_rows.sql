CREATE TABLE "rollup_dirty_months" (
	"site_id" bigint NOT NULL,
	"month" date NOT NULL,
	CONSTRAINT "rollup_dirty_months_site_id_month_pk" PRIMARY KEY("site_id","month")
);
--> statement-breakpoint
CREATE TABLE "rollup_monthly_top" (
	"site_id" bigint NOT NULL,
	"dim" text NOT NULL,
	"month" date NOT NULL,
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
	"last_day" date NOT NULL,
	CONSTRAINT "rollup_monthly_top_site_id_dim_month_key_pk" PRIMARY KEY("site_id","dim","month","key")
);
--> statement-breakpoint
-- The settled months already counted, as the rollups job now keeps them (a frozen copy of rollups.sql.ts's
-- MONTHLY_SQL at this migration): per key its top rows of the month added up, and its last top day.
INSERT INTO "rollup_monthly_top" ("site_id", "dim", "month", "key", "pv", "uv", "ip", "visits", "new_visitors",
                                  "bounces", "duration_ms", "entries", "exits", "last_day")
SELECT "site_id", "dim", date_trunc('month', "day")::date, "key", sum("pv"), sum("uv"), sum("ip"), sum("visits"),
       sum("new_visitors"), sum("bounces"), sum("duration_ms"), sum("entries"), sum("exits"), max("day")
  FROM (SELECT "site_id", "dim", "day", "key", "pv", "uv", "ip", "visits", "new_visitors", "bounces", "duration_ms",
               "entries", "exits"
          FROM "rollup_daily" WHERE "top"
        UNION ALL
        SELECT "site_id", 'ip', "day", "ip", "pv", "uv", 1, "visits", "new_visitors", "bounces", "duration_ms", 0, 0
          FROM "rollup_daily_ip" WHERE "top") t
 WHERE "day" < date_trunc('month', (now() at time zone 'UTC')::date - 2)::date
 GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Months not yet settled that already have days: counted once they settle.
INSERT INTO "rollup_dirty_months" ("site_id", "month")
SELECT DISTINCT "site_id", date_trunc('month', "day")::date FROM "rollup_daily"
 WHERE "dim" = 'site' AND "day" >= date_trunc('month', (now() at time zone 'UTC')::date - 2)::date;
