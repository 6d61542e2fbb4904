import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPORT_BASE } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_WIN, newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { zipFiles } from '../../../test/import-files.js';
import { importFiles } from '../../../test/import-helpers.js';
import { IP, NOW, visitor, writeTraffic } from '../../../test/report-traffic.js';

/**
 * Plausible's CSV export zip: `imported_<table>_<from>_<to>.csv` with the columns of
 * lib/plausible/imported/csv_importer.ex (plausible/analytics). It becomes daily aggregates that the
 * reports add to the site's own figures.
 */
const RANGE = '20260308_20260309';
const EXPORT = {
  [`imported_visitors_${RANGE}.csv`]:
    'date,visitors,pageviews,bounces,visits,visit_duration\n2026-03-08,10,30,4,12,600\n2026-03-09,5,9,1,6,120\n',
  [`imported_pages_${RANGE}.csv`]:
    'date,hostname,page,visitors,pageviews,exits,time_on_page\n2026-03-08,example.com,/,8,20,5,300\n2026-03-09,example.com,/pricing,4,9,6,60\n',
  [`imported_sources_${RANGE}.csv`]:
    'date,source,utm_medium,utm_campaign,utm_content,utm_term,visitors,visits,visit_duration,bounces\n2026-03-08,Google,,,,,6,7,300,2\n',
  [`imported_entry_pages_${RANGE}.csv`]:
    'date,entry_page,visitors,entrances,visit_duration,bounces\n2026-03-08,/,8,10,500,3\n',
  [`imported_exit_pages_${RANGE}.csv`]: 'date,exit_page,visitors,exits\n2026-03-08,/,7,9\n',
  [`imported_locations_${RANGE}.csv`]:
    'date,country,region,city,visitors,visits,visit_duration,bounces\n2026-03-08,US,US-CA,0,3,4,100,1\n2026-03-09,CN,,0,2,2,10,0\n',
  [`imported_devices_${RANGE}.csv`]:
    'date,device,visitors,visits,visit_duration,bounces\n2026-03-08,Desktop,9,11,550,4\n',
  [`imported_browsers_${RANGE}.csv`]:
    'date,browser,visitors,visits,visit_duration,bounces\n2026-03-08,Firefox,9,11,550,4\n',
  [`imported_operating_systems_${RANGE}.csv`]:
    'date,operating_system,visitors,visits,visit_duration,bounces\n2026-03-08,Linux,9,11,550,4\n',
};

