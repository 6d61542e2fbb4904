import { randomBytes } from 'node:crypto';
import { FINANCE_PATHS, tronAddressFromBytes } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';

describe('recharge creation: 3 open per user, a per-user throttle, and an amount space one account cannot use up', () => {
  let t: TestApp;
  const create = (token: string, amount: string, lang = 'en-US') =>
    t.call('POST', FINANCE_PATHS.user.rechargeCreate, {
      token,
      body: { amount },
      headers: { 'accept-language': lang },
    });

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signedIn(t, ['admin']);
    // One receiving address, so every recharge of an amount competes for its offsets.
    const saved = await t.call('POST', FINANCE_PATHS.addresses.save, {
      token: admin.token,
      body: { address: tronAddressFromBytes(randomBytes(20)), label: 'only', enabled: true },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(() => t.close());

  it("one account's 1,100 creations (each cancelled at once) do not stop another user's recharge of that amount", async () => {
    const attacker = await signedIn(t);
    const statuses: number[] = [];
    const refusals = new Set<string>();
    for (let sent = 0; sent < 1100; sent += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => create(attacker.token, '10')));
      for (const res of batch) {
        statuses.push(res.status);
        if (res.status !== 200) refusals.add(`${res.status} ${res.body.message}`);
        if (res.status === 200)
          // Cancelled, it still holds its amount until expiry + grace: a cancel frees no offset.
          await t.call('POST', FINANCE_PATHS.user.rechargeCancel, {
            token: attacker.token,
            body: { id: res.body.data.id },
          });
      }
    }
    const victim = await signedIn(t);
    const res = await create(victim.token, '10');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('pending');

    const created = statuses.filter((s) => s === 200).length;
    expect(created).toBeGreaterThan(0);
    expect(created).toBeLessThanOrEqual(10);
    const [held] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from recharges where user_id = $1 and holds_amount',
      [attacker.id],
    );
    expect(held?.n).toBe(created);
    // Refused by the cap (a batch of 20 at once) or the throttle, never for the amount being used up.
    expect([...refusals].sort()).toEqual([
      '422 Amount: You have 3 recharges waiting for payment; pay or cancel one first.',
      '429 Too many recharges asked for in the last hour; please try again later.',
    ]);
  }, 180_000);

  it('the 4th open recharge is refused with a clear 422 in en and zh; cancelling one makes room', async () => {
    const u = await signedIn(t);
    const open = [];
    for (const amount of ['20', '21', '22']) {
      const res = await create(u.token, amount);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      open.push(res.body.data.id as number);
    }
    const en = await create(u.token, '23');
    expect(en.status).toBe(422);
    expect(en.body.errors?.amount).toEqual([
      'You have 3 recharges waiting for payment; pay or cancel one first.',
    ]);
    expect(en.body.message).toBe(
      'Amount: You have 3 recharges waiting for payment; pay or cancel one first.',
    );
    const zh = await create(u.token, '23', 'zh-CN');
    expect(zh.status).toBe(422);
    expect(zh.body.errors?.amount).toEqual(['您已有 3 笔待支付的充值，请先支付或取消其中一笔。']);
    expect(zh.body.message).toBe('金额: 您已有 3 笔待支付的充值，请先支付或取消其中一笔。');
    const [count] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from recharges where user_id = $1',
      [u.id],
    );
    expect(count?.n).toBe(3);

    await t.call('POST', FINANCE_PATHS.user.rechargeCancel, { token: u.token, body: { id: open[0] } });
    expect((await create(u.token, '23')).status).toBe(200);
  });

  it('more than 10 creations in an hour answer 429 in en and zh, with Retry-After', async () => {
    const u = await signedIn(t);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await create(u.token, `3${i}`));
    // 3 created, 7 refused by the cap: each request counts.
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 422, 422, 422, 422, 422, 422, 422]);
    const en = await create(u.token, '40');
    expect(en.status).toBe(429);
    expect(en.body.message).toBe('Too many recharges asked for in the last hour; please try again later.');
    expect(Number(en.headers['retry-after'])).toBeGreaterThan(0);
    const zh = await create(u.token, '40', 'zh-CN');
    expect(zh.status).toBe(429);
    expect(zh.body.message).toBe('最近一小时内发起的充值过多，请稍后再试。');
  });
});
