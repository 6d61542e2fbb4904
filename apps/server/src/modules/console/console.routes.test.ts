import { CONSOLE_PATHS, type ConsoleAnswer, type ConsoleFigure } from '@tally/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { newUser, signedIn } from '../../../test/factories.js';
import { auditLog, rollupDaily, sessions, users } from '../../db/schema/index.js';

// 16:30 UTC on 10 March is 00:30 on 11 March in Shanghai (the console's zone) and 11:30 on 10 March
// in New York: "today" differs from the UTC day, and between the two sites' zones.
const NOW = new Date('2026-03-10T16:30:00Z');

describe('admin console', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof newOwner>>;
  let tokens: Record<'user' | 'article_editor', string>;
  let client: string;
  const fetchConsole = (token?: string) => t.call('GET', CONSOLE_PATHS.fetch, { token });
  const figure = (data: ConsoleAnswer, key: string) =>
    data.figures.find((f) => f.key === key) as ConsoleFigure;
  const bornAt = (id: number, at: string) =>
    t.db.orm
      .update(users)
      .set({ createdAt: new Date(at) })
      .where(sql`${users.id} = ${id}`);

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => NOW });
    admin = await newOwner(t, ['admin']);
    tokens = {
      user: (await signedIn(t, ['user'])).token,
      article_editor: (await signedIn(t, ['article_editor'])).token,
    };
    const shanghai = await newSite(t, admin, { name: 'Shanghai' });
    const newYork = await newSite(t, admin, { name: 'New York', timezone: 'America/New_York' });
    const link = await t.call('POST', '/api/v1/api2/sites/share', {
      token: admin.token,
      body: { id: shanghai.id, action: 'enable' },
    });
    client = (await t.call('POST', '/api/v1/api2/auth/share', { body: { token: link.body.data.token } })).body
      .data.x_token;

    // Every account gets a known birth time; the three role accounts and the admin are born today.
    await t.db.orm.update(users).set({ createdAt: new Date('2026-03-10T16:00:00Z') });
    const lastNight = await newUser(t);
    const twoDaysAgo = await newUser(t);
    const longAgo = await newUser(t);
    await bornAt(lastNight.id, '2026-03-10T15:59:59Z'); // 23:59:59 on the 10th in Shanghai
    await bornAt(twoDaysAgo.id, '2026-03-09T12:00:00Z');
    await bornAt(longAgo.id, '2026-01-01T00:00:00Z');
    await t.db.orm.update(users).set({ balance: 1_500_000n }).where(sql`${users.id} = ${lastNight.id}`);
    await t.db.orm
      .update(users)
      .set({ commissionBalance: 250_001n })
      .where(sql`${users.id} = ${twoDaysAgo.id}`);

    // An expired session is not active.
    await t.db.orm.insert(sessions).values({
      tokenHash: 'expired',
      kind: 'user',
      userId: lastNight.id,
      expiresAt: new Date('2026-03-10T16:29:59Z'),
    });

    const day = (siteId: number, d: string, pv: number, dim = 'site', key = '') => ({
      siteId,
      day: d,
      dim,
      key,
      pv,
      uv: 1,
      ip: 1,
      visits: 1,
      newVisitors: 1,
      bounces: 0,
      durationMs: 0,
      entries: 0,
      exits: 0,
    });
    await t.db.orm.insert(rollupDaily).values([
      day(shanghai.id, '2026-03-11', 7),
      day(shanghai.id, '2026-03-10', 5),
      day(shanghai.id, '2026-03-11', 999, 'page', '/'), // another dimension of the same day
      day(newYork.id, '2026-03-10', 3),
      day(newYork.id, '2026-03-09', 2),
      day(newYork.id, '2026-02-09', 50), // before the 30 days
    ]);
    await t.db.orm
      .insert(auditLog)
      .values(
        Array.from({ length: 10 }, (_, i) => ({ actorId: admin.id, action: `test.${i}`, ip: '10.0.0.1' })),
      );
  });
  afterAll(() => t.close());

  it('counts users, today in the console zone, sessions, sites, events and balances', async () => {
    const res = await fetchConsole(admin.token);
    expect(res.status).toBe(200);
    const data = res.body.data as ConsoleAnswer;
    expect(data).toMatchObject({ timezone: 'Asia/Shanghai', today: '2026-03-11' });
    const values = Object.fromEntries(data.figures.map((f) => [f.key, f.value]));
    expect(values).toMatchObject({
      users_total: 6,
      users_today: 3, // admin, user, editor; not the one born a second before midnight
      sessions_active: 4, // admin, user, editor, share client; not the expired one
      sites_total: 2,
      events_today: 10, // Shanghai's 11th (7) and New York's 10th (3): each site's own today
      balances_held: '1.750001',
    });
    expect(figure(data, 'balances_held')).toMatchObject({ kind: 'usdt', status: 'ok' });
    expect(figure(data, 'users_total')).toMatchObject({ kind: 'count', href: '/users/users' });
  });

  it('draws 30 days of new users and events, oldest first', async () => {
    const data = (await fetchConsole(admin.token)).body.data as ConsoleAnswer;
    expect(data.days).toHaveLength(30);
    expect(data.days[0]).toBe('2026-02-10');
    expect(data.days.at(-1)).toBe('2026-03-11');
    const on = (series: number[], d: string) => series[data.days.indexOf(d)];
    expect([on(data.new_users, '2026-03-09'), on(data.new_users, '2026-03-10')]).toEqual([1, 1]);
    expect(on(data.new_users, '2026-03-11')).toBe(3);
    expect(data.new_users.reduce((a, b) => a + b, 0)).toBe(5); // the one of January is older
    expect([
      on(data.events, '2026-03-09'),
      on(data.events, '2026-03-10'),
      on(data.events, '2026-03-11'),
    ]).toEqual([2, 8, 7]);
    expect(data.events.reduce((a, b) => a + b, 0)).toBe(17);
  });

  it('shows the latest audit rows', async () => {
    const data = (await fetchConsole(admin.token)).body.data as ConsoleAnswer;
    expect(data.audit.map((r) => r.action)).toEqual([
      'test.9',
      'test.8',
      'test.7',
      'test.6',
      'test.5',
      'test.4',
      'test.3',
      'test.2',
    ]);
    expect(data.audit[0]).toMatchObject({ actor_name: admin.username, ip: '10.0.0.1' });
  });

  it('keeps named places for later areas, filled by the modules that came', async () => {
    const data = (await fetchConsole(admin.token)).body.data as ConsoleAnswer;
    // The billing, queue and finance modules fill the places kept for them (nothing sold, failed or
    // pending in this test).
    expect(figure(data, 'revenue_30d')).toMatchObject({ status: 'ok', value: '0', kind: 'usdt' });
    expect(figure(data, 'failed_jobs_24h')).toMatchObject({ status: 'ok', value: 0, href: '/queue/queue' });
    expect(figure(data, 'pending_withdrawals')).toMatchObject({ status: 'ok', value: 0 });
    expect(figure(data, 'recharges_today')).toMatchObject({ status: 'ok', value: '0', kind: 'usdt' });
  });

  it('takes figures from other modules through the registry; a failing one fails alone', async () => {
    t.services.consoleFigures.add({
      name: 'tickets (test)',
      figures: [
        {
          key: 'open_tickets',
          label: { zh: '待回复工单', en: 'Open tickets' },
          kind: 'count',
          order: 92,
          href: '/tickets',
        },
      ],
      read: async (at) => ({ open_tickets: at.today === '2026-03-11' ? 4 : -1 }),
    });
    t.services.consoleFigures.add({
      name: 'broken (test)',
      figures: [{ key: 'broken', label: { zh: '坏', en: 'Broken' }, kind: 'usdt', order: 95 }],
      read: async () => {
        throw new Error('no such table');
      },
    });
    const data = (await fetchConsole(admin.token)).body.data as ConsoleAnswer;
    expect(figure(data, 'open_tickets')).toMatchObject({
      status: 'ok',
      value: 4,
      label: { en: 'Open tickets' },
    });
    expect(figure(data, 'broken')).toMatchObject({ status: 'failed', value: null });
    expect(figure(data, 'users_total')).toMatchObject({ status: 'ok', value: 6 });
    expect(data.figures.map((f) => f.key).slice(-2)).toEqual(['open_tickets', 'broken']);
    expect(() =>
      t.services.consoleFigures.add({
        name: 'again',
        figures: [{ key: 'broken', label: { zh: '又', en: 'Again' }, kind: 'count', order: 1 }],
        read: async () => ({}),
      }),
    ).toThrow(/already provided by broken/);
  });

  it('keeps the user count through registrations and deletions', async () => {
    const extra = await newUser(t);
    const total = async () =>
      figure((await fetchConsole(admin.token)).body.data as ConsoleAnswer, 'users_total').value;
    expect(await total()).toBe(7);
    await t.db.orm.delete(users).where(sql`${users.id} = ${extra.id}`);
    expect(await total()).toBe(6);
    const [row] = await t.db.query<{ n: number }>('select count(*)::int as n from users');
    expect(Number(row?.n)).toBe(6);
  });

  it('follows recounts and purges of the daily rollups', async () => {
    const events = async () => {
      const data = (await fetchConsole(admin.token)).body.data as ConsoleAnswer;
      return [figure(data, 'events_today').value, data.events.reduce((a, b) => a + b, 0)];
    };
    const [site] = await t.db.query<{ id: number }>(`select id from sites where name = 'Shanghai'`);
    // The recount's upsert of a day already counted.
    await t.db.query(
      `insert into rollup_daily (site_id, day, dim, key, pv, uv, ip, visits, new_visitors, bounces, duration_ms, entries, exits)
       values ($1, '2026-03-11', 'site', '', 12, 1, 1, 1, 1, 0, 0, 0, 0)
       on conflict (site_id, day, dim, key) do update set pv = excluded.pv`,
      [site?.id],
    );
    expect(await events()).toEqual([15, 22]);
    await t.services.rollups.purgeSites([Number(site?.id)]);
    expect(await events()).toEqual([3, 5]);
  });

  it('is for admins only', async () => {
    const anonymous = await fetchConsole();
    expect(anonymous.body.code).toBe(403);
    expect(anonymous.body.data).toBeNull();
    expect((await fetchConsole(client)).status).toBe(403);
    expect((await fetchConsole(tokens.user)).status).toBe(403);
    expect((await fetchConsole(tokens.article_editor)).status).toBe(403);
    expect((await fetchConsole(admin.token)).status).toBe(200);
  });
});
