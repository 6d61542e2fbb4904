import { ADMIN_PLAN_PATHS, BILLING_PATHS, SITES_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';
import { recharge } from '../../../test/money.js';

/**
 * The site limit is exact under concurrency (PGlite: requests interleave on its one connection;
 * PostgreSQL: on the pool). Count-then-insert outside one transaction let concurrent creations all
 * see "2 of 3" and all insert.
 */
describe('site limit under concurrent creations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('eight creations at once on the free plan (3 sites) leave exactly 3 sites', async () => {
    const owner = await newOwner(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.call('POST', SITES_PATHS.save, {
          token: owner.token,
          body: { name: `race${i}`, domains: [`race${i}.example.com`] },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 422, 422, 422, 422, 422]);
    const [row] = await t.db.query<{ n: number }>('select count(*)::int as n from sites where user_id = $1', [
      owner.id,
    ]);
    expect(row?.n).toBe(3);
  });

  it("an expired plan: the 5 sites stay, a new one is refused by the free plan's limit", async () => {
    const admin = await signedIn(t, ['admin']);
    const plan = await t.call('POST', ADMIN_PLAN_PATHS.save, {
      token: admin.token,
      body: {
        name_zh: '五站',
        name_en: 'Five',
        prices: { month: '1' },
        limits: { sites: 5, monthly_pageviews: 1000, bots: 1, retention_days: 30 },
      },
    });
    const owner = await newOwner(t);
    await recharge(t, owner.id, 2_000_000n);
    const buy = async () => {
      const order = await t.call('POST', BILLING_PATHS.create, {
        token: owner.token,
        body: { plan_id: plan.body.data.id, period: 'month' },
      });
      await t.call('POST', BILLING_PATHS.pay, { token: owner.token, body: { id: order.body.data.id } });
    };
    await buy();
    const add = (name: string) =>
      t.call('POST', SITES_PATHS.save, {
        token: owner.token,
        body: { name, domains: [`${name}.example.com`] },
      });
    for (let i = 0; i < 5; i++) expect((await add(`five${i}`)).status).toBe(200);
    expect((await add('six')).status).toBe(422);
    // The term ran out: the subscription row stays, its limits no longer apply.
    await t.db.query(
      "update subscriptions set term_start = now() - interval '40 days', expires_at = now() - interval '1 hour' where user_id = $1",
      [owner.id],
    );
    const refused = await add('six');
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.name?.[0]).toBe('Your plan Free allows 3 sites; upgrade to add more.');
    // In Chinese the sentence and the plan's name are both Chinese.
    const zh = await t.call('POST', SITES_PATHS.save, {
      token: owner.token,
      body: { name: 'six', domains: ['six.example.com'] },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.errors).toEqual({ name: ['您的套餐 免费版 最多可添加 3 个站点，请升级套餐后再添加。'] });
    expect(zh.body.message).toBe('名称: 您的套餐 免费版 最多可添加 3 个站点，请升级套餐后再添加。');
    const info = await t.call('GET', BILLING_PATHS.subscription, { token: owner.token });
    expect(info.body.data).toMatchObject({ plan: { is_free: true }, usage: { sites: 5 } });
    const list = await t.call('GET', `${SITES_PATHS.fetch}?limit=50`, { token: owner.token });
    expect(list.body.data.total).toBe(5);
    // Buying again starts a new term: 5 sites allowed again (the sixth still over).
    await buy();
    expect((await add('six')).status).toBe(422);
    expect(
      (await t.call('GET', BILLING_PATHS.subscription, { token: owner.token })).body.data.plan.is_free,
    ).toBe(false);
  });
});
