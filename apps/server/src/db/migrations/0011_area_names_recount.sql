-- One place, one name (packages/contracts/src/area-names.ts): ip2region's IPv4 database names
-- municipalities and autonomous regions short (北京, 广西) and carriers short (电信), its IPv6 database
-- in full (北京市, 中国电信公众宽带). Stored visits take the canonical names the enrichment now writes,
-- then every day whose raw visits are complete is recounted, which also gives 受访域名 its entries and
-- exits. A site's earliest remaining day may have been cut by the retention job, so it is not recounted:
-- its province rows under a short name are added to the full name's instead (a recount never deletes a
-- key, so the short names would otherwise stay beside the full ones on every day).
CREATE TABLE "area_province_names" ("short" text PRIMARY KEY, "full" text NOT NULL);--> statement-breakpoint
INSERT INTO "area_province_names" ("short", "full") VALUES
  ('北京', '北京市'),
  ('天津', '天津市'),
  ('上海', '上海市'),
  ('重庆', '重庆市'),
  ('河北', '河北省'),
  ('山西', '山西省'),
  ('辽宁', '辽宁省'),
  ('吉林', '吉林省'),
  ('黑龙江', '黑龙江省'),
  ('江苏', '江苏省'),
  ('浙江', '浙江省'),
  ('安徽', '安徽省'),
  ('福建', '福建省'),
  ('江西', '江西省'),
  ('山东', '山东省'),
  ('河南', '河南省'),
  ('湖北', '湖北省'),
  ('湖南', '湖南省'),
  ('广东', '广东省'),
  ('海南', '海南省'),
  ('四川', '四川省'),
  ('贵州', '贵州省'),
  ('云南', '云南省'),
  ('陕西', '陕西省'),
  ('甘肃', '甘肃省'),
  ('青海', '青海省'),
  ('台湾', '台湾省'),
  ('内蒙古', '内蒙古自治区'),
  ('广西', '广西壮族自治区'),
  ('西藏', '西藏自治区'),
  ('宁夏', '宁夏回族自治区'),
  ('新疆', '新疆维吾尔自治区'),
  ('香港', '香港特别行政区'),
  ('澳门', '澳门特别行政区');--> statement-breakpoint
UPDATE "visits" v SET "province" = n."full"
  FROM "area_province_names" n
 WHERE v."country" = '中国' AND v."province" = n."short";--> statement-breakpoint
UPDATE "visits" SET "city" = "province"
 WHERE "country" = '中国' AND "city" = '' AND "province" IN ('北京市', '天津市', '上海市', '重庆市');--> statement-breakpoint
UPDATE "visits" SET "isp" = CASE
    WHEN "isp" LIKE '中国电信%' THEN '电信'
    WHEN "isp" LIKE '中国联通%' OR "isp" LIKE '中国网通%' THEN '联通'
    WHEN "isp" LIKE '中国移动%' THEN '移动'
    WHEN "isp" LIKE '中国铁通%' THEN '铁通'
    WHEN "isp" LIKE '中国广电%' THEN '广电'
    WHEN "isp" ~* '教育网|CERNET' THEN '教育网'
    ELSE '阿里云'
  END
 WHERE "isp" ~* '^(中国(电信|联通|网通|移动|铁通|广电)|阿里云)|教育网|CERNET'
   AND "isp" NOT IN ('电信', '联通', '移动', '铁通', '广电', '教育网', '阿里云');--> statement-breakpoint
INSERT INTO "rollup_daily" ("site_id", "day", "dim", "key", "pv", "uv", "ip", "visits", "new_visitors", "bounces", "duration_ms", "entries", "exits")
SELECT r."site_id", r."day", r."dim", n."full", r."pv", r."uv", r."ip", r."visits", r."new_visitors", r."bounces", r."duration_ms", r."entries", r."exits"
  FROM "rollup_daily" r JOIN "area_province_names" n ON n."short" = r."key"
 WHERE r."dim" IN ('province', 'cn_province')
ON CONFLICT ("site_id", "dim", "day", "key") DO UPDATE SET
  "pv" = "rollup_daily"."pv" + excluded."pv",
  "uv" = "rollup_daily"."uv" + excluded."uv",
  "ip" = "rollup_daily"."ip" + excluded."ip",
  "visits" = "rollup_daily"."visits" + excluded."visits",
  "new_visitors" = "rollup_daily"."new_visitors" + excluded."new_visitors",
  "bounces" = "rollup_daily"."bounces" + excluded."bounces",
  "duration_ms" = "rollup_daily"."duration_ms" + excluded."duration_ms",
  "entries" = "rollup_daily"."entries" + excluded."entries",
  "exits" = "rollup_daily"."exits" + excluded."exits";--> statement-breakpoint
DELETE FROM "rollup_daily" r USING "area_province_names" n
 WHERE r."dim" IN ('province', 'cn_province') AND r."key" = n."short";--> statement-breakpoint
DROP TABLE "area_province_names";--> statement-breakpoint
INSERT INTO "rollup_dirty_days" ("site_id", "day")
SELECT d."site_id", d."day"
  FROM "rollup_daily" d
  JOIN (SELECT "site_id", min("local_day") AS "first_day" FROM "visits" GROUP BY "site_id") v ON v."site_id" = d."site_id"
 WHERE d."dim" = 'site' AND d."key" = '' AND d."day" > v."first_day"
ON CONFLICT DO NOTHING;
