import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { shanghai, visitor, writeTraffic } from '../../../../test/report-traffic.js';
import { MIGRATIONS_DIR } from '../../../db/client.js';

const MIGRATION = readFileSync(`${MIGRATIONS_DIR}/0011_area_names_recount.sql`, 'utf8');
const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Visits stored before names were made canonical: the migration renames them and the rollups follow. */
describe('migration 0011: one place, one name in stored visits and rollups', () => {
  let t: TestApp;
  let siteId: number;
  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => shanghai('2026-03-10 20:00:00') });
    const owner = await newOwner(t);
    const site = await newSite(t, owner, { domains: ['example.com'] });
    siteId = site.id;
    await writeTraffic(t, [
      // The site's first day may have been cut by retention: it keeps its rollups, so start a day earlier.
      visitor(site.tracking_key, 'firstday1', '8.8.8.8', UA).pv('2026-03-08 10:00:00', '/', 'f'),
      visitor(site.tracking_key, 'v4visit01', '61.135.169.121', UA).pv('2026-03-09 10:00:00', '/', 'a'),
      visitor(site.tracking_key, 'v6visit01', '2408:8207:1851:a6b0::1', UA).pv(
        '2026-03-10 10:00:00',
        '/',
        'b',
      ),
      visitor(site.tracking_key, 'v4visit02', '202.96.209.5', UA).pv('2026-03-10 11:00:00', '/', 'c'),
    ]);
    // As an older version stored them: IPv4 short names, IPv6 long ones and no city.
    await t.db.query(`update visits set province = '北京', isp = '联通' where visitor = 'v4visit01'`);
    await t.db.query(
      `update visits set province = '北京市', city = '', isp = '中国联通公众宽带' where visitor = 'v6visit01'`,
    );
    await t.db.query(`update visits set province = '上海', isp = '电信' where visitor = 'v4visit02'`);
    await t.db.query(
      `update rollup_daily set key = '北京' where dim in ('province', 'cn_province') and key = '北京市'`,
    );
  });
  afterAll(() => t.close());

  /** The first day is not recounted (retention may have cut it): its rows are merged by name. */
  const firstDay = (key: string, pv: number) =>
    t.db.query(
      `insert into rollup_daily (site_id, day, dim, key, pv, uv, ip, visits, new_visitors, bounces, duration_ms, entries, exits)
       values ($1, '2026-03-08', 'cn_province', $2, $3, 1, 1, 1, 0, 0, 0, 0, 0)`,
      [siteId, key, pv],
    );

  it('renames stored places and carriers, merges the first day’s rollups, then the recount lists Beijing once', async () => {
    await firstDay('北京', 2);
    await firstDay('北京市', 3);
    for (const statement of MIGRATION.split('--> statement-breakpoint')) await t.db.query(statement);
    const rows = await t.db.query<Record<string, string>>(
      "select visitor, province, city, isp from visits where site_id = $1 and country = '中国' order by visitor",
      [siteId],
    );
    expect(rows).toEqual([
      { visitor: 'v4visit01', province: '北京市', city: '北京市', isp: '联通' },
      { visitor: 'v4visit02', province: '上海市', city: '上海市', isp: '电信' },
      { visitor: 'v6visit01', province: '北京市', city: '北京市', isp: '联通' },
    ]);
    await t.services.rollups.refresh();
    const keys = await t.db.query<{ key: string }>(
      `select distinct key from rollup_daily where site_id = $1 and dim = 'cn_province' order by key`,
      [siteId],
    );
    expect(keys.map((k) => k.key).sort()).toEqual(['上海市', '北京市']);
    const [merged] = await t.db.query<{ pv: number; visits: number }>(
      `select pv::int as pv, visits::int as visits from rollup_daily
        where site_id = $1 and dim = 'cn_province' and day = '2026-03-08' and key = '北京市'`,
      [siteId],
    );
    expect(merged).toEqual({ pv: 5, visits: 2 });
  });
});
