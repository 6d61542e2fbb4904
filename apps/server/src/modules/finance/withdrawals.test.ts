import { randomBytes } from 'node:crypto';
import { CONSOLE_PATHS, FINANCE_PATHS, tronAddressFromBytes } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { countRows, signedIn } from '../../../test/factories.js';
import { recharge } from '../../../test/money.js';
import { FakeTronGrid } from './fake-trongrid.js';

const USDT = 1_000_000n;
const TO = tronAddressFromBytes(randomBytes(20));

describe('withdrawals: amount + fee held through the ledger, never more than the balance', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  // Mark-paid checks its hash through TronGrid: an empty fake chain (the hash stays unverified).
  const chain = new FakeTronGrid();
  const fund = (userId: number, amount: bigint) => recharge(t, userId, amount);
  const balance = async (userId: number) => (await t.services.ledger.balances(userId)).balance;
  const ask = (token: string, amount: string, extra: Record<string, unknown> = {}, lang = 'en-US') =>
    t.call('POST', FINANCE_PATHS.user.withdrawalCreate, {
      token,
      body: { amount, address: TO, ...extra },
      headers: { 'accept-language': lang },
    });

  beforeAll(async () => {
    t = await createTestApp();
    await t.services.settings.update({ trongrid_base_url: await chain.start() });
    admin = await signedIn(t, ['admin']);
    // min 10, fee 1, daily limit 10000 (defaults)
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  it('concurrent requests that together exceed the balance hold at most the balance; the rest are refused clearly', async () => {
    const u = await signedIn(t);
    await fund(u.id, 100n * USDT);
    // Each holds 21 (20 + fee 1): four fit in 100, sixteen do not.
    const answers = await Promise.all(Array.from({ length: 20 }, () => ask(u.token, '20')));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok.length).toBe(4);
    for (const r of refused) {
      expect(r.status).toBe(422);
      expect(r.body.error).toBe('INSUFFICIENT_BALANCE');
      expect(r.body.errors?.amount).toEqual(['Insufficient balance.']);
    }
    expect(await balance(u.id)).toBe(100n * USDT - 4n * 21n * USDT);
    const [held] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from withdrawals where user_id = $1',
      [u.id],
    );
    expect(held?.n).toBe(4); // a refused request leaves no withdrawal row behind
    expect(await t.services.ledger.mismatches()).toEqual([]);
    const zh = await ask(u.token, '20', {}, 'zh-CN');
    expect(zh.body.errors?.amount).toEqual(['余额不足。']);
  });

  it('bad input is a 422 in the caller language and changes nothing: typo address, below minimum, float, over the daily limit', async () => {
    const u = await signedIn(t);
    await fund(u.id, 20_000n * USDT);
    const before = await countRows(t, ['withdrawals', 'ledger_entries']);
    const typo = `${TO.slice(0, -1)}${TO.endsWith('a') ? 'b' : 'a'}`;
    const bad = await ask(u.token, '20', { address: typo });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.address?.[0]).toMatch(/checksum|TRON address/);
    const badZh = await ask(u.token, '20', { address: typo }, 'zh-CN');
    expect(badZh.body.errors?.address?.[0]).toMatch(/TRON 地址/);
    const low = await ask(u.token, '9.999999');
    expect(low.status).toBe(422);
    expect(low.body.errors?.amount).toEqual(['at least 10 USDT']);
    expect((await ask(u.token, '9', {}, 'zh-CN')).body.errors?.amount).toEqual(['至少 10 USDT']);
    const float = await t.call('POST', FINANCE_PATHS.user.withdrawalCreate, {
      token: u.token,
      body: { amount: 20.5, address: TO },
    });
    expect(float.status).toBe(422);
    const over = await ask(u.token, '10000.000001');
    expect(over.status).toBe(422);
    expect(over.body.errors?.amount?.[0]).toMatch(/daily limit/);
    expect(await countRows(t, ['withdrawals', 'ledger_entries'])).toEqual(before);
  });

  it('the same request id holds once', async () => {
    const u = await signedIn(t);
    await fund(u.id, 100n * USDT);
    const a = await ask(u.token, '10', { request_id: 'req-12345678' });
    const b = await ask(u.token, '10', { request_id: 'req-12345678' });
    expect(b.body.data.id).toBe(a.body.data.id);
    expect(await balance(u.id)).toBe(89n * USDT);
  });

  it('an admin approves and marks paid; a rejection releases amount + fee once, with its reason', async () => {
    const u = await signedIn(t);
    await fund(u.id, 100n * USDT);
    const first = (await ask(u.token, '30')).body.data;
    const second = (await ask(u.token, '40')).body.data;
    expect(await balance(u.id)).toBe(100n * USDT - 31n * USDT - 41n * USDT);

    const call = (path: string, body: unknown, token = admin.token) => t.call('POST', path, { token, body });
    expect(
      (await call(FINANCE_PATHS.withdrawals.markPaid, { id: first.id, tx_id: 'ab'.repeat(32) })).status,
    ).toBe(409);
    expect((await call(FINANCE_PATHS.withdrawals.approve, { id: first.id })).status).toBe(200);
    expect((await call(FINANCE_PATHS.withdrawals.markPaid, { id: first.id, tx_id: 'xyz' })).status).toBe(422);
    const paid = await call(FINANCE_PATHS.withdrawals.markPaid, { id: first.id, tx_id: 'AB'.repeat(32) });
    expect(paid.body.data).toMatchObject({ status: 'paid', tx_id: 'ab'.repeat(32) });
    expect((await call(FINANCE_PATHS.withdrawals.reject, { id: first.id, reason: 'late' })).status).toBe(409);

    expect((await call(FINANCE_PATHS.withdrawals.reject, { id: second.id, reason: '' })).status).toBe(422);
    const rejects = await Promise.all([
      call(FINANCE_PATHS.withdrawals.reject, { id: second.id, reason: 'address on a blocklist' }),
      call(FINANCE_PATHS.withdrawals.reject, { id: second.id, reason: 'address on a blocklist' }),
    ]);
    expect(rejects.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balance(u.id)).toBe(100n * USDT - 31n * USDT);

    const mine = await t.call('GET', FINANCE_PATHS.user.withdrawalList, { token: u.token });
    expect(mine.body.data.list.map((w: { status: string }) => w.status)).toEqual(['rejected', 'paid']);
    expect(mine.body.data.list[0].reason).toBe('address on a blocklist');
    const listed = await t.call('GET', `${FINANCE_PATHS.withdrawals.fetch}?user=${u.username}`, {
      token: admin.token,
    });
    expect(listed.body.data).toMatchObject({ total: 2, sum: '70' });
    // The console's tile counts every pending withdrawal (other tests of this file leave some).
    const [pending] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from withdrawals where status = 'pending'`,
    );
    const consoleAnswer = await t.call('GET', CONSOLE_PATHS.fetch, { token: admin.token });
    expect(
      consoleAnswer.body.data.figures.find((f: { key: string }) => f.key === 'pending_withdrawals'),
    ).toMatchObject({ status: 'ok', value: pending?.n, href: '/finance/withdrawal' });
    const mails = await t.db.query<{ subject: string; text: string }>(
      'select subject, text from mail_outbox where "to" = $1 order by id',
      [u.email],
    );
    expect(mails.map((m) => m.subject)).toEqual([
      '提现已批准 / Withdrawal was approved',
      '提现已打款 / Withdrawal was paid',
      '提现已拒绝，金额与手续费已退回余额 / Withdrawal was rejected; amount and fee are back in your balance',
    ]);
    expect(mails[2]?.text).toContain('address on a blocklist');
    const [audits] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from audit_log where target in ($1, $2)`,
      [`withdrawal:${first.id}`, `withdrawal:${second.id}`],
    );
    expect(audits?.n).toBe(3);
  });

  it('only admins reach the back-office calls; a user never sees another user', async () => {
    const u = await signedIn(t);
    for (const path of [
      FINANCE_PATHS.withdrawals.fetch,
      FINANCE_PATHS.recharges.fetch,
      FINANCE_PATHS.transfers.fetch,
      FINANCE_PATHS.addresses.fetch,
    ]) {
      expect((await t.call('GET', path, { token: u.token })).status).toBe(403);
      expect((await t.call('GET', path, { token: admin.token })).status).toBe(200);
    }
    const editor = await signedIn(t, ['article_editor']);
    expect(
      (await t.call('POST', FINANCE_PATHS.withdrawals.approve, { token: editor.token, body: { id: 1 } }))
        .status,
    ).toBe(403);
    const other = await t.call('GET', `${FINANCE_PATHS.user.rechargeStatus}?id=1`, { token: u.token });
    expect(other.status).toBe(404);
  });
});
