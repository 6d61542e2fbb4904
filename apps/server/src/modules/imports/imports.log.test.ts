import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPORT_BASE } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_WIN, newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { logLine, writeLines } from '../../../test/import-files.js';
import { counts, importFiles } from '../../../test/import-helpers.js';
import { IP, IPHONE, NOW, shanghai } from '../../../test/report-traffic.js';
import { IMPORT_CHUNK_ROWS } from './import-runner.js';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Access logs in the combined log format (test/import-files.ts), gzip'd as logrotate leaves them. */
describe('imports: access logs', () => {
  let t: TestApp;
  let dir: string;
  let owner: Awaited<ReturnType<typeof newOwner>>;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => NOW });
    dir = await mkdtemp(path.join(tmpdir(), 'logs-'));
    owner = await newOwner(t);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('page views through the collect enrichment; bots, assets and failed requests skipped; junk listed', async () => {
    const site = await newSite(t, owner, { name: 'Logs', domains: ['example.com'] });
    const at = (local: string) => shanghai(local);
    const file = writeLines(
      path.join(dir, 'access.log.gz'),
      undefined,
      [
        logLine({
          ip: IP.shenzhen,
          at: at('2026-03-09 10:00:00'),
          path: '/',
          referrer: 'https://www.baidu.com/s?wd=tally',
          ua: CHROME_WIN,
        }),
        logLine({ ip: IP.shenzhen, at: at('2026-03-09 10:00:01'), path: '/app.js', ua: CHROME_WIN }),
        logLine({
          ip: IP.shenzhen,
          at: at('2026-03-09 10:02:00'),
          path: '/docs?x=1',
          referrer: 'https://example.com/',
          ua: CHROME_WIN,
        }),
        logLine({ ip: IP.beijing, at: at('2026-03-09 11:00:00'), path: '/', ua: GOOGLEBOT }),
        logLine({ ip: IP.beijing, at: at('2026-03-09 11:00:00'), path: '/missing', status: 404, ua: IPHONE }),
        logLine({
          ip: IP.beijing,
          at: at('2026-03-09 11:01:00'),
          path: '/api/form',
          method: 'POST',
          ua: IPHONE,
        }),
        logLine({ ip: IP.beijing, at: at('2026-03-09 11:02:00'), path: '/pricing', ua: IPHONE }),
        '\\x16\\x03\\x01 garbage from a scanner',
      ],
      true,
    );
    const made = await importFiles(t, owner.auth, site.id, 'log', [file]);
    expect(await t.services.imports.run(made.import.id)).toMatchObject({
      status: 'done',
      rows_total: 8,
      rows_written: 3,
      rows_skipped: 4,
      error_count: 1,
      errors: [{ line: 8, message: 'not in the combined log format' }],
    });
    expect(await counts(t, site.id)).toEqual({ visits: 2, pageviews: 3, customEvents: 0, events: 3 });
    // March 2026 is months before the partitions kept ahead: the import made its month's.
    const homes = await t.db.query<{ part: string }>(
      `select distinct tableoid::regclass::text as part from events where site_id = $1
       union select distinct tableoid::regclass::text from visits where site_id = $1 order by 1`,
      [site.id],
    );
    expect(homes).toEqual([{ part: 'events_p202603' }, { part: 'visits_p202603' }]);
    await t.services.rollups.refresh();
    const res = await t.call('GET', `${REPORT_BASE}/visitor?site_id=${site.id}&range=7d&sort=started_at`, {
      token: owner.token,
    });
    expect(res.body.data.list).toMatchObject([
      {
        ip: IP.shenzhen,
        province: '广东省',
        city: '深圳市',
        engine: 'Baidu',
        keyword: 'tally',
        browser: 'Chrome',
        pageviews: 2,
        exit_url: 'https://example.com/docs?x=1',
      },
      { ip: IP.beijing, device: 'mobile', pageviews: 1, ref_category: 'direct' },
    ]);
  });

  it('a file in no log format, and a damaged gzip, fail with nothing written', async () => {
    const site = await newSite(t, owner, { name: 'Bad logs', domains: ['bad.example'] });
    const junk = path.join(dir, 'junk.log');
    await writeFile(junk, 'hello\nworld\n');
    const a = await importFiles(t, owner.auth, site.id, 'log', [junk]);
    expect(await t.services.imports.run(a.import.id)).toMatchObject({
      status: 'failed',
      failure: 'no line of the file is in the combined log format',
    });
    const cut = path.join(dir, 'cut.log.gz');
    const { gzipSync } = await import('node:zlib');
    const whole = gzipSync(
      Array.from({ length: 2000 }, () => logLine({ ip: IP.usa, at: NOW, path: '/', ua: CHROME_WIN })).join(
        '\n',
      ),
    );
    await writeFile(cut, whole.subarray(0, whole.length - 40));
    const b = await importFiles(t, owner.auth, site.id, 'log', [cut]);
    expect(await t.services.imports.run(b.import.id)).toMatchObject({
      status: 'failed',
      failure: 'not a gzip file, or a damaged one',
    });
    expect(await counts(t, site.id)).toEqual({ visits: 0, pageviews: 0, customEvents: 0, events: 0 });
  });

  it('resumes after a crash from the last committed chunk: the same rows as an uninterrupted import', async () => {
    // 12,000 lines of 300 visitors over two days: three chunks of 5,000, visits crossing chunk
    // boundaries; the clean import writes them as one chunk (the default size), and must agree.
    const CHUNK = 5000;
    const rows = Array.from({ length: 12_000 }, (_, i) =>
      logLine({
        ip: `10.1.${Math.floor((i % 300) / 250)}.${(i % 300) % 250}`,
        at: new Date(shanghai('2026-03-08 08:00:00').getTime() + i * 12_000),
        path: `/page/${i % 37}`,
        ua: i % 2 ? CHROME_WIN : IPHONE,
      }),
    );
    const file = writeLines(path.join(dir, 'big.log'), undefined, rows);
    const crashed = await newSite(t, owner, { name: 'Crashed', domains: ['example.com'] });
    const clean = await newSite(t, owner, { name: 'Clean', domains: ['example.com'] });

    const a = await importFiles(t, owner.auth, crashed.id, 'log', [file]);
    await expect(
      t.services.imports.run(a.import.id, { crashAfterChunks: 1, chunkRows: CHUNK }),
    ).rejects.toThrow('simulated crash');
    const half = await t.services.imports.get(a.import.id);
    expect(half).toMatchObject({ status: 'running', rows_done: CHUNK, rows_total: 12_000 });
    expect((await counts(t, crashed.id)).events).toBe(CHUNK);
    // The job runs again (its retry, or the resume job) and continues at row 5000.
    expect(await t.services.imports.run(a.import.id, { chunkRows: CHUNK })).toMatchObject({
      status: 'done',
      rows_done: 12_000,
      rows_written: 12_000,
    });

    expect(IMPORT_CHUNK_ROWS).toBeGreaterThanOrEqual(12_000);
    const b = await importFiles(t, owner.auth, clean.id, 'log', [file]);
    await t.services.imports.run(b.import.id);
    const [x, y] = [await counts(t, crashed.id), await counts(t, clean.id)];
    expect(x).toEqual(y);
    expect(x.events).toBe(12_000);
    // A row imported once: page ids are the rows' lines, each exactly once.
    const [dups] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from (select page_id from events where site_id = $1 group by 1 having count(*) > 1) d`,
      [crashed.id],
    );
    expect(dups!.n).toBe(0);
  });
});