describe('imports: Plausible export zip', () => {
  let t: TestApp;
  let dir: string;
  let owner: Awaited<ReturnType<typeof newOwner>>;
  let site: Awaited<ReturnType<typeof newSite>>;
  const get = async (report: string, query = '') => {
    const res = await t.call('GET', `${REPORT_BASE}${report}?site_id=${site.id}&range=7d${query}`, {
      token: owner.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => NOW });
    dir = await mkdtemp(path.join(tmpdir(), 'plausible-'));
    owner = await newOwner(t);
    site = await newSite(t, owner);
    // The site's own traffic on 03-09: one visit of one page view.
    await writeTraffic(t, [
      visitor(site.tracking_key, 'own00001', IP.usa, CHROME_WIN).pv('2026-03-09 12:00:00', '/pricing', 'o1'),
    ]);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('adds the imported days to the reports’ own figures, and undo takes them away', async () => {
    const zip = zipFiles(path.join(dir, 'plausible-export.zip'), EXPORT);
    const made = await importFiles(t, owner.auth, site.id, 'plausible', [zip]);
    expect(await t.services.imports.run(made.import.id)).toMatchObject({
      status: 'done',
      rows_total: 12,
      rows_written: 12,
    });

    const trend = await get('/trend');
    const day = (key: string) => trend.points.find((p: { key: string }) => p.key === key).current;
    expect(day('2026-03-08')).toMatchObject({
      pv: 30,
      uv: 10,
      visits: 12,
      bounce_rate: 0.3333,
      avg_duration: 50,
    });
    // Imported 9 page views and 6 visits, plus the site's own one.
    expect(day('2026-03-09')).toMatchObject({ pv: 10, uv: 6, visits: 7 });
    expect(trend.totals).toMatchObject({ pv: 40, visits: 19 });

    const pages = await get('/content/page');
    expect(pages.list.find((r: { key: string }) => r.key === '/')).toMatchObject({
      pv: 20,
      entries: 10,
      exits: 9,
    });
    expect(pages.list.find((r: { key: string }) => r.key === '/pricing')).toMatchObject({ pv: 10 });
    expect((await get('/refer/domain')).list).toContainEqual(
      expect.objectContaining({ key: 'Google', visits: 7 }),
    );
    const countries = (await get('/visitors/area', '&scope=country')).list.map(
      (r: { key: string; visits: number }) => [r.key, r.visits],
    );
    expect(countries).toEqual(
      expect.arrayContaining([
        ['美国', 5],
        ['中国', 2],
      ]),
    );
    expect((await get('/content/entry')).list).toContainEqual(
      expect.objectContaining({ key: '/', visits: 10 }),
    );

    await t.services.imports.undo(owner.auth, made.import.id);
    await t.services.rollups.refresh();
    expect((await get('/trend')).totals).toMatchObject({ pv: 1, visits: 1 });
  });

  it('a zip without Plausible tables, a damaged zip, and a table missing a column fail and keep nothing', async () => {
    const other = zipFiles(path.join(dir, 'other.zip'), { 'readme.txt': 'hello' });
    const a = await importFiles(t, owner.auth, site.id, 'plausible', [other]);
    expect(await t.services.imports.run(a.import.id)).toMatchObject({
      status: 'failed',
      failure: 'a Plausible import needs its export zip (imported_*.csv files)',
    });
    const damaged = path.join(dir, 'damaged.zip');
    await writeFile(damaged, 'PK\u0003\u0004 not really a zip');
    const b = await importFiles(t, owner.auth, site.id, 'plausible', [damaged]);
    expect((await t.services.imports.run(b.import.id))?.failure).toBe('not a zip file, or a damaged one');
    const noColumn = zipFiles(path.join(dir, 'no-column.zip'), {
      'imported_visitors.csv': 'date,visitors\n2026-03-08,1\n',
    });
    const c = await importFiles(t, owner.auth, site.id, 'plausible', [noColumn]);
    expect((await t.services.imports.run(c.import.id))?.failure).toBe(
      'missing column pageviews in imported_visitors.csv',
    );
    const [n] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from imported_daily where site_id = $1',
      [site.id],
    );
    expect(n!.n).toBe(0);
  });

  it('the plan limits imported rows: twelve months of its page views, less what the owner imported', async () => {
    const plan = await t.services.subscriptions.info(owner.id);
    const zip = zipFiles(path.join(dir, 'quota.zip'), {
      [`imported_visitors_${RANGE}.csv`]: EXPORT[`imported_visitors_${RANGE}.csv`]!,
    });
    const made = await importFiles(t, owner.auth, site.id, 'plausible', [zip]);
    const [row] = await t.db.query<{ row_limit: string }>('select row_limit from imports where id = $1', [
      made.import.id,
    ]);
    expect(Number(row!.row_limit)).toBe(12 * plan.plan.limits.monthly_pageviews);
    // The owner's allowance used up elsewhere: the import is refused before a row is written.
    await t.db.query('update imports set row_limit = 1 where id = $1', [made.import.id]);
    expect(await t.services.imports.run(made.import.id)).toMatchObject({
      status: 'failed',
      failure: 'the import holds 2 rows; your plan allows 1 more imported rows',
    });
    const admin = await newOwner(t, ['admin']);
    const adminSite = await newSite(t, admin);
    const free = await importFiles(t, admin.auth, adminSite.id, 'plausible', [zip]);
    const [r2] = await t.db.query<{ row_limit: string | null }>(
      'select row_limit from imports where id = $1',
      [free.import.id],
    );
    expect(r2!.row_limit).toBeNull();
  });
});
