DROP INDEX "events_site_ts_idx";--> statement-breakpoint
DROP INDEX "visits_site_started_idx";--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_ts_id_pk";--> statement-breakpoint
ALTER TABLE "visits" DROP CONSTRAINT "visits_started_at_id_pk";--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_site_id_ts_id_pk" PRIMARY KEY("site_id","ts","id");--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_site_id_started_at_id_pk" PRIMARY KEY("site_id","started_at","id");