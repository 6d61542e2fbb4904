-- One place, one name (packages/contracts/src/area-names.ts): ip2region's IPv4 database names
-- municipalities and autonomous regions short (北京, 广西) and carriers short (电信), its IPv6 database
-- in full (北京市, 中国电信公众宽带). Stored visits take the canonical names the enrichment now writes,
-- then every day whose raw visits are complete is recounted, which also gives 受访域名 its entries and
-- exits. A site's earliest remaining day may have been cut by the retention job, so it is not recounted:
-- its province rows under a short name are added to the full name's instead (a recount never deletes a
-- key, so the short names would otherwise stay beside the full ones on every day).
UPDATE "visits" SET "province" = CASE "province"
    WHEN '北京' THEN '北京市'
    WHEN '天津' THEN '天津市'
    WHEN '上海' THEN '上海市'
    WHEN '重庆' THEN '重庆市'
    WHEN '河北' THEN '河北省'
    WHEN '山西' THEN '山西省'
    WHEN '辽宁' THEN '辽宁省'
    WHEN '吉林' THEN '吉林省'
    WHEN '黑龙江' THEN '黑龙江省'
    WHEN '江苏' THEN '江苏省'
    WHEN '浙江' THEN '浙江省'
    WHEN '安徽' THEN '安徽省'
    WHEN '福建' THEN '福建省'
    WHEN '江西' THEN '江西省'
    WHEN '山东' THEN '山东省'
    WHEN '河南' THEN '河南省'
    WHEN '湖北' THEN '湖北省'
    WHEN '湖南' THEN '湖南省'
    WHEN '广东' THEN '广东省'
    WHEN '海南' THEN '海南省'
    WHEN '四川' THEN '四川省'
    WHEN '贵州' THEN '贵州省'
    WHEN '云南' THEN '云南省'
    WHEN '陕西' THEN '陕西省'
    WHEN '甘肃' THEN '甘肃省'
    WHEN '青海' THEN '青海省'
    WHEN '台湾' THEN '台湾省'
    WHEN '内蒙古' THEN '内蒙古自治区'
    WHEN '广西' THEN '广西壮族自治区'
    WHEN '西藏' THEN '西藏自治区'
    WHEN '宁夏' THEN '宁夏回族自治区'
    WHEN '新疆' THEN '新疆维吾尔自治区'
    WHEN '香港' THEN '香港特别行政区'
    WHEN '澳门' THEN '澳门特别行政区'
  END
 WHERE "country" = '中国' AND "province" IN ('北京', '天津', '上海', '重庆', '河北', '山西', '辽宁', '吉林', '黑龙江', '江苏', '浙江', '安徽', '福建', '江西', '山东', '河南', '湖北', '湖南', '广东', '海南', '四川', '贵州', '云南', '陕西', '甘肃', '青海', '台湾', '内蒙古', '广西', '西藏', '宁夏', '新疆', '香港', '澳门');--> statement-breakpoint
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
 WHERE "isp" ~* '^(中国(电信|联通|网通|移动|铁通|广电)|阿里云)|教育网|CERNET' AND "isp" NOT IN ('电信', '联通', '移动', '铁通', '广电', '教育网', '阿里云');--> statement-breakpoint
INSERT INTO "rollup_daily" ("site_id", "day", "dim", "key", "pv", "uv", "ip", "visits", "new_visitors", "bounces", "duration_ms", "entries", "exits")
SELECT "site_id", "day", "dim", CASE "key"
    WHEN '北京' THEN '北京市'
    WHEN '天津' THEN '天津市'
    WHEN '上海' THEN '上海市'
    WHEN '重庆' THEN '重庆市'
    WHEN '河北' THEN '河北省'
    WHEN '山西' THEN '山西省'
    WHEN '辽宁' THEN '辽宁省'
    WHEN '吉林' THEN '吉林省'
    WHEN '黑龙江' THEN '黑龙江省'
    WHEN '江苏' THEN '江苏省'
    WHEN '浙江' THEN '浙江省'
    WHEN '安徽' THEN '安徽省'
    WHEN '福建' THEN '福建省'
    WHEN '江西' THEN '江西省'
    WHEN '山东' THEN '山东省'
    WHEN '河南' THEN '河南省'
    WHEN '湖北' THEN '湖北省'
    WHEN '湖南' THEN '湖南省'
    WHEN '广东' THEN '广东省'
    WHEN '海南' THEN '海南省'
    WHEN '四川' THEN '四川省'
    WHEN '贵州' THEN '贵州省'
    WHEN '云南' THEN '云南省'
    WHEN '陕西' THEN '陕西省'
    WHEN '甘肃' THEN '甘肃省'
    WHEN '青海' THEN '青海省'
    WHEN '台湾' THEN '台湾省'
    WHEN '内蒙古' THEN '内蒙古自治区'
    WHEN '广西' THEN '广西壮族自治区'
    WHEN '西藏' THEN '西藏自治区'
    WHEN '宁夏' THEN '宁夏回族自治区'
    WHEN '新疆' THEN '新疆维吾尔自治区'
    WHEN '香港' THEN '香港特别行政区'
    WHEN '澳门' THEN '澳门特别行政区'
  END, "pv", "uv", "ip", "visits", "new_visitors", "bounces", "duration_ms", "entries", "exits"
  FROM "rollup_daily"
 WHERE "dim" IN ('province', 'cn_province') AND "key" IN ('北京', '天津', '上海', '重庆', '河北', '山西', '辽宁', '吉林', '黑龙江', '江苏', '浙江', '安徽', '福建', '江西', '山东', '河南', '湖北', '湖南', '广东', '海南', '四川', '贵州', '云南', '陕西', '甘肃', '青海', '台湾', '内蒙古', '广西', '西藏', '宁夏', '新疆', '香港', '澳门')
ON CONFLICT ("site_id", "dim", "day", "key") DO UPDATE SET "pv" = "rollup_daily"."pv" + excluded."pv", "uv" = "rollup_daily"."uv" + excluded."uv", "ip" = "rollup_daily"."ip" + excluded."ip", "visits" = "rollup_daily"."visits" + excluded."visits", "new_visitors" = "rollup_daily"."new_visitors" + excluded."new_visitors", "bounces" = "rollup_daily"."bounces" + excluded."bounces", "duration_ms" = "rollup_daily"."duration_ms" + excluded."duration_ms", "entries" = "rollup_daily"."entries" + excluded."entries", "exits" = "rollup_daily"."exits" + excluded."exits";--> statement-breakpoint
DELETE FROM "rollup_daily" WHERE "dim" IN ('province', 'cn_province') AND "key" IN ('北京', '天津', '上海', '重庆', '河北', '山西', '辽宁', '吉林', '黑龙江', '江苏', '浙江', '安徽', '福建', '江西', '山东', '河南', '湖北', '湖南', '广东', '海南', '四川', '贵州', '云南', '陕西', '甘肃', '青海', '台湾', '内蒙古', '广西', '西藏', '宁夏', '新疆', '香港', '澳门');--> statement-breakpoint
INSERT INTO "rollup_dirty_days" ("site_id", "day")
SELECT d."site_id", d."day"
  FROM "rollup_daily" d
  JOIN (SELECT "site_id", min("local_day") AS "first_day" FROM "visits" GROUP BY "site_id") v ON v."site_id" = d."site_id"
 WHERE d."dim" = 'site' AND d."key" = '' AND d."day" > v."first_day"
ON CONFLICT DO NOTHING;
