import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMPORTS_API, REPORT_BASE } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import {
  UMAMI_EVENT_HEADER,
  UMAMI_SESSION_HEADER,
  umamiEventRow,
  umamiSessionRow,
  writeLines,
} from '../../../test/import-files.js';
import { counts, importFiles } from '../../../test/import-helpers.js';
import { NOW } from '../../../test/report-traffic.js';

/**
 * Umami CSV exports (website_event and session, the columns of Umami v2/v3's prisma/schema.prisma;
 * test/import-files.ts writes them as `COPY … CSV HEADER` does) into raw visits and events.
 * Times are UTC; the site is in Asia/Shanghai (+8).
 */
const SESSIONS = [
  umamiSessionRow({
    id: 's-0001',
    browser: 'chrome',
    os: 'Windows 10',
    device: 'desktop',
    country: 'CN',
    city: 'Shenzhen',
  }),
  umamiSessionRow({ id: 's-0002', browser: 'ios', os: 'iOS', device: 'mobile', country: 'US' }),
];
const EVENTS = [
  umamiEventRow({
    id: 'e1',
    session: 's-0001',
    at: '2026-03-09 02:00:00.000+00',
    path: '/',
    refDomain: 'www.baidu.com',
    refPath: '/s',
    refQuery: 'wd=tally',
    title: 'Home, "quoted"',
  }),
  umamiEventRow({ id: 'e2', session: 's-0001', at: '2026-03-09 02:05:00.000+00', path: '/pricing' }),
  umamiEventRow({
    id: 'e3',
    session: 's-0001',
    at: '2026-03-09 02:06:00.000+00',
    path: '/pricing',
    type: 2,
    name: 'signup',
  }),
  umamiEventRow({
    id: 'e4',
    session: 's-0002',
    at: '2026-03-09T03:00:00Z',
    path: '/docs',
    refDomain: 'news.example.org',
    refPath: '/post/1',
  }),
  // 50 minutes idle: a second, returning visit.
  umamiEventRow({ id: 'e5', session: 's-0002', at: '2026-03-09 03:50:00', path: '/' }),
  // A link event (type 3): not a hit.
  umamiEventRow({ id: 'e6', session: 's-0002', at: '2026-03-09 03:51:00', path: '/', type: 3 }),
];

