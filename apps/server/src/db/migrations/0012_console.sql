CREATE TABLE "user_counts" (
	"stripe" integer PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rollup_daily_site_day_idx" ON "rollup_daily" USING btree ("day","site_id","pv") WHERE "rollup_daily"."dim" = 'site';--> statement-breakpoint
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
