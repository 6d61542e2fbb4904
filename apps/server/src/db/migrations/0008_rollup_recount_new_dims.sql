-- Reports read three new daily dimensions (cn_province, referrer, visitor_type): recount the days whose
-- raw visits are still complete. A site's earliest remaining day may have been cut by the retention
-- job, so it keeps its rollups as they are.
INSERT INTO "rollup_dirty_days" ("site_id", "day")
SELECT d."site_id", d."day"
  FROM "rollup_daily" d
  JOIN (SELECT "site_id", min("local_day") AS "first_day" FROM "visits" GROUP BY "site_id") v ON v."site_id" = d."site_id"
 WHERE d."dim" = 'site' AND d."key" = '' AND d."day" > v."first_day"
ON CONFLICT DO NOTHING;
