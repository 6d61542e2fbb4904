DROP INDEX "visits_site_visitor_idx";--> statement-breakpoint
CREATE INDEX "visits_site_visitor_started_idx" ON "visits" USING btree ("site_id","visitor","started_at");--> statement-breakpoint
-- Room on each page for the updated row versions of continued visits, so those updates stay HOT.
ALTER TABLE "visits" SET (fillfactor = 80);
