import { SITES_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hit, newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';

const SITE = { name: '我的博客', domains: ['https://Blog.Example.com/path', '例子.中国'] };

describe('sites, groups and share links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://tally.example' });
  });
  afterAll(() => t.close());

  const eventsOf = async (siteId: number) =>
    (await t.db.query<{ n: number }>('select count(*)::int as n from events where site_id = $1', [siteId]))[0]
      ?.n;

  it('creates a site with normalised domains, defaults and a snippet; lists and reads it', async () => {
    const owner = await newOwner(t);
    const res = await t.call('POST', '/api/v1/api2/sites/save', { token: owner.token, body: SITE });
    expect(res.status).toBe(200);
    const site = res.body.data;
    expect(site).toMatchObject({
      name: '我的博客',
      domain: 'blog.example.com',
      domains: ['blog.example.com', 'xn--fsqu00a.xn--fiqs8s'],
      timezone: 'Asia/Shanghai',
      enabled: true,
      cookieless: false,
      group_id: null,
      share: { enabled: false, token: null, url: null, has_password: false },
      owner_name: owner.username,
    });
    expect(site.tracking_key).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(site.snippet).toBe(
      `<script defer src="https://tally.example/tj.js" data-site="${site.tracking_key}"></script>`,
    );

    const list = await t.call('GET', '/api/v1/api2/sites/fetch?page=1&limit=10', { token: owner.token });
    expect(list.body.data).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(list.body.data.list[0].id).toBe(site.id);

    const info = await t.call('POST', '/api/v1/api2/user/info', { token: owner.token });
    expect(info.body.data.sites).toEqual([{ id: site.id, name: '我的博客', domain: 'blog.example.com' }]);
  });

  it('updates a site; the snippet follows the privacy switches and tjDomains', async () => {
    const owner = await newOwner(t);
    const site = await newSite(t, owner);
    await t.services.settings.update({ tjDomains: JSON.stringify(['tj.cdn.example']) });
    const res = await t.call('POST', '/api/v1/api2/sites/save', {
      token: owner.token,
      body: {
        id: site.id,
        name: 'Renamed',
        domains: ['example.com'],
        cookieless: true,
        respect_dnt: true,
        timezone: 'UTC',
      },
    });
    await t.services.settings.update({ tjDomains: '[]' });
    expect(res.body.data).toMatchObject({
      name: 'Renamed',
      cookieless: true,
      respect_dnt: true,
      timezone: 'UTC',
    });
    expect(res.body.data.snippet).toBe(
      `<script defer src="https://tj.cdn.example/tj.js" data-site="${site.tracking_key}" data-dnt data-cookieless></script>`,
    );
  });

  it.each([
    [{ ...SITE, name: '' }, 'name'],
    [{ ...SITE, domains: [] }, 'domains'],
    [{ ...SITE, domains: ['not a domain!'] }, 'domains.0'],
    [{ ...SITE, timezone: 'Mars/Olympus' }, 'timezone'],
    [{ ...SITE, ignored_ips: ['1.2.3.4/40'] }, 'ignored_ips.0'],
    [{ ...SITE, ignored_ips: ['banana'] }, 'ignored_ips.0'],
    [{ ...SITE, group_id: 'x' }, 'group_id'],
  ])('rejects %j with 422 on %s and stores nothing', async (body, field) => {
    const owner = await newOwner(t);
    const res = await t.call('POST', '/api/v1/api2/sites/save', { token: owner.token, body });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toContain(field);
    expect((await t.call('GET', '/api/v1/api2/sites/fetch', { token: owner.token })).body.data.total).toBe(0);
  });

  it("owners cannot see or change each other's sites; admins see every site", async () => {
    const alice = await newOwner(t);
    const bob = await newOwner(t);
    const admin = await newOwner(t, ['admin']);
    const site = await newSite(t, alice);
    const asBob = { token: bob.token };
    expect((await t.call('GET', `/api/v1/api2/sites/detail?id=${site.id}`, asBob)).status).toBe(404);
    expect(
      (await t.call('POST', '/api/v1/api2/sites/save', { ...asBob, body: { ...SITE, id: site.id } })).status,
    ).toBe(404);
    expect(
      (await t.call('POST', '/api/v1/api2/sites/del', { ...asBob, body: { ids: [site.id] } })).status,
    ).toBe(404);
    expect(
      (await t.call('POST', '/api/v1/api2/sites/switch', { ...asBob, body: { id: site.id, status: false } }))
        .status,
    ).toBe(404);
    expect(
      (await t.call('GET', `/api/v1/api2/sites/detail?id=${site.id}`, { token: alice.token })).status,
    ).toBe(200);

    const all = await t.call('GET', '/api/v1/api2/sites/fetch?limit=200', { token: admin.token });
    expect(all.body.data.list.map((s: { id: number }) => s.id)).toContain(site.id);
    const info = await t.call('POST', '/api/v1/api2/user/info', { token: admin.token });
    expect(info.body.data.sites.map((s: { id: number }) => s.id)).toContain(site.id);
  });

  it('switching a site off stops collection; deleting removes it and its data', async () => {
    const owner = await newOwner(t);
    const site = await newSite(t, owner);
    const body = { s: site.tracking_key, t: 'pv', u: 'https://example.com/' };
    expect((await hit(t, body)).statusCode).toBe(204);
    await t.call('POST', '/api/v1/api2/sites/switch', {
      token: owner.token,
      body: { id: site.id, status: false },
    });
    expect((await hit(t, body)).statusCode).toBe(400);
    const del = await t.call('POST', '/api/v1/api2/sites/del', {
      token: owner.token,
      body: { ids: [site.id] },
    });
    expect(del.body.code).toBe(200);
    expect(await eventsOf(site.id)).toBe(0);
    expect(
      (await t.call('GET', `/api/v1/api2/sites/detail?id=${site.id}`, { token: owner.token })).status,
    ).toBe(404);
  });

  it('deleting a site is all or nothing: a failure after its data went leaves site, data and share sessions', async () => {
    const owner = await newOwner(t);
    const site = await newSite(t, owner);
    expect((await hit(t, { s: site.tracking_key, t: 'pv', u: 'https://example.com/' })).statusCode).toBe(204);
    const share = await t.call('POST', '/api/v1/api2/sites/share', {
      token: owner.token,
      body: { id: site.id, action: 'enable' },
    });
    const login = await t.call('POST', '/api/v1/api2/auth/share', { body: { token: share.body.data.token } });
    const client = login.body.data.x_token as string;
    const purge = t.services.rollups.purgeSites.bind(t.services.rollups);
    const failing = vi.spyOn(t.services.rollups, 'purgeSites').mockImplementationOnce(async (ids, tx) => {
      await purge(ids, tx);
      throw new Error('disk full');
    });
    const del = await t.call('POST', SITES_PATHS.del, { token: owner.token, body: { ids: [site.id] } });
    failing.mockRestore();
    expect(del.status).toBe(500);
    // The events' purge ran inside the transaction that rolled back: they are all still there.
    expect(await eventsOf(site.id)).toBe(1);
    const detail = await t.call('GET', `${SITES_PATHS.detail}?id=${site.id}`, { token: owner.token });
    expect(detail.status).toBe(200);
    expect((await t.call('POST', '/api/v1/api2/user/info', { token: client })).body.code).toBe(200);
  });

  it('a site carries its today and yesterday totals from the rollups', async () => {
    const owner = await newOwner(t);
    const site = await newSite(t, owner);
    const pv = (path: string) => ({
      s: site.tracking_key,
      t: 'pv',
      u: `https://example.com${path}`,
      v: 'stats000001',
    });
    await hit(t, pv('/a'));
    await hit(t, pv('/b'));
    await t.services.collect.ingestMany([
      {
        payload: pv('/old'),
        ctx: {
          ip: '8.8.8.8',
          userAgent: 'Mozilla/5.0 Chrome/126',
          headers: {},
          now: new Date(Date.now() - 86_400_000),
        },
      },
    ]);
    await t.services.rollups.refresh();
    const res = await t.call('GET', `/api/v1/api2/sites/detail?id=${site.id}`, { token: owner.token });
    expect(res.body.data.stats).toEqual({
      today: { pv: 2, uv: 1, ip: 1 },
      yesterday: { pv: 1, uv: 1, ip: 1 },
    });
  });

  it('groups: create, rename, move sites, groupDetail, delete (sites fall back to no group)', async () => {
    const owner = await newOwner(t);
    const a = await newSite(t, owner, { name: 'A' });
    const b = await newSite(t, owner, { name: 'B' });
    const as = { token: owner.token };
    const g = (await t.call('POST', '/api/v1/api2/sites/groupSave', { ...as, body: { name: '客户' } })).body
      .data;
    await t.call('POST', '/api/v1/api2/sites/groupSave', { ...as, body: { id: g.id, name: '重要客户' } });
    await t.call('POST', '/api/v1/api2/sites/groupMove', {
      ...as,
      body: { site_ids: [a.id], group_id: g.id },
    });
    const detail = await t.call('GET', '/api/v1/api2/sites/groupDetail', as);
    expect(detail.body.data).toEqual({
      list: [{ id: g.id, name: '重要客户', sites: [{ id: a.id, name: 'A', domain: 'example.com' }] }],
      ungrouped: [{ id: b.id, name: 'B', domain: 'example.com' }],
    });
    const filtered = await t.call('GET', `/api/v1/api2/sites/fetch?group_id=${g.id}`, as);
    expect(filtered.body.data.list.map((s: { id: number }) => s.id)).toEqual([a.id]);

    const stranger = await newOwner(t);
    const foreign = await newSite(t, stranger);
    expect(
      (
        await t.call('POST', '/api/v1/api2/sites/groupMove', {
          ...as,
          body: { site_ids: [foreign.id], group_id: g.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('POST', '/api/v1/api2/sites/groupDel', { token: stranger.token, body: { ids: [g.id] } }))
        .status,
    ).toBe(404);

    await t.call('POST', '/api/v1/api2/sites/groupDel', { ...as, body: { ids: [g.id] } });
    const after = await t.call('GET', '/api/v1/api2/sites/groupDetail', as);
    expect(after.body.data.list).toEqual([]);
    expect(after.body.data.ungrouped.map((s: { id: number }) => s.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('share link: enable → client session bound to the site, read-only; revoke ends it at its next call', async () => {
    const owner = await newOwner(t);
    const site = await newSite(t, owner, { name: 'Shared' });
    const share = await t.call('POST', '/api/v1/api2/sites/share', {
      token: owner.token,
      body: { id: site.id, action: 'enable' },
    });
    expect(share.body.data).toMatchObject({ enabled: true, has_password: false });
    expect(share.body.data.url).toBe(`https://tally.example/share?token=${share.body.data.token}`);

    const login = await t.call('POST', '/api/v1/api2/auth/share', { body: { token: share.body.data.token } });
    expect(login.status).toBe(200);
    const summary = { id: site.id, name: 'Shared', domain: 'example.com' };
    expect(login.body.data).toMatchObject({ site: summary, sites: [summary] });
    const client = login.body.data.x_token as string;

    const info = await t.call('POST', '/api/v1/api2/user/info', { token: client });
    expect(info.body.data).toMatchObject({ is_client: 1, sites: [summary], userInfo: { roles: ['client'] } });
    expect((await t.call('GET', '/api/v1/api2/sites/fetch', { token: client })).status).toBe(403);
    expect((await t.call('GET', '/api/v1/api2/sites/groupDetail', { token: client })).status).toBe(403);

    await t.call('POST', '/api/v1/api2/sites/share', {
      token: owner.token,
      body: { id: site.id, action: 'revoke' },
    });
    expect((await t.call('POST', '/api/v1/api2/user/info', { token: client })).body.code).toBe(403);
    expect(
      (await t.call('POST', '/api/v1/api2/auth/share', { body: { token: share.body.data.token } })).status,
    ).toBe(404);
  });

  it('share link with a password; rotating invalidates the old link and its sessions', async () => {
    const owner = await newOwner(t);
    const site = await newSite(t, owner);
    const as = { token: owner.token };
    const on = await t.call('POST', '/api/v1/api2/sites/share', {
      ...as,
      body: { id: site.id, action: 'enable', password: 'open sesame' },
    });
    expect(on.body.data.has_password).toBe(true);
    const token = on.body.data.token;
    const missing = await t.call('POST', '/api/v1/api2/auth/share', { body: { token } });
    expect([missing.status, missing.body.errors]).toEqual([422, { password: ['required'] }]);
    const wrong = await t.call('POST', '/api/v1/api2/auth/share', { body: { token, password: 'nope' } });
    expect([wrong.status, wrong.body.errors]).toEqual([422, { password: ['wrong password'] }]);
    const ok = await t.call('POST', '/api/v1/api2/auth/share', { body: { token, password: 'open sesame' } });
    expect(ok.status).toBe(200);

    const rotated = await t.call('POST', '/api/v1/api2/sites/share', {
      ...as,
      body: { id: site.id, action: 'rotate' },
    });
    expect(rotated.body.data.token).not.toBe(token);
    expect(rotated.body.data.has_password).toBe(true);
    expect(
      (await t.call('POST', '/api/v1/api2/auth/share', { body: { token, password: 'open sesame' } })).status,
    ).toBe(404);
    expect((await t.call('POST', '/api/v1/api2/user/info', { token: ok.body.data.x_token })).body.code).toBe(
      403,
    );

    const cleared = await t.call('POST', '/api/v1/api2/sites/share', {
      ...as,
      body: { id: site.id, action: 'password', password: null },
    });
    expect(cleared.body.data.has_password).toBe(false);
    expect(
      (await t.call('POST', '/api/v1/api2/auth/share', { body: { token: rotated.body.data.token } })).status,
    ).toBe(200);
  });

  it('share login rejects bad input with 422', async () => {
    expect((await t.call('POST', '/api/v1/api2/auth/share', { body: {} })).status).toBe(422);
    expect(
      (await t.call('POST', '/api/v1/api2/auth/share', { body: { token: 'x'.repeat(200) } })).status,
    ).toBe(422);
  });
});
