ALTER TABLE "rollup_dirty" DROP CONSTRAINT "rollup_dirty_site_id_hour_pk";--> statement-breakpoint
CREATE INDEX "rollup_dirty_hour_site_idx" ON "rollup_dirty" USING btree ("hour","site_id");