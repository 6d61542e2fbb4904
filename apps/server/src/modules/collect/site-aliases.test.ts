import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';

const SAVE = '/api/v1/api2/sites/save';
const SITE = { name: 'Shop', domains: ['shop.example'] };

describe('site aliases (Umami website ids, Matomo idsite)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('saves aliases with the site, shows them, and resolves the site by each of them', async () => {
    const owner = await newOwner(t);
    const res = await t.call('POST', SAVE, {
      token: owner.token,
      body: { ...SITE, umami_ids: ['94db1cb1-74f4-4a40-ad6c-962362670409', 'old-blog'], matomo_id: '7' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const site = res.body.data;
    expect(site).toMatchObject({
      umami_ids: ['94db1cb1-74f4-4a40-ad6c-962362670409', 'old-blog'],
      matomo_id: '7',
    });

    const resolve = t.services.compatSites;
    expect((await resolve.resolveSiteByAlias({ umamiId: 'old-blog' }))?.id).toBe(site.id);
    expect((await resolve.resolveSiteByAlias({ umamiId: '94db1cb1-74f4-4a40-ad6c-962362670409' }))?.id).toBe(
      site.id,
    );
    expect((await resolve.resolveSiteByAlias({ matomoId: '7' }))?.id).toBe(site.id);
    // The tracking key works in every protocol; the site's domains name it for Plausible.
    expect((await resolve.resolveSiteByAlias({ umamiId: site.tracking_key }))?.id).toBe(site.id);
    expect((await resolve.resolveSiteByAlias({ matomoId: site.tracking_key }))?.id).toBe(site.id);
    expect((await resolve.resolveSiteByAlias({ domain: 'www.shop.example' }))?.id).toBe(site.id);
    expect(await resolve.resolveSiteByAlias({ umamiId: 'nobody' })).toBeUndefined();
    expect(await resolve.resolveSiteByAlias({ matomoId: '8' })).toBeUndefined();

    // An update without the fields leaves them; with them, replaces them, and the cache follows at once.
    const kept = await t.call('POST', SAVE, {
      token: owner.token,
      body: { ...SITE, id: site.id, name: 'Shop 2' },
    });
    expect(kept.body.data).toMatchObject({ umami_ids: ['94db1cb1-74f4-4a40-ad6c-962362670409', 'old-blog'] });
    const changed = await t.call('POST', SAVE, {
      token: owner.token,
      body: { ...SITE, id: site.id, umami_ids: ['new-id'], matomo_id: null },
    });
    expect(changed.body.data).toMatchObject({ umami_ids: ['new-id'], matomo_id: null });
    expect(await resolve.resolveSiteByAlias({ umamiId: 'old-blog' })).toBeUndefined();
    expect(await resolve.resolveSiteByAlias({ matomoId: '7' })).toBeUndefined();
    expect((await resolve.resolveSiteByAlias({ umamiId: 'new-id' }))?.id).toBe(site.id);
  });

  it('refuses an alias another site (any account) answers to: 422 on the field, zh and en', async () => {
    const alice = await newOwner(t);
    const bob = await newOwner(t);
    await newSite(t, alice, { umami_ids: ['taken-umami'], matomo_id: '42' });
    for (const [body, field] of [
      [{ ...SITE, umami_ids: ['taken-umami'] }, 'umami_ids'],
      [{ ...SITE, matomo_id: 42 }, 'matomo_id'],
    ] as const) {
      const zh = await t.call('POST', SAVE, {
        token: bob.token,
        body,
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(zh.status).toBe(422);
      expect(zh.body.errors?.[field]).toEqual(['已被其他站点使用']);
      const en = await t.call('POST', SAVE, {
        token: bob.token,
        body,
        headers: { 'accept-language': 'en-US' },
      });
      expect(en.status).toBe(422);
      expect(en.body.errors?.[field]).toEqual(['already used by another site']);
    }
    // Nothing half-written: bob has no site.
    expect((await t.call('GET', '/api/v1/api2/sites/fetch', { token: bob.token })).body.data.total).toBe(0);
  });

  it.each([
    [{ ...SITE, matomo_id: 'abc' }, 'matomo_id', '不是有效的 Matomo 站点 ID（正整数）'],
    [{ ...SITE, matomo_id: '0' }, 'matomo_id', '不是有效的 Matomo 站点 ID（正整数）'],
    [{ ...SITE, umami_ids: ['has space'] }, 'umami_ids.0', '不是有效的 Umami 网站 ID'],
    [{ ...SITE, umami_ids: ['x'.repeat(65)] }, 'umami_ids.0', undefined],
  ])('refuses %j with 422 on %s', async (body, field, zh) => {
    const owner = await newOwner(t);
    const res = await t.call('POST', SAVE, {
      token: owner.token,
      body,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toContain(field);
    if (zh) expect(res.body.errors?.[field]).toEqual([zh]);
  });

  it('a deleted site takes its aliases along', async () => {
    const owner = await newOwner(t);
    const site = await newSite(t, owner, { umami_ids: ['gone-soon'] });
    await t.services.sites.delete(owner.auth, [site.id]);
    expect(await t.services.compatSites.resolveSiteByAlias({ umamiId: 'gone-soon' })).toBeUndefined();
    const again = await newSite(t, owner, { umami_ids: ['gone-soon'] });
    expect(again.umami_ids).toEqual(['gone-soon']);
  });
});
