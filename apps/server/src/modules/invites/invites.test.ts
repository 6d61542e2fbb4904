import { randomUUID } from 'node:crypto';
import { BILLING_PATHS, INVITE_PATHS, SETTINGS_PATHS, WALLET_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';
import { recharge } from '../../../test/money.js';
import { CREDIT_DUE_JOB } from './invites.module.js';

const HOUR = 3_600_000;
const ADMIN = { userId: null, ip: '127.0.0.1' };

describe('invites: commission on invitees’ paid orders, credited once after the delay, reversed on refund', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let pro: number;
  // The app's clock: the tests move it past the delay instead of waiting a day.
  let offset = 0;

  const call = (method: 'GET' | 'POST', url: string, token?: string, body?: unknown) =>
    t.call(method, url, { token, body });
  const setting = (body: object) => call('POST', SETTINGS_PATHS.save, admin.token, body);
  /** An inviter and, registered through the API with their code, an invitee holding `funds` micro-USDT. */
  const pair = async (funds = 100_000_000n) => {
    const inviter = await signedIn(t);
    const code = (await call('GET', INVITE_PATHS.info, inviter.token)).body.data.invite_code;
    const invitee = await t.services.users.create({
      username: `inv_${randomUUID().slice(0, 8)}`,
      email: `${randomUUID().slice(0, 8)}@example.test`,
      password: 'correct horse battery',
      roles: ['user'],
      invitedBy: (await t.services.users.findByInviteCode(code))!.id,
    });
    await recharge(t, invitee.id, funds);
    const token = await t.services.sessions.open({ kind: 'user', userId: invitee.id });
    return { inviter, invitee: { id: invitee.id, token } };
  };
  const buy = async (token: string) => {
    const order = (await call('POST', BILLING_PATHS.create, token, { plan_id: pro, period: 'month' })).body
      .data;
    return (await call('POST', BILLING_PATHS.pay, token, { id: order.id })).body.data;
  };
  const commissionOf = async (orderId: number) =>
    (
      await t.db.query<{ status: string; amount: string; reversed: string; unrecovered: string }>(
        `select status, amount_micros::text as amount, reversed_micros::text as reversed,
           unrecovered_micros::text as unrecovered from commissions where order_id = $1`,
        [orderId],
      )
    )[0];
  const entries = (orderId: number) =>
    t.db.query<{ kind: string; amount: string }>(
      "select kind, amount::text from ledger_entries where ref_type = 'commission' and ref_id = $1 order by id",
      [String(orderId)],
    );
  const commission = async (userId: number) => (await t.services.ledger.balances(userId)).commission;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => new Date(Date.now() + offset) });
    admin = await signedIn(t, ['admin']);
    pro = (
      await t.services.plans.save(
        {
          name_zh: '专业版',
          name_en: 'Pro',
          description_zh: '',
          description_en: '',
          prices: { month: 12_345_678n, quarter: null, half_year: null, year: null, onetime: null },
          limits: { sites: 5, monthly_pageviews: 1000, bots: 1, retention_days: 30 },
          on_sale: true,
          sort: 0,
        },
        ADMIN,
      )
    ).id;
  });
  afterAll(() => t.close());

  it('the settings: defaults 10 %, 24 hours, transfer open; out-of-range values are 422 in zh and en', async () => {
    const read = (await call('GET', SETTINGS_PATHS.fetch, admin.token)).body.data;
    expect(read).toMatchObject({
      commission_rate: 10,
      commission_delay_hours: 24,
      commission_transfer_open: true,
    });
    for (const body of [
      { commission_rate: 101 },
      { commission_rate: -1 },
      { commission_rate: 2.5 },
      { commission_rate: '10' },
      { commission_delay_hours: 8761 },
      { commission_transfer_open: 'yes' },
    ]) {
      const res = await setting(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const zh = await t.call('POST', SETTINGS_PATHS.save, {
      token: admin.token,
      body: { commission_rate: 101 },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.errors?.commission_rate?.[0]).toMatch(/[\u4e00-\u9fff]/);
    expect((await call('GET', SETTINGS_PATHS.fetch, admin.token)).body.data.commission_rate).toBe(10);
  });

  it('an invitee’s paid order schedules floor(total × rate / 100); the job credits it once, only after the delay', async () => {
    const { inviter, invitee } = await pair();
    const order = await buy(invitee.token);
    expect(order.status).toBe('paid');
    // 12.345678 × 10 % = 1.2345678 → 1.234567 (rounded down to the micro-USDT)
    expect(await commissionOf(order.id)).toMatchObject({ status: 'pending', amount: '1234567' });
    const info = (await call('GET', INVITE_PATHS.info, inviter.token)).body.data;
    expect(info).toMatchObject({
      invitees: 1,
      commission_rate: 10,
      commission_pending: '1.234567',
      commission_credited: '0',
      commission_balance: '0',
    });
    expect(info.link).toBe(`/register?code=${info.invite_code}`);

    expect(await t.services.invites.creditDue()).toBe(0); // not due yet
    offset += 24 * HOUR + 1000;
    try {
      // Two workers at once: one credit.
      const [a, b] = await Promise.all([t.services.invites.creditDue(), t.services.invites.creditDue()]);
      expect(a + b).toBe(1);
      expect(await entries(order.id)).toEqual([{ kind: 'commission', amount: '1234567' }]);
      expect(await t.services.invites.creditDue()).toBe(0);
    } finally {
      offset -= 24 * HOUR + 1000;
    }
    expect(await commission(inviter.id)).toBe(1_234_567n);
    expect(await commissionOf(order.id)).toMatchObject({ status: 'credited' });
    const after = (await call('GET', INVITE_PATHS.info, inviter.token)).body.data;
    expect(after).toMatchObject({
      commission_pending: '0',
      commission_credited: '1.234567',
      commission_balance: '1.234567',
    });
    const invitees = (await call('GET', INVITE_PATHS.invitees, inviter.token)).body.data;
    expect(invitees.total).toBe(1);
    expect(invitees.list[0]).toMatchObject({ id: invitee.id, paid_total: '12.345678' });
    expect(invitees.list[0].email).toMatch(/^.{1,2}\*\*\*@example\.test$/);
    const records = (await call('GET', INVITE_PATHS.commissions, inviter.token)).body.data;
    expect(records.list[0]).toMatchObject({
      amount: '1.234567',
      rate: 10,
      status: 'credited',
      order_total: '12.345678',
    });
  });

  it('the job runs on its cron without anyone watching (delay 0)', async () => {
    const schedules = await t.services.jobs.pgBoss.getSchedules();
    expect(schedules.find((s) => s.name === CREDIT_DUE_JOB)).toMatchObject({ cron: '* * * * *' });
    expect((await setting({ commission_delay_hours: 0 })).status).toBe(200);
    try {
      const { inviter, invitee } = await pair();
      const order = await buy(invitee.token);
      await t.services.jobs.send(CREDIT_DUE_JOB, {});
      for (let i = 0; i < 100 && (await commissionOf(order.id))?.status === 'pending'; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(await commissionOf(order.id)).toMatchObject({ status: 'credited' });
      expect(await commission(inviter.id)).toBe(1_234_567n);
    } finally {
      await setting({ commission_delay_hours: 24 });
    }
  });

  it('a refund before the credit cancels it: the job never pays it', async () => {
    const { inviter, invitee } = await pair();
    const order = await buy(invitee.token);
    await t.services.orders.refund(order.id, ADMIN);
    expect(await commissionOf(order.id)).toMatchObject({ status: 'cancelled' });
    offset += 48 * HOUR;
    try {
      await t.services.invites.creditDue();
    } finally {
      offset -= 48 * HOUR;
    }
    expect(await entries(order.id)).toEqual([]);
    expect(await commission(inviter.id)).toBe(0n);
  });

  it('a refund after the credit reverses it; what was moved out already is recorded unrecovered, never a negative balance', async () => {
    const { inviter, invitee } = await pair();
    const first = await buy(invitee.token);
    await t.db.query("update commissions set due_at = now() - interval '1 hour' where order_id = $1", [
      first.id,
    ]);
    await t.services.invites.creditDue();
    // The inviter keeps it: a full reversal.
    await t.services.orders.refund(first.id, ADMIN);
    expect(await commissionOf(first.id)).toMatchObject({
      status: 'reversed',
      reversed: '1234567',
      unrecovered: '0',
    });
    expect(await entries(first.id)).toEqual([
      { kind: 'commission', amount: '1234567' },
      { kind: 'commission_reversal', amount: '-1234567' },
    ]);
    expect(await commission(inviter.id)).toBe(0n);

    // Credited, then mostly moved to the balance: the reversal takes what is left.
    const second = await buy(invitee.token);
    await t.db.query("update commissions set due_at = now() - interval '1 hour' where order_id = $1", [
      second.id,
    ]);
    await t.services.invites.creditDue();
    await t.services.wallet.transferCommission(inviter.id, 1_000_000n);
    await t.services.orders.refund(second.id, ADMIN);
    expect(await commissionOf(second.id)).toMatchObject({
      status: 'reversed',
      reversed: '234567',
      unrecovered: '1000000',
    });
    expect(await commission(inviter.id)).toBe(0n);
    expect(await t.services.ledger.mismatches()).toEqual([]);
  });

  it('a commission whose reference is in the ledger already is recorded credited, not paid again or left blocking', async () => {
    const { inviter, invitee } = await pair();
    const order = await buy(invitee.token);
    await t.db.query("update commissions set due_at = now() - interval '1 hour' where order_id = $1", [
      order.id,
    ]);
    await t.db.transaction((tx) =>
      t.services.ledger.post(
        {
          userId: inviter.id,
          account: 'commission',
          kind: 'commission',
          amount: 1_234_567n,
          ref: { type: 'commission', id: String(order.id) },
          actorId: null,
        },
        tx,
      ),
    );
    expect(await t.services.invites.creditDue()).toBeGreaterThanOrEqual(1);
    expect(await commissionOf(order.id)).toMatchObject({ status: 'credited' });
    expect(await entries(order.id)).toHaveLength(1);
    expect(await commission(inviter.id)).toBe(1_234_567n);
  });

  it('no commission: an inviter-less buyer, a zero rate, a zero total', async () => {
    const loner = await signedIn(t);
    await recharge(t, loner.id, 50_000_000n);
    const own = await buy(loner.token);
    expect(await commissionOf(own.id)).toBeUndefined();
    await setting({ commission_rate: 0 });
    try {
      const { invitee } = await pair();
      const order = await buy(invitee.token);
      expect(order.status).toBe('paid');
      expect(await commissionOf(order.id)).toBeUndefined();
    } finally {
      await setting({ commission_rate: 10 });
    }
  });

  it('moving commission: the whole balance in one transfer; closed by the setting: 403; nothing to move: 422', async () => {
    const { inviter, invitee } = await pair();
    const empty = await call('POST', INVITE_PATHS.transfer, inviter.token, {});
    expect(empty.status).toBe(422);
    const zh = await t.call('POST', INVITE_PATHS.transfer, {
      token: inviter.token,
      body: {},
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.errors?.amount).toEqual(['没有可转入的佣金。']);
    const order = await buy(invitee.token);
    await t.db.query("update commissions set due_at = now() - interval '1 hour' where order_id = $1", [
      order.id,
    ]);
    await t.services.invites.creditDue();

    await setting({ commission_transfer_open: false });
    try {
      const closed = await call('POST', INVITE_PATHS.transfer, inviter.token, {});
      expect(closed.status).toBe(403);
      expect((await call('GET', WALLET_PATHS.info, inviter.token)).body.data.commission_transfer).toBe(false);
      expect(await commission(inviter.id)).toBe(1_234_567n);
    } finally {
      await setting({ commission_transfer_open: true });
    }
    const request_id = randomUUID();
    const [a, b] = await Promise.all([
      call('POST', INVITE_PATHS.transfer, inviter.token, { request_id }),
      call('POST', INVITE_PATHS.transfer, inviter.token, { request_id }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // The same request again, once it went through: the same answer, nothing moved twice.
    const again = await call('POST', INVITE_PATHS.transfer, inviter.token, { request_id });
    expect(again.status).toBe(200);
    const balances = await t.services.ledger.balances(inviter.id);
    expect(balances).toEqual({ balance: 1_234_567n, commission: 0n });
  });

  it("users never see another user's invitees or commissions", async () => {
    const { inviter } = await pair();
    const other = await signedIn(t);
    const [info, invitees, records] = await Promise.all([
      call('GET', INVITE_PATHS.info, other.token),
      call('GET', INVITE_PATHS.invitees, other.token),
      call('GET', INVITE_PATHS.commissions, other.token),
    ]);
    expect(info.body.data).toMatchObject({ invitees: 0, commission_pending: '0', commission_credited: '0' });
    expect(invitees.body.data.total).toBe(0);
    expect(records.body.data.total).toBe(0);
    // A user id in the query changes nothing: the calls take none.
    const spoof = await t.call('GET', `${INVITE_PATHS.invitees}?user_id=${inviter.id}`, {
      token: other.token,
    });
    expect(spoof.status).toBe(200);
    expect(spoof.body.data.total).toBe(0);
  });

  describe('role × endpoint', () => {
    const calls = [
      ['GET', INVITE_PATHS.info, undefined],
      ['GET', INVITE_PATHS.invitees, undefined],
      ['GET', INVITE_PATHS.commissions, undefined],
      ['POST', INVITE_PATHS.transfer, {}],
    ] as const;
    it.each(calls)('%s %s: anonymous gets code 403 (HTTP 200)', async (method, url, body) => {
      const res = await t.call(method, url, { body });
      expect(res.body).toMatchObject({ code: 403, data: null });
    });
    it.each(calls)(
      '%s %s: user, article_editor and admin reach their own; a share-link client is refused',
      async (method, url, body) => {
        for (const roles of [['user'], ['article_editor'], ['admin']] as const) {
          const u = await signedIn(t, [...roles]);
          const res = await t.call(method, url, { token: u.token, body });
          expect([200, 422], `${roles}: ${JSON.stringify(res.body)}`).toContain(res.status);
        }
        const owner = await newOwner(t);
        const site = await newSite(t, owner);
        const token = await t.services.sessions.open({ kind: 'client', userId: null, siteId: site.id });
        expect((await t.call(method, url, { token, body })).status).toBe(403);
      },
    );
    it('bad input is a 422 with field errors, never a 500', async () => {
      const u = await signedIn(t);
      for (const url of [
        `${INVITE_PATHS.commissions}?status=paid`,
        `${INVITE_PATHS.commissions}?limit=0`,
        `${INVITE_PATHS.invitees}?page=x`,
        `${INVITE_PATHS.invitees}?sort=email`,
      ]) {
        const res = await t.call('GET', url, { token: u.token });
        expect(res.status, url).toBe(422);
      }
      const bad = await call('POST', INVITE_PATHS.transfer, u.token, { request_id: 'not-a-uuid' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors?.request_id).toBeDefined();
    });
  });
});
