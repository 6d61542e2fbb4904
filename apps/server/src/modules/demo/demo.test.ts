import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { generateDemo } from './demo.service.js';

describe('demo traffic', () => {
  let t: TestApp;
  let result: Awaited<ReturnType<typeof generateDemo>>;
  const now = new Date('2026-06-10T14:00:00Z');

  beforeAll(async () => {
    t = await createTestApp();
    result = await generateDemo(t.services, { sites: 2, days: 3, visitsPerDay: 120, now, seed: 11 });
  });
  afterAll(() => t.close());

  const keys = async (dim: string) =>
    (
      await t.db.query<{ key: string }>(
        'select distinct key from rollup_daily where dim = $1 and site_id = $2',
        [dim, result.siteIds[0]],
      )
    ).map((r) => r.key);

  it('creates the owner and sites and feeds them through the pipeline into rollups', async () => {
    expect(result.siteIds).toHaveLength(2);
    expect(result.hits).toBeGreaterThan(1000);
    const [dirty] = await t.db.query<{ n: number }>('select count(*)::int as n from rollup_dirty');
    expect(dirty?.n).toBe(0);
    const info = await t.services.sites.sitesOfUser(result.ownerId, false);
    expect(info.map((s) => s.id)).toEqual(result.siteIds);
  });

  it('has realistic variety: engines, keywords, provinces, devices, categories', async () => {
    expect(await keys('engine')).toEqual(expect.arrayContaining(['Baidu', 'Sogou', 'Google', 'Bing']));
    expect((await keys('keyword')).length).toBeGreaterThan(3);
    expect(await keys('province')).toEqual(expect.arrayContaining(['广东省', '北京市', '上海市']));
    expect(await keys('device')).toEqual(expect.arrayContaining(['desktop', 'mobile']));
    expect(await keys('category')).toEqual(
      expect.arrayContaining(['direct', 'search', 'ai', 'social', 'external']),
    );
  });

  it('follows the daily rhythm: the small hours are quieter than the evening', async () => {
    const rows = await t.db.query<{ h: number; pv: number }>(
      `select extract(hour from hour at time zone 'Asia/Shanghai')::int as h, sum(pv)::int as pv
         from rollup_hourly group by 1`,
    );
    const pv = (h: number) => rows.find((r) => r.h === h)?.pv ?? 0;
    expect(pv(3) + pv(4)).toBeLessThan(pv(20) + pv(21));
  });

  it('leaves an existing owner account as it was: password and roles', async () => {
    const email = 'owner@example.test';
    await t.services.users.upsertAccount({
      username: 'owner',
      email,
      password: 'a long password',
      roles: ['admin'],
    });
    const account = () =>
      t.db.query('select password_hash, roles, status from users where email = $1', [email]);
    const before = await account();
    const mine = await generateDemo(t.services, {
      sites: 1,
      days: 1,
      visitsPerDay: 5,
      now,
      ownerEmail: email,
    });
    expect(await account()).toEqual(before);
    expect(await t.services.sites.sitesOfUser(mine.ownerId, false)).toHaveLength(1);
  });

  it('writes nothing after "now"', async () => {
    const [row] = await t.db.query<{ n: number }>('select count(*)::int as n from events where ts > $1', [
      now.toISOString(),
    ]);
    expect(row?.n).toBe(0);
  });
});