describe('imports: Umami CSV', () => {
  let t: TestApp;
  let dir: string;
  let owner: Awaited<ReturnType<typeof newOwner>>;
  let siteId: number;
  let eventsCsv: string;
  let sessionsCsv: string;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => NOW });
    dir = await mkdtemp(path.join(tmpdir(), 'umami-'));
    owner = await newOwner(t);
    siteId = (await newSite(t, owner)).id;
    eventsCsv = writeLines(path.join(dir, 'website_event.csv'), UMAMI_EVENT_HEADER, EVENTS);
    sessionsCsv = writeLines(path.join(dir, 'session.csv'), UMAMI_SESSION_HEADER, SESSIONS);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  let importId: number;

  it('imports visits and events with the session’s browser and area and the referrer’s enrichment', async () => {
    const made = await importFiles(t, owner.auth, siteId, 'umami', [sessionsCsv, eventsCsv]);
    expect(made.duplicate).toBe(false);
    importId = made.import.id;
    const done = await t.services.imports.run(importId);
    expect(done).toMatchObject({
      status: 'done',
      rows_total: 6,
      rows_done: 6,
      rows_written: 5,
      rows_skipped: 1,
      error_count: 0,
      percent: 100,
    });
    expect(await counts(t, siteId)).toEqual({ visits: 3, pageviews: 4, customEvents: 1, events: 5 });
    await t.services.rollups.refresh();
    const res = await t.call('GET', `${REPORT_BASE}/visitor?site_id=${siteId}&range=7d&sort=started_at`, {
      token: owner.token,
    });
    expect(res.status).toBe(200);
    const [first, second, third] = res.body.data.list;
    expect(first).toMatchObject({
      is_new: true,
      browser: 'Chrome',
      os: 'Windows',
      device: 'desktop',
      country: '中国',
      city: 'Shenzhen',
      ref_category: 'search',
      engine: 'Baidu',
      keyword: 'tally',
      entry_url: 'https://example.com/',
      pageviews: 2,
      events: 1,
      duration: 360,
    });
    expect(second).toMatchObject({
      is_new: true,
      browser: 'Mobile Safari',
      country: '美国',
      ref_category: 'external',
    });
    expect(third).toMatchObject({ is_new: false, pageviews: 1 });
    const events = await t.call('GET', `${REPORT_BASE}/events?site_id=${siteId}&range=7d`, {
      token: owner.token,
    });
    expect(events.body.data.list).toEqual([{ name: 'signup', count: 1, visitors: 1, ratio: 1 }]);
    const trend = await t.call('GET', `${REPORT_BASE}/trend?site_id=${siteId}&range=7d`, {
      token: owner.token,
    });
    expect(trend.body.data.totals).toMatchObject({ pv: 4, visits: 3 });
  });

  it('a second import of the same files changes nothing', async () => {
    const before = await counts(t, siteId);
    const again = await importFiles(t, owner.auth, siteId, 'umami', [eventsCsv, sessionsCsv]);
    expect(again.duplicate).toBe(true);
    expect(again.import.id).toBe(importId);
    await t.services.imports.run(importId);
    expect(await counts(t, siteId)).toEqual(before);
    const [n] = await t.db.query<{ n: number }>('select count(*)::int as n from imports where site_id = $1', [
      siteId,
    ]);
    expect(n!.n).toBe(1);
  });

  it('undo deletes everything the import wrote, and the reports follow', async () => {
    const undone = await t.services.imports.undo(owner.auth, importId);
    expect(undone.status).toBe('undone');
    expect(await counts(t, siteId)).toEqual({ visits: 0, pageviews: 0, customEvents: 0, events: 0 });
    await t.services.rollups.refresh();
    const trend = await t.call('GET', `${REPORT_BASE}/trend?site_id=${siteId}&range=7d`, {
      token: owner.token,
    });
    expect(trend.body.data.totals).toMatchObject({ pv: 0, visits: 0 });
    await expect(t.services.imports.undo(owner.auth, importId)).rejects.toThrow('already undone');
    // Undone, the same file may be imported again.
    const again = await importFiles(t, owner.auth, siteId, 'umami', [eventsCsv]);
    expect(again.duplicate).toBe(false);
    await t.services.imports.run(again.import.id);
    expect((await counts(t, siteId)).events).toBe(5);
    await t.services.imports.undo(owner.auth, again.import.id);
  });

  it('a malformed file fails with a clear error and keeps nothing', async () => {
    // No url_path: no website_event table at all, refused when uploaded.
    const sessionsOnly = writeLines(path.join(dir, 'only-sessions.csv'), UMAMI_SESSION_HEADER, SESSIONS);
    await expect(importFiles(t, owner.auth, siteId, 'umami', [sessionsOnly])).rejects.toThrow(
      'an Umami import needs the website_event CSV',
    );
    const noColumn = writeLines(path.join(dir, 'bad-header.csv'), 'event_id,session_id,url_path,event_type', [
      'e1,s,/,1',
    ]);
    const a = await importFiles(t, owner.auth, siteId, 'umami', [noColumn]);
    expect(await t.services.imports.run(a.import.id)).toMatchObject({
      status: 'failed',
      failure: 'missing column created_at in website_event',
      rows_written: 0,
    });
    // A broken row far down: the count pass finds it before a single row is written.
    const rows = Array.from({ length: 7000 }, (_, i) =>
      umamiEventRow({ id: `x${i}`, session: `s${i % 50}`, at: '2026-03-09 01:00:00', path: `/p${i}` }),
    );
    rows[6500] = 'only,three,fields';
    const broken = writeLines(path.join(dir, 'broken.csv'), UMAMI_EVENT_HEADER, rows);
    const b = await importFiles(t, owner.auth, siteId, 'umami', [broken]);
    const failed = await t.services.imports.run(b.import.id);
    expect(failed?.status).toBe('failed');
    expect(failed?.failure).toBe('line 6502: 3 fields where the header of website_event has 26');
    expect(await counts(t, siteId)).toEqual({ visits: 0, pageviews: 0, customEvents: 0, events: 0 });
  });

  it('a bad row is listed with its line and the others are imported', async () => {
    const file = writeLines(path.join(dir, 'one-bad.csv'), UMAMI_EVENT_HEADER, [
      umamiEventRow({ id: 'g1', session: 'g', at: '2026-03-08 01:00:00', path: '/a' }),
      umamiEventRow({ id: 'g2', session: 'g', at: 'yesterday', path: '/b' }),
      umamiEventRow({ id: 'g3', session: 'g', at: '2026-03-08 01:01:00', path: '/c' }),
    ]);
    const made = await importFiles(t, owner.auth, siteId, 'umami', [file]);
    expect(await t.services.imports.run(made.import.id)).toMatchObject({
      status: 'done',
      rows_written: 2,
      error_count: 1,
      errors: [{ line: 3, message: 'created_at "yesterday" is not a time' }],
    });
    await t.services.imports.undo(owner.auth, made.import.id);
  });

  it('custom events carry their properties from event_data; odd text is stored as it was', async () => {
    // Umami's EventData (prisma/schema.prisma, table event_data): one row per property, its value in
    // the column data_type names (1 string, 2 number, 3 boolean, 4 date).
    const DATA_HEADER =
      'event_data_id,website_id,website_event_id,data_key,string_value,number_value,date_value,data_type,created_at';
    const data = [
      'd1,w,p1,plan,pro,,,1,2026-03-09 02:06:00+00',
      'd2,w,p1,seats,,3.0000,,2,2026-03-09 02:06:00+00',
      'd3,w,p1,trial,true,,,3,2026-03-09 02:06:00+00',
      'd4,w,p2,plan,free,,,1,2026-03-09 02:08:00+00',
      // A property of a page view: Umami keeps none for them, and neither does Tally.
      'd5,w,p0,ignored,x,,,1,2026-03-09 02:00:00+00',
    ];
    const at = (m: number) => `2026-03-09 02:0${m}:00.000+00`;
    // A title with a backslash, a tab and a line break: COPY's text format escapes all three.
    const odd = 'Back\\slash\tand\nbreak';
    const rows = [
      umamiEventRow({ id: 'p0', session: 's-0001', at: at(0), path: '/', title: odd }),
      umamiEventRow({ id: 'p1', session: 's-0001', at: at(6), path: '/pricing', type: 2, name: 'signup' }),
      umamiEventRow({ id: 'p2', session: 's-0002', at: at(8), path: '/pricing', type: 2, name: 'signup' }),
      umamiEventRow({ id: 'p3', session: 's-0002', at: at(9), path: '/pricing', type: 2, name: 'bare' }),
    ];
    const site = await newSite(t, owner, { name: 'Umami props' });
    const files = [
      writeLines(path.join(dir, 'event_data.csv'), DATA_HEADER, data),
      writeLines(path.join(dir, 'props_event.csv'), UMAMI_EVENT_HEADER, rows),
      sessionsCsv,
    ];
    const made = await importFiles(t, owner.auth, site.id, 'umami', files);
    expect(await t.services.imports.run(made.import.id)).toMatchObject({ status: 'done', rows_written: 4 });
    const stored = await t.db.query<{ page_id: string; name: string | null; props: unknown; title: string }>(
      'select page_id, name, props, title from events where site_id = $1 order by ts',
      [site.id],
    );
    expect(stored).toEqual([
      { page_id: 'i2', name: null, props: null, title: odd },
      // The first record spans lines 2 and 3 (its title's line break): the next starts at line 4.
      { page_id: 'i4', name: 'signup', props: { plan: 'pro', seats: 3, trial: true }, title: '' },
      { page_id: 'i5', name: 'signup', props: { plan: 'free' }, title: '' },
      { page_id: 'i6', name: 'bare', props: null, title: '' },
    ]);
    const report = await t.call('GET', `${REPORT_BASE}/events?site_id=${site.id}&range=7d&name=signup`, {
      token: owner.token,
    });
    expect(report.body.data.props).toEqual(
      expect.arrayContaining([
        { key: 'plan', value: 'pro', count: 1, visitors: 1 },
        { key: 'plan', value: 'free', count: 1, visitors: 1 },
        { key: 'seats', value: '3', count: 1, visitors: 1 },
      ]),
    );
    // The same three files in another order are the same import.
    const again = await importFiles(t, owner.auth, site.id, 'umami', [...files].reverse());
    expect(again).toMatchObject({ duplicate: true, import: { id: made.import.id } });
  });

  it('uploads over HTTP (multipart), runs as a job and shows its progress; strangers see nothing', async () => {
    const boundary = 'tallyboundary';
    const part = (name: string, value: string, file?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ''}\r\n${file ? 'Content-Type: text/csv\r\n' : ''}\r\n${value}\r\n`;
    const body = `${part('site_id', String(siteId))}${part('kind', 'umami')}${part('file', `${UMAMI_EVENT_HEADER}\n${EVENTS.join('\n')}\n`, 'website_event.csv')}--${boundary}--\r\n`;
    const res = await t.call('POST', IMPORTS_API.upload.path, {
      token: owner.token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.import.id;
    let item: { status: string; percent: number } | undefined;
    for (let i = 0; i < 100 && item?.status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const list = await t.call('GET', `${IMPORTS_API.list.path}?site_id=${siteId}`, { token: owner.token });
      item = list.body.data.list.find((x: { id: number }) => x.id === id);
    }
    expect(item).toMatchObject({ status: 'done', percent: 100, rows_written: 5 });
    const stranger = await newOwner(t);
    const refused = await t.call('GET', `${IMPORTS_API.list.path}?site_id=${siteId}`, {
      token: stranger.token,
    });
    expect(refused.status).toBe(404);
    const wrongKind = await t.call('POST', IMPORTS_API.upload.path, {
      token: owner.token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: `${part('site_id', String(siteId))}${part('kind', 'matomo')}${part('file', 'a,b\n1,2\n', 'x.csv')}--${boundary}--\r\n`,
    });
    expect(wrongKind.status).toBe(422);
    expect(JSON.stringify(wrongKind.body)).toContain('kind');
  });
});
