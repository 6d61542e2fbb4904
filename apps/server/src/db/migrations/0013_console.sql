CREATE TABLE "rollup_site_totals" (
	"day" date NOT NULL,
	"timezone" text NOT NULL,
	"pv" bigint NOT NULL,
	CONSTRAINT "rollup_site_totals_day_timezone_pk" PRIMARY KEY("day","timezone")
);
--> statement-breakpoint
CREATE TABLE "user_counts" (
	"stripe" integer PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_balances_held_idx" ON "users" USING btree ("balance","commission_balance") WHERE "users"."balance" <> 0 or "users"."commission_balance" <> 0;--> statement-breakpoint
-- The admin console's user count (schema/console.ts): statement triggers add each statement's inserted
-- and deleted rows to one stripe, chosen by backend, so concurrent registrations rarely share a row.
CREATE FUNCTION "user_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	delta bigint;
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT count(*) INTO delta FROM changed_rows;
	ELSE
		SELECT -count(*) INTO delta FROM changed_rows;
	END IF;
	IF delta <> 0 THEN
		INSERT INTO "user_counts" ("stripe", "n") VALUES (pg_backend_pid() % 16, delta)
		ON CONFLICT ("stripe") DO UPDATE SET "n" = "user_counts"."n" + excluded."n";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "user_counts";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_count_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "users_count_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "users_count_truncate" AFTER TRUNCATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_reset"();
--> statement-breakpoint
INSERT INTO "user_counts" ("stripe", "n") SELECT 0, count(*) FROM "users" HAVING count(*) > 0;
--> statement-breakpoint
-- The sites' daily totals summed per day and zone (schema/console.ts), kept by row triggers that fire only
-- for the `site` rows: a recount adds the change, a purge takes its rows away.
CREATE FUNCTION "rollup_site_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		INSERT INTO "rollup_site_totals" ("day", "timezone", "pv")
		VALUES (OLD."day", coalesce((SELECT "timezone" FROM "sites" WHERE "id" = OLD."site_id"), 'UTC'), -OLD."pv")
		ON CONFLICT ("day", "timezone") DO UPDATE SET "pv" = "rollup_site_totals"."pv" + excluded."pv";
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "rollup_site_totals" ("day", "timezone", "pv")
		VALUES (NEW."day", coalesce((SELECT "timezone" FROM "sites" WHERE "id" = NEW."site_id"), 'UTC'), NEW."pv")
		ON CONFLICT ("day", "timezone") DO UPDATE SET "pv" = "rollup_site_totals"."pv" + excluded."pv";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "rollup_site_totals_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "rollup_site_totals";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rollup_site_totals_insert" AFTER INSERT ON "rollup_daily"
	FOR EACH ROW WHEN (NEW."dim" = 'site') EXECUTE FUNCTION "rollup_site_totals_add"();
--> statement-breakpoint
CREATE TRIGGER "rollup_site_totals_update" AFTER UPDATE ON "rollup_daily"
	FOR EACH ROW WHEN (NEW."dim" = 'site' AND NEW."pv" IS DISTINCT FROM OLD."pv") EXECUTE FUNCTION "rollup_site_totals_add"();
--> statement-breakpoint
CREATE TRIGGER "rollup_site_totals_delete" AFTER DELETE ON "rollup_daily"
	FOR EACH ROW WHEN (OLD."dim" = 'site') EXECUTE FUNCTION "rollup_site_totals_add"();
--> statement-breakpoint
CREATE TRIGGER "rollup_site_totals_truncate" AFTER TRUNCATE ON "rollup_daily"
	FOR EACH STATEMENT EXECUTE FUNCTION "rollup_site_totals_reset"();
--> statement-breakpoint
INSERT INTO "rollup_site_totals" ("day", "timezone", "pv")
SELECT r."day", s."timezone", sum(r."pv") FROM "rollup_daily" r JOIN "sites" s ON s."id" = r."site_id"
 WHERE r."dim" = 'site' GROUP BY 1, 2;
