import { ADMIN_PLAN_PATHS, BILLING_PATHS, DEFAULT_WEBTITLE, USER_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHROME_WIN, hit, newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';
import { recharge } from '../../../test/money.js';
import { startSmtp } from '../../../test/smtp.js';
import { PLAN_NOTICES_JOB } from './billing.module.js';
import { QUOTA_WARN_PERCENT } from './plan-notices.service.js';
import { monthOf, UsageRepository } from './usage.repository.js';

const QUOTA = 10;

/**
 * Quota and expiry notices: mails through the mail job to a real SMTP server on 127.0.0.1, once each
 * (the `plan_notices` claim), in the user's language; page views over the quota are still stored.
 */
describe('plan notices: monthly page-view quota and expiry', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let small: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url });
    const admin = await signedIn(t, ['admin']);
    small = (
      await t.call('POST', ADMIN_PLAN_PATHS.save, {
        token: admin.token,
        body: {
          name_zh: '小号',
          name_en: 'Small',
          prices: { month: '1' },
          limits: { sites: 3, monthly_pageviews: QUOTA, bots: 1, retention_days: 30 },
        },
      })
    ).body.data.id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** An owner on the Small plan whose app language is `lang` (remembered by user/info). */
  async function subscriber(lang: 'zh-CN' | 'en-US') {
    const owner = await newOwner(t);
    await t.call('POST', USER_PATHS.info, { token: owner.token, headers: { 'accept-language': lang } });
    await recharge(t, owner.id, 1_000_000n);
    const order = await t.call('POST', BILLING_PATHS.create, {
      token: owner.token,
      body: { plan_id: small, period: 'month' },
    });
    await t.call('POST', BILLING_PATHS.pay, { token: owner.token, body: { id: order.body.data.id } });
    const site = await newSite(t, owner, { domains: [`site${owner.id}.example.com`] });
    return { ...owner, site };
  }

  /** `n` page views through the collect endpoint, each answered 204 (stored), then the rollups. */
  async function pageViews(owner: Awaited<ReturnType<typeof subscriber>>, n: number, from: number) {
    for (let i = from; i < from + n; i++) {
      const res = await hit(
        t,
        {
          s: owner.site.tracking_key,
          t: 'pv',
          u: `https://${owner.site.domains[0]}/p${i}`,
          v: `visitor${String(i).padStart(6, '0')}`,
        },
        { ua: CHROME_WIN },
      );
      expect(res.statusCode).toBe(204);
    }
    await t.services.rollups.refresh();
  }

  const info = async (token: string) =>
    (await t.call('GET', BILLING_PATHS.subscription, { token })).body.data;
  const outbox = (to: string) =>
    t.db.query<{ subject: string; text: string; status: string }>(
      'select subject, text, status from mail_outbox where "to" = $1 order by id',
      [to],
    );
  async function received(to: string, count: number) {
    for (let i = 0; i < 200 && smtp.mails.filter((m) => m.to.includes(to)).length < count; i++)
      await new Promise((r) => setTimeout(r, 50));
    return smtp.mails.filter((m) => m.to.includes(to)).length;
  }

  it('80 % then 100 %: one mail each, in Chinese; over the quota every page view is still stored', async () => {
    const owner = await subscriber('zh-CN');
    await pageViews(owner, 8, 0);
    expect(await info(owner.token)).toMatchObject({
      usage: { monthly_pageviews: 8, sites: 1, bots: 0 },
      quota_state: 'near',
    });
    // Two workers at once, then again: the 80 % notice is mailed once.
    await Promise.all([t.services.planNotices.run(), t.services.planNotices.run()]);
    await t.services.planNotices.run();
    expect(await received(owner.email, 1)).toBe(1);
    expect((await outbox(owner.email)).map((m) => m.subject)).toEqual([
      `${DEFAULT_WEBTITLE}：本月页面浏览量已用 80%`,
    ]);

    await pageViews(owner, 7, 8);
    const [stored] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from events where site_id = $1 and type = 'pv'",
      [owner.site.id],
    );
    expect(stored?.n).toBe(15);
    expect(await info(owner.token)).toMatchObject({ usage: { monthly_pageviews: 15 }, quota_state: 'over' });
    await Promise.all([t.services.planNotices.run(), t.services.planNotices.run()]);
    await t.services.planNotices.run();
    expect(await received(owner.email, 2)).toBe(2);
    expect((await outbox(owner.email)).map((m) => m.subject)).toEqual([
      `${DEFAULT_WEBTITLE}：本月页面浏览量已用 80%`,
      `${DEFAULT_WEBTITLE}：本月页面浏览量已达套餐上限`,
    ]);
    const [claims] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from plan_notices where user_id = $1',
      [owner.id],
    );
    expect(claims?.n).toBe(2);
    // Told both: later runs no longer pick this owner at all.
    const candidates = await new UsageRepository(t.db).atQuota(
      monthOf(new Date()),
      new Date(),
      QUOTA_WARN_PERCENT,
    );
    expect(candidates.map((c) => c.userId)).not.toContain(owner.id);
  });

  it('past 100 % at the first look: only the 100 % mail, in English, and one Telegram notice', async () => {
    const owner = await subscriber('en-US');
    await pageViews(owner, 11, 0);
    const told = vi.spyOn(t.services.notices, 'tell');
    await t.services.planNotices.run();
    await t.services.planNotices.run();
    const mine = told.mock.calls.filter(([userId]) => userId === owner.id);
    told.mockRestore();
    expect(mine.map(([, notice]) => notice)).toEqual([
      { kind: 'quota_100', month: new Date().toISOString().slice(0, 7), used: 11, limit: QUOTA },
    ]);
    expect(await received(owner.email, 1)).toBe(1);
    const mails = await outbox(owner.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `${DEFAULT_WEBTITLE}: your monthly page views reached your plan’s quota`,
    ]);
  });

  it('a reminder 3 days before a paid term ends, once per term; a later term gets its own', async () => {
    const owner = await subscriber('en-US');
    const setExpiry = (sql: string) =>
      t.db.query(`update subscriptions set expires_at = ${sql} where user_id = $1`, [owner.id]);
    await setExpiry("now() + interval '5 days'");
    expect(await t.services.planNotices.run()).toBe(0);
    expect((await info(owner.token)).expires_soon).toBe(false);
    await setExpiry("now() + interval '2 days'");
    expect((await info(owner.token)).expires_soon).toBe(true);
    await Promise.all([t.services.planNotices.run(), t.services.planNotices.run()]);
    await t.services.planNotices.run();
    expect(await received(owner.email, 1)).toBe(1);
    const [first] = await outbox(owner.email);
    expect(first?.subject).toMatch(
      new RegExp(`^${DEFAULT_WEBTITLE}: your plan Small expires on \\d{4}-\\d{2}-\\d{2}$`),
    );
    // Renewed, and that term nears its end too: one more reminder.
    await setExpiry("now() + interval '2 days 1 hour'");
    await t.services.planNotices.run();
    expect(await received(owner.email, 2)).toBe(2);
  });

  it('a user whose language is not known yet gets both languages', async () => {
    const owner = await newOwner(t);
    await recharge(t, owner.id, 1_000_000n);
    const order = await t.call('POST', BILLING_PATHS.create, {
      token: owner.token,
      body: { plan_id: small, period: 'month' },
    });
    await t.call('POST', BILLING_PATHS.pay, { token: owner.token, body: { id: order.body.data.id } });
    await t.db.query("update subscriptions set expires_at = now() + interval '1 day' where user_id = $1", [
      owner.id,
    ]);
    await t.services.planNotices.run();
    const [mail] = await t.db.query<{ subject: string }>('select subject from mail_outbox where "to" = $1', [
      owner.email,
    ]);
    expect(mail?.subject).toContain('将于');
    expect(mail?.subject).toContain('expires on');
  });

  it('the notices job is on its own cron', async () => {
    const schedules = await t.services.jobs.pgBoss.getSchedules();
    expect(schedules.find((s) => s.name === PLAN_NOTICES_JOB)).toMatchObject({ cron: '*/10 * * * *' });
  });
});
