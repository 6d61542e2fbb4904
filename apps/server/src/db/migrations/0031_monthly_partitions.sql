-- Raw events and visits in monthly partitions (UTC months of `ts` and `started_at`), so retention drops
-- a month's table instead of deleting its rows one by one. Writers make a month before writing to it
-- (apps/server/src/db/month-partitions.ts); rows written without one (a restore's COPY) land in the
-- DEFAULT partition until tally_month_partitions() moves them into their month's table.
--
-- Makes the partitions of events and visits for the UTC month holding `day` that are missing, moving
-- that month's rows out of the default partitions first; returns how many it made. Serialised by an
-- advisory lock held to the end of the caller's transaction, so two processes asking at once make each
-- partition once.
CREATE OR REPLACE FUNCTION tally_month_partitions(day date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  m date := date_trunc('month', day)::date;
  lo timestamptz := m::timestamp AT TIME ZONE 'UTC';
  hi timestamptz := (m + interval '1 month')::timestamp AT TIME ZONE 'UTC';
  parent text;
  col text;
  part text;
  made integer := 0;
BEGIN
  FOR parent, col IN VALUES ('events', 'ts'), ('visits', 'started_at') LOOP
    part := format('%s_p%s', parent, to_char(m, 'YYYYMM'));
    -- Looked up before the lock too: a writer asking for a month that exists (nearly always) waits for
    -- no one.
    CONTINUE WHEN to_regclass(part) IS NOT NULL;
    PERFORM pg_advisory_xact_lock(hashtext('tally_month_partitions'));
    CONTINUE WHEN to_regclass(part) IS NOT NULL;
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', part, parent);
    -- Room on each page for the updated row versions of continued visits, so those updates stay HOT.
    IF parent = 'visits' THEN
      EXECUTE format('ALTER TABLE %I SET (fillfactor = 80)', part);
    END IF;
    EXECUTE format(
      'WITH moved AS (DELETE FROM %I WHERE %I >= $1 AND %I < $2 RETURNING *) INSERT INTO %I SELECT * FROM moved',
      parent || '_default', col, col, part) USING lo, hi;
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, part, lo, hi);
    made := made + 1;
  END LOOP;
  RETURN made;
END $$;
--> statement-breakpoint
ALTER TABLE "events" RENAME TO "events_unpartitioned";--> statement-breakpoint
ALTER TABLE "events_unpartitioned" RENAME CONSTRAINT "events_site_id_ts_id_pk" TO "events_unpartitioned_pk";--> statement-breakpoint
ALTER INDEX "events_visit_idx" RENAME TO "events_unpartitioned_visit_idx";--> statement-breakpoint
CREATE TABLE "events" (LIKE "events_unpartitioned" INCLUDING DEFAULTS) PARTITION BY RANGE ("ts");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_site_id_ts_id_pk" PRIMARY KEY ("site_id", "ts", "id");--> statement-breakpoint
CREATE INDEX "events_visit_idx" ON "events" USING btree ("visit_id");--> statement-breakpoint
-- The sequence goes with the old table otherwise.
ALTER SEQUENCE "events_id_seq" OWNED BY "events"."id";--> statement-breakpoint
CREATE TABLE "events_default" PARTITION OF "events" DEFAULT;--> statement-breakpoint
ALTER TABLE "visits" RENAME TO "visits_unpartitioned";--> statement-breakpoint
ALTER TABLE "visits_unpartitioned" RENAME CONSTRAINT "visits_site_id_started_at_id_pk" TO "visits_unpartitioned_pk";--> statement-breakpoint
ALTER INDEX "visits_site_visitor_started_idx" RENAME TO "visits_unpartitioned_visitor_idx";--> statement-breakpoint
CREATE TABLE "visits" (LIKE "visits_unpartitioned" INCLUDING DEFAULTS) PARTITION BY RANGE ("started_at");--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_site_id_started_at_id_pk" PRIMARY KEY ("site_id", "started_at", "id");--> statement-breakpoint
CREATE INDEX "visits_site_visitor_started_idx" ON "visits" USING btree ("site_id", "visitor", "started_at");--> statement-breakpoint
ALTER SEQUENCE "visits_id_seq" OWNED BY "visits"."id";--> statement-breakpoint
CREATE TABLE "visits_default" PARTITION OF "visits" DEFAULT WITH (fillfactor = 80);--> statement-breakpoint
-- A partition for every month that holds rows, and this month and the next two, before the rows move.
DO $$
DECLARE
  m date;
BEGIN
  FOR m IN
    SELECT date_trunc('month', ts AT TIME ZONE 'UTC')::date FROM events_unpartitioned
    UNION SELECT date_trunc('month', started_at AT TIME ZONE 'UTC')::date FROM visits_unpartitioned
    UNION SELECT (date_trunc('month', now() AT TIME ZONE 'UTC') + k * interval '1 month')::date
            FROM generate_series(0, 2) AS k
  LOOP
    PERFORM tally_month_partitions(m);
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "events" SELECT * FROM "events_unpartitioned";--> statement-breakpoint
INSERT INTO "visits" SELECT * FROM "visits_unpartitioned";--> statement-breakpoint
DROP TABLE "events_unpartitioned";--> statement-breakpoint
DROP TABLE "visits_unpartitioned";
