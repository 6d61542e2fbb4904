CREATE SEQUENCE "public"."rollup_ip_sketch_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "rollup_ip_days" (
	"site_id" bigint NOT NULL,
	"day" date NOT NULL,
	"sketch" "bytea" NOT NULL,
	"version" bigint DEFAULT nextval('rollup_ip_sketch_version') NOT NULL,
	CONSTRAINT "rollup_ip_days_site_id_day_pk" PRIMARY KEY("site_id","day")
);
--> statement-breakpoint
CREATE TABLE "rollup_ip_months" (
	"site_id" bigint NOT NULL,
	"month" date NOT NULL,
	"days" integer NOT NULL,
	"version" bigint NOT NULL,
	"sketch" "bytea" NOT NULL,
	CONSTRAINT "rollup_ip_months_site_id_month_pk" PRIMARY KEY("site_id","month")
);
--> statement-breakpoint
ALTER TABLE "rollup_daily" ADD COLUMN "top" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rollup_daily_ip" ADD COLUMN "top" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "rollup_daily_top_idx" ON "rollup_daily" USING btree ("site_id","dim","day") WHERE top;--> statement-breakpoint
CREATE INDEX "rollup_daily_ip_top_idx" ON "rollup_daily_ip" USING btree ("site_id","day") WHERE top;--> statement-breakpoint
-- What the daily recount now writes, for the days already counted (a frozen copy of rollups.sql.ts at
-- this migration): each day's 100 keys of a dimension with the most visits (pages and hosts: page views),
-- its 100 addresses with the most visits, and the sketch of its addresses.
UPDATE "rollup_daily" r SET "top" = true
  FROM (SELECT "site_id", "dim", "day", "key",
               row_number() OVER (PARTITION BY "site_id", "dim", "day"
                                  ORDER BY CASE WHEN "dim" IN ('page', 'domain') THEN "pv" ELSE "visits" END DESC,
                                           CASE WHEN "dim" IN ('page', 'domain') THEN "visits" ELSE "pv" END DESC,
                                           "key" COLLATE "C") AS n
          FROM "rollup_daily") t
 WHERE t.n <= 100 AND r."site_id" = t."site_id" AND r."dim" = t."dim" AND r."day" = t."day" AND r."key" = t."key";--> statement-breakpoint
UPDATE "rollup_daily_ip" r SET "top" = true
  FROM (SELECT "site_id", "day", "ip",
               row_number() OVER (PARTITION BY "site_id", "day" ORDER BY "visits" DESC, "pv" DESC, "ip" COLLATE "C") AS n
          FROM "rollup_daily_ip") t
 WHERE t.n <= 100 AND r."site_id" = t."site_id" AND r."day" = t."day" AND r."ip" = t."ip";--> statement-breakpoint
INSERT INTO "rollup_ip_days" ("site_id", "day", "sketch")
SELECT "site_id", "day", string_agg(substr(int4send(slot), 2), ''::bytea ORDER BY slot)
  FROM (SELECT "site_id", "day",
               max((((h >> 48) & 65535) << 6 | coalesce(nullif(position(B'1' IN (h::bit(64) << 16)), 0), 49))::int) AS slot
          FROM (SELECT "site_id", "day", hashtextextended("ip", 0) AS h FROM "rollup_daily_ip") a
         GROUP BY "site_id", "day", (h >> 48) & 65535) r
 GROUP BY "site_id", "day";
