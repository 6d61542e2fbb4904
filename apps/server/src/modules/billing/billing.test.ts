import {
  ADMIN_COUPON_PATHS,
  ADMIN_ORDER_PATHS,
  ADMIN_PLAN_PATHS,
  BILLING_PATHS,
  ERROR,
  SITES_PATHS,
} from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';
import { recharge } from '../../../test/money.js';
import { CANCEL_STALE_JOB } from './billing.module.js';

const PLAN = {
  name_zh: '专业版',
  name_en: 'Pro',
  prices: { month: '10', year: '100', onetime: null },
  limits: { sites: 5, monthly_pageviews: 1_000_000, bots: 3, retention_days: 365 },
};

describe('billing: plans, coupons, orders through the ledger', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let pro: number;
  let business: number;

  const credit = (userId: number, amount: bigint) => recharge(t, userId, amount);
  const balance = async (userId: number) => (await t.services.ledger.balances(userId)).balance;
  const call = (method: 'GET' | 'POST', url: string, token: string, body?: unknown) =>
    t.call(method, url, { token, body });
  const buy = async (token: string, body: object) => {
    const res = await call('POST', BILLING_PATHS.create, token, body);
    if (res.status !== 200) return res;
    if (res.body.data.status === 'paid') return res;
    return call('POST', BILLING_PATHS.pay, token, { id: res.body.data.id });
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, ['admin']);
    pro = (await call('POST', ADMIN_PLAN_PATHS.save, admin.token, PLAN)).body.data.id;
    business = (
      await call('POST', ADMIN_PLAN_PATHS.save, admin.token, {
        ...PLAN,
        name_en: 'Business',
        name_zh: '商业版',
        prices: { month: '30' },
        limits: { ...PLAN.limits, sites: 20 },
      })
    ).body.data.id;
  });
  afterAll(() => t.close());

  it('a new account is on the seeded free plan, and /price lists it with the plans on sale', async () => {
    const u = await signedIn(t);
    const info = await call('GET', BILLING_PATHS.subscription, u.token);
    expect(info.body.data).toMatchObject({ plan: { is_free: true, limits: { sites: 3 } }, expires_at: null });
    const plans = await t.call('GET', BILLING_PATHS.plans);
    expect(plans.body.data.list.map((p: { name_en: string }) => p.name_en)).toEqual([
      'Free',
      'Pro',
      'Business',
    ]);
    expect(plans.body.data.list[1].prices).toMatchObject({ month: '10', quarter: null, year: '100' });
  });

  it('buys with a percent coupon: the server computes the total, the ledger takes exactly it, the plan starts', async () => {
    const u = await signedIn(t);
    await credit(u.id, 50_000_000n);
    await call('POST', ADMIN_COUPON_PATHS.save, admin.token, {
      code: 'SAVE15',
      kind: 'percent',
      percent: 15,
      shown: true,
    });
    const quote = await call('POST', BILLING_PATHS.quote, u.token, {
      plan_id: pro,
      period: 'month',
      coupon: 'save15',
    });
    expect(quote.body.data).toMatchObject({
      kind: 'new',
      price: '10',
      discount: '1.5',
      credit: '0',
      total: '8.5',
    });
    const paid = await buy(u.token, { plan_id: pro, period: 'month', coupon: 'SAVE15' });
    expect(paid.body.data).toMatchObject({ status: 'paid', total: '8.5', coupon_code: 'SAVE15' });
    expect(await balance(u.id)).toBe(41_500_000n);
    const entries = await t.services.ledger.entries(u.id, { page: 1, limit: 10 });
    expect(entries.list[0]).toMatchObject({
      kind: 'order_payment',
      amount: -8_500_000n,
      ref: { type: 'order', id: String(paid.body.data.id) },
    });
    const info = await call('GET', BILLING_PATHS.subscription, u.token);
    expect(info.body.data).toMatchObject({ plan: { id: pro }, period: 'month' });
    expect(await t.services.ledger.mismatches()).toEqual([]);
  });

  it('short funds: 422 INSUFFICIENT_BALANCE, the order stays pending, no coupon use, no plan', async () => {
    const u = await signedIn(t);
    await credit(u.id, 1_000_000n);
    const created = await call('POST', BILLING_PATHS.create, u.token, { plan_id: pro, period: 'month' });
    const res = await call('POST', BILLING_PATHS.pay, u.token, { id: created.body.data.id });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe(ERROR.INSUFFICIENT_BALANCE);
    expect((await t.services.orders.detail(created.body.data.id)).status).toBe('pending');
    expect(await balance(u.id)).toBe(1_000_000n);
    expect((await t.services.subscriptions.info(u.id)).plan.is_free).toBe(true);
  });

  it('one pending order per user; a second create is a 422 until the first is cancelled', async () => {
    const u = await signedIn(t);
    const first = await call('POST', BILLING_PATHS.create, u.token, { plan_id: pro, period: 'month' });
    const results = await Promise.all(
      [1, 2, 3].map(() => call('POST', BILLING_PATHS.create, u.token, { plan_id: pro, period: 'year' })),
    );
    expect(results.map((r) => r.status)).toEqual([422, 422, 422]);
    await call('POST', BILLING_PATHS.cancel, u.token, { id: first.body.data.id });
    expect((await call('POST', BILLING_PATHS.create, u.token, { plan_id: pro, period: 'year' })).status).toBe(
      200,
    );
  });

  it('a zero total (a coupon covering the price) is paid at once without a ledger entry', async () => {
    const u = await signedIn(t);
    await call('POST', ADMIN_COUPON_PATHS.save, admin.token, {
      code: 'FREEMONTH',
      kind: 'fixed',
      amount: '999',
    });
    const res = await call('POST', BILLING_PATHS.create, u.token, {
      plan_id: pro,
      period: 'month',
      coupon: 'FREEMONTH',
    });
    expect(res.body.data).toMatchObject({ status: 'paid', discount: '10', total: '0' });
    expect((await t.services.ledger.entries(u.id, { page: 1, limit: 10 })).total).toBe(0);
  });

  it('renewal adds to the expiry; an upgrade credits the unused days and the refund rolls it back', async () => {
    const u = await signedIn(t);
    await credit(u.id, 100_000_000n);
    const first = (await buy(u.token, { plan_id: pro, period: 'month' })).body.data;
    const renewed = (await buy(u.token, { plan_id: pro, period: 'month' })).body.data;
    expect(renewed.kind).toBe('renew');
    const gap = Date.parse(renewed.expires_at) - Date.parse(first.expires_at);
    expect(gap / 86_400_000).toBeGreaterThanOrEqual(28);
    const quote = (await call('POST', BILLING_PATHS.quote, u.token, { plan_id: business, period: 'month' }))
      .body.data;
    expect(quote.kind).toBe('upgrade');
    // 20 USDT for about two months, nearly all unused: the credit is close to 20 and never above it.
    expect(Number(quote.credit)).toBeGreaterThan(19);
    expect(Number(quote.credit)).toBeLessThanOrEqual(20);
    const upgraded = (await buy(u.token, { plan_id: business, period: 'month' })).body.data;
    expect(upgraded).toMatchObject({ kind: 'upgrade', total: quote.total });
    const before = await balance(u.id);

    const older = await call('POST', ADMIN_ORDER_PATHS.refund, admin.token, { id: renewed.id });
    expect(older.status).toBe(422);
    const refund = await call('POST', ADMIN_ORDER_PATHS.refund, admin.token, {
      id: upgraded.id,
      note: 'asked',
    });
    expect(refund.body.data.status).toBe('refunded');
    expect(await balance(u.id)).toBe(before + BigInt(Math.round(Number(upgraded.total) * 1e6)));
    const info = await t.services.subscriptions.info(u.id);
    expect(info.plan.id).toBe(pro);
    expect(info.expires_at).toBe(renewed.expires_at);
    const [audit] = await t.db.query<{ action: string }>(
      "select action from audit_log where action = 'orders.refund'",
    );
    expect(audit?.action).toBe('orders.refund');
    expect((await call('POST', ADMIN_ORDER_PATHS.refund, admin.token, { id: upgraded.id })).status).toBe(422);
    expect(await t.services.ledger.mismatches()).toEqual([]);
  });

  it('creating a site beyond the plan answers 422 naming the plan and the limit', async () => {
    const owner = await newOwner(t);
    for (let i = 0; i < 3; i++)
      expect(
        (await call('POST', SITES_PATHS.save, owner.token, { name: `s${i}`, domains: [`s${i}.example.com`] }))
          .status,
      ).toBe(200);
    const res = await t.call('POST', SITES_PATHS.save, {
      token: owner.token,
      body: { name: 'four', domains: ['four.example.com'] },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.name?.[0]).toBe('Your plan Free allows 3 sites; upgrade to add more.');
    const zh = await t.call('POST', SITES_PATHS.save, {
      token: owner.token,
      body: { name: 'four', domains: ['four.example.com'] },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.errors?.name?.[0]).toContain('3');
    expect(zh.body.errors?.name?.[0]).toContain('套餐');
    await newSite(t, owner); // the service itself (CLI demo, benchmarks) is not limited
  });

  it('the cancel job is on its cron and cancels orders unpaid for 30 minutes', async () => {
    const schedules = await t.services.jobs.pgBoss.getSchedules();
    expect(schedules.find((s) => s.name === CANCEL_STALE_JOB)).toMatchObject({ cron: '* * * * *' });
    const u = await signedIn(t);
    const order = (await call('POST', BILLING_PATHS.create, u.token, { plan_id: pro, period: 'month' })).body
      .data;
    await t.db.query("update orders set created_at = now() - interval '31 minutes' where id = $1", [
      order.id,
    ]);
    await t.services.jobs.send(CANCEL_STALE_JOB, {});
    for (let i = 0; i < 100 && (await t.services.orders.detail(order.id)).status === 'pending'; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await t.services.orders.detail(order.id)).status).toBe('cancelled');
  });

  it("users never see or change another user's orders", async () => {
    const alice = await signedIn(t);
    const bob = await signedIn(t);
    const order = (await call('POST', BILLING_PATHS.create, alice.token, { plan_id: pro, period: 'month' }))
      .body.data;
    expect((await call('POST', BILLING_PATHS.pay, bob.token, { id: order.id })).status).toBe(404);
    expect((await call('POST', BILLING_PATHS.cancel, bob.token, { id: order.id })).status).toBe(404);
    expect((await call('GET', BILLING_PATHS.orders, bob.token)).body.data.total).toBe(0);
    expect((await call('GET', BILLING_PATHS.orders, alice.token)).body.data.total).toBe(1);
  });

  it('revenue counts the orders paid since a time', async () => {
    const since = new Date(Date.now() - 60_000);
    const before = await t.services.orders.revenueSince(since);
    const u = await signedIn(t);
    await credit(u.id, 10_000_000n);
    await buy(u.token, { plan_id: pro, period: 'month' });
    const r = await t.services.orders.revenueSince(since);
    expect(r.orders).toBe(before.orders + 1);
    expect(r.amount - before.amount).toBe(10_000_000n);
  });

  describe('who may call', () => {
    const userCalls = [
      ['GET', BILLING_PATHS.subscription, undefined],
      ['POST', BILLING_PATHS.quote, { plan_id: 1, period: 'month' }],
      ['POST', BILLING_PATHS.create, { plan_id: 999, period: 'month' }],
      ['POST', BILLING_PATHS.pay, { id: 999999 }],
      ['POST', BILLING_PATHS.cancel, { id: 999999 }],
      ['GET', BILLING_PATHS.orders, undefined],
    ] as const;
    const adminCalls = [
      ['GET', ADMIN_PLAN_PATHS.fetch, undefined],
      ['POST', ADMIN_PLAN_PATHS.save, { id: 999999, ...PLAN }],
      ['POST', ADMIN_PLAN_PATHS.del, { ids: [999999] }],
      ['POST', ADMIN_PLAN_PATHS.switch, { id: 999999, status: 1 }],
      ['GET', ADMIN_COUPON_PATHS.fetch, undefined],
      ['POST', ADMIN_COUPON_PATHS.save, { id: 999999, kind: 'percent', percent: 5 }],
      ['POST', ADMIN_COUPON_PATHS.del, { ids: [999999] }],
      ['POST', ADMIN_COUPON_PATHS.switch, { id: 999999, status: 0 }],
      ['POST', ADMIN_COUPON_PATHS.generate, { count: 1, kind: 'percent', percent: 5 }],
      ['GET', ADMIN_ORDER_PATHS.fetch, undefined],
      ['POST', ADMIN_ORDER_PATHS.cancel, { id: 999999 }],
      ['POST', ADMIN_ORDER_PATHS.refund, { id: 999999 }],
    ] as const;

    it.each([...userCalls, ...adminCalls])(
      '%s %s: anonymous gets code 403 (HTTP 200)',
      async (method, url, body) => {
        const res = await t.call(method, url, { body });
        expect(res.body).toMatchObject({ code: 403, data: null });
      },
    );
    it.each(userCalls)(
      '%s %s: user, article_editor and admin reach their own; a client is refused',
      async (method, url, body) => {
        for (const roles of [['user'], ['article_editor'], ['admin']] as const) {
          const u = await signedIn(t, [...roles]);
          const res = await t.call(method, url, { token: u.token, body });
          expect([200, 404, 422], `${roles}: ${JSON.stringify(res.body)}`).toContain(res.status);
          expect(res.body.code).not.toBe(403);
        }
        const owner = await newOwner(t);
        const site = await newSite(t, owner);
        const token = await t.services.sessions.open({ kind: 'client', userId: null, siteId: site.id });
        expect((await t.call(method, url, { token, body })).status).toBe(403);
      },
    );
    it.each(adminCalls)(
      '%s %s: admin only (user, article_editor, client: 403)',
      async (method, url, body) => {
        for (const roles of [['user'], ['article_editor']] as const) {
          const u = await signedIn(t, [...roles]);
          expect((await t.call(method, url, { token: u.token, body })).status).toBe(403);
        }
        const res = await t.call(method, url, { token: admin.token, body });
        expect([200, 404, 422]).toContain(res.status);
      },
    );
    it('public: plans and shown coupons without a token', async () => {
      expect((await t.call('GET', BILLING_PATHS.plans)).status).toBe(200);
      const shown = await t.call('GET', BILLING_PATHS.discounts);
      expect(shown.body.data.list.map((c: { code: string }) => c.code)).toEqual(['SAVE15']);
    });
    it('bad input is a 422 with field errors, never a 500', async () => {
      const u = await signedIn(t);
      for (const body of [
        { plan_id: 'x' },
        { plan_id: pro, period: 'week' },
        { plan_id: pro, period: 'quarter' },
        { plan_id: pro, period: 'month', coupon: 'NOPE' },
      ]) {
        const res = await call('POST', BILLING_PATHS.quote, u.token, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
      }
      const bad = await call('POST', ADMIN_PLAN_PATHS.save, admin.token, {
        ...PLAN,
        prices: { month: 10.5 },
      });
      expect(bad.status).toBe(422);
      const neg = await call('POST', ADMIN_COUPON_PATHS.save, admin.token, { kind: 'fixed', amount: '-1' });
      expect(neg.status).toBe(422);
    });
  });
});
