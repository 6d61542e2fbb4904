CREATE TABLE "rollup_day_keys" (
	"site_id" bigint NOT NULL,
	"dim" text NOT NULL,
	"day" date NOT NULL,
	"hashes" "bytea" NOT NULL,
	CONSTRAINT "rollup_day_keys_site_id_dim_day_pk" PRIMARY KEY("site_id","dim","day")
);
--> statement-breakpoint
-- The sets of the days already counted, as the daily recount now writes them (a frozen copy of
-- rollups.sql.ts's KEY_HASHES at this migration): a day's keys of each dimension, and its addresses.
INSERT INTO "rollup_day_keys" ("site_id", "dim", "day", "hashes")
SELECT "site_id", "dim", "day", string_agg(int8send("h"), ''::bytea ORDER BY "h")
  FROM (SELECT "site_id", "dim", "day", hashtextextended("key", 0) AS "h" FROM "rollup_daily"
        UNION ALL
        SELECT "site_id", 'ip', "day", hashtextextended("ip", 0) FROM "rollup_daily_ip") k
 GROUP BY "site_id", "dim", "day";
