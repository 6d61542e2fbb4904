import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hit, newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { testDatabaseUrl } from '../../../test/database.js';
import { HOURLY_SQL } from './rollups.sql.js';

/**
 * The rollup job's claim and the collect batches meet on `rollup_dirty`. Only PostgreSQL runs them on
 * separate connections at once (PGlite has one connection), so this runs in the PostgreSQL pass.
 */
describe.skipIf(!testDatabaseUrl())('dirty marks while an hour is being recounted', () => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof newSite>>;
  const pageView = (path: string) => ({
    s: site.tracking_key,
    t: 'pv',
    u: `https://example.com${path}`,
    v: 'visitor1',
  });

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    site = await newSite(t, await newOwner(t));
  });
  afterAll(() => t.close());

  it('a collect batch does not wait for the recount holding its hour, and its hour is recounted again', async () => {
    expect((await hit(t, pageView('/a'))).statusCode).toBe(204);
    const recount = new pg.Client({ connectionString: t.databaseUrl });
    await recount.connect();
    try {
      await recount.query('begin');
      const [claimed] = (await recount.query(HOURLY_SQL, [200])).rows;
      expect(claimed).toEqual({ marks: 1, hours: 1 });
      // The recount's transaction is still open. A unique mark would make this hit wait for its commit
      // (the insert's conflict check waits on the row being deleted): the test would then time out.
      expect((await hit(t, pageView('/b'))).statusCode).toBe(204);
      await recount.query('commit');
    } finally {
      await recount.end();
    }
    // The recount saw only the first hit; the second hit's mark survived it.
    const pv = async () =>
      (await t.db.query<{ pv: number }>('select pv::int from rollup_hourly where site_id = $1', [site.id]))[0]
        ?.pv;
    expect(await pv()).toBe(1);
    await t.services.rollups.refresh();
    expect(await pv()).toBe(2);
    expect(await t.db.query('select 1 from rollup_dirty')).toEqual([]);
  });
});
