import { ERROR, WALLET_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { countRows, signedIn } from '../../../test/factories.js';

const USDT = 1_000_000n;

describe('wallet: the signed-in user reads and moves only their own money', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signedIn>>;
  let bob: Awaited<ReturnType<typeof signedIn>>;
  let seq = 0;

  const credit = (userId: number, account: 'balance' | 'commission', amount: bigint, note = '') =>
    t.db.transaction((tx) =>
      t.services.ledger.post(
        {
          userId,
          account,
          kind: account === 'balance' ? 'recharge' : 'commission',
          amount,
          ref: { type: 'test', id: String(++seq) },
          actorId: null,
          note,
        },
        tx,
      ),
    );

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedIn(t);
    bob = await signedIn(t);
    await credit(alice.id, 'balance', 12_345_678n, 'first');
    await credit(alice.id, 'commission', 5n * USDT);
    await credit(bob.id, 'balance', 99n * USDT, 'bob only');
  });
  afterAll(() => t.close());

  describe('who may call', () => {
    const calls = [
      ['GET', WALLET_PATHS.info, undefined],
      ['GET', WALLET_PATHS.ledger, undefined],
      ['GET', WALLET_PATHS.ledgerCsv, undefined],
      ['POST', WALLET_PATHS.transfer, { amount: '0.000001' }],
    ] as const;

    it.each(calls)(
      '%s %s: user, article_editor and admin reach their own wallet',
      async (method, url, body) => {
        for (const roles of [['user'], ['article_editor'], ['admin']] as const) {
          const u = await signedIn(t, [...roles]);
          await credit(u.id, 'commission', 1n);
          const res = await t.call(method, url, { token: u.token, body });
          expect(res.status, `${roles}: ${JSON.stringify(res.body)}`).toBe(200);
        }
      },
    );

    it.each(calls)(
      '%s %s: anonymous gets code 403 in an HTTP 200 body (the seed clears the token)',
      async (method, url, body) => {
        const res = await t.call(method, url, { body });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ code: 403, data: null });
      },
    );

    it.each(calls)('%s %s: a share-link client has no wallet (HTTP 403)', async (method, url, body) => {
      const owner = await newOwner(t);
      const site = await newSite(t, owner);
      const token = await t.services.sessions.open({ kind: 'client', userId: null, siteId: site.id });
      const res = await t.call(method, url, { token, body });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(ERROR.FORBIDDEN);
    });

    it.each(calls)('%s %s: a banned user is signed out (code 403)', async (method, url, body) => {
      const u = await signedIn(t);
      await t.db.query(`update users set status = 'banned' where id = $1`, [u.id]);
      const res = await t.call(method, url, { token: u.token, body });
      expect(res.body).toMatchObject({ code: 403, data: null });
    });
  });

  it('info: both balances as decimal strings', async () => {
    const res = await t.call('GET', WALLET_PATHS.info, { token: alice.token });
    expect(res.body.data).toEqual({ balance: '12.345678', commission: '5', commission_transfer: true });
  });

  it("资金明细: only the caller's entries, whatever the query names", async () => {
    const mine = await t.call('GET', `${WALLET_PATHS.ledger}?user_id=${bob.id}`, { token: alice.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.total).toBe(2);
    expect(mine.body.data.list.map((e: { note: string }) => e.note)).not.toContain('bob only');
    expect(mine.body.data.list[1]).toMatchObject({
      account: 'balance',
      kind: 'recharge',
      amount: '12.345678',
      balance_after: '12.345678',
      note: 'first',
    });
    const bobs = await t.call('GET', WALLET_PATHS.ledger, { token: bob.token });
    expect(bobs.body.data.list.map((e: { note: string }) => e.note)).toEqual(['bob only']);
  });

  it('资金明细 filters: kind, account, days; bad values are 422 with field errors', async () => {
    const q = (query: string) => t.call('GET', `${WALLET_PATHS.ledger}?${query}`, { token: alice.token });
    expect((await q('kind=commission')).body.data.total).toBe(1);
    expect((await q('account=balance')).body.data.total).toBe(1);
    expect((await q('to=2020-01-01')).body.data.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await q(`from=${today}&to=${today}&limit=1`)).body.data).toMatchObject({ total: 2, limit: 1 });
    for (const [query, field] of [
      ['kind=gift', 'kind'],
      ['account=savings', 'account'],
      ['from=2026-13-01', 'from'],
      ['from=2026-02-01&to=2026-01-01', 'to'],
      ['sort=amount', 'sort'],
      ['limit=500', 'limit'],
    ]) {
      const res = await q(query as string);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), query).toContain(field);
    }
  });

  it('CSV: every filtered entry, UTF-8 with BOM, amounts as exact decimals, headings in the asked language', async () => {
    await credit(alice.id, 'balance', 1n, '=HYPERLINK("x")');
    const zh = await t.app.inject({
      method: 'GET',
      url: `${WALLET_PATHS.ledgerCsv}?account=balance`,
      headers: { 'x-token': alice.token },
    });
    expect(zh.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(zh.headers['content-disposition']).toContain('attachment');
    const lines = zh.body.split('\r\n');
    expect(lines[0]?.startsWith('\uFEFF时间 (UTC),账户,类型,金额 (USDT)')).toBe(true);
    expect(lines).toHaveLength(4); // heading, two entries, the empty end
    expect(lines[1]).toContain(`,余额,充值,0.000001,12.345679,test,`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`); // a note never runs as a formula
    expect(lines[2]).toContain(',余额,充值,12.345678,12.345678,test,');
    const en = await t.app.inject({
      method: 'GET',
      url: `${WALLET_PATHS.ledgerCsv}?lang=en-US&kind=commission`,
      headers: { 'x-token': alice.token },
    });
    expect(en.body.split('\r\n')).toEqual([
      '\uFEFFTime (UTC),Account,Type,Amount (USDT),Balance after (USDT),Reference type,Reference,Note',
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,Commission,Commission,5,5,test,\d+,$/),
      '',
    ]);
  });

  it('transfer: commission to balance in two entries; a repeated request id moves it once', async () => {
    const u = await signedIn(t);
    await credit(u.id, 'commission', 10n * USDT);
    const body = { amount: '2.5', request_id: '3f0b3c39-5a43-4d6e-9a7e-6f0c9b1d2e11' };
    const first = await t.call('POST', WALLET_PATHS.transfer, { token: u.token, body });
    expect(first.body.data).toEqual({ balance: '2.5', commission: '7.5', commission_transfer: true });
    const again = await t.call('POST', WALLET_PATHS.transfer, { token: u.token, body });
    expect(again.body.data).toEqual(first.body.data);
    // Another user's transfer with the same id is their own.
    await credit(bob.id, 'commission', 1n * USDT);
    const bobs = await t.call('POST', WALLET_PATHS.transfer, {
      token: bob.token,
      body: { ...body, amount: '1' },
    });
    expect(bobs.body.data.commission).toBe('0');
    const entries = await t.call('GET', `${WALLET_PATHS.ledger}?kind=commission_transfer`, {
      token: u.token,
    });
    expect(
      entries.body.data.list.map((e: { account: string; amount: string }) => [e.account, e.amount]),
    ).toEqual([
      ['balance', '2.5'],
      ['commission', '-2.5'],
    ]);
  });

  it('transfer: more than the commission is 422 INSUFFICIENT_BALANCE in the caller language; nothing moves', async () => {
    const u = await signedIn(t);
    await credit(u.id, 'commission', 1n * USDT);
    const before = await countRows(t, ['ledger_entries']);
    const zh = await t.call('POST', WALLET_PATHS.transfer, {
      token: u.token,
      body: { amount: '1.000001' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.status).toBe(422);
    expect(zh.body).toMatchObject({ error: ERROR.INSUFFICIENT_BALANCE, message: '金额: 佣金余额不足。' });
    const en = await t.call('POST', WALLET_PATHS.transfer, {
      token: u.token,
      body: { amount: '2' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(en.body).toMatchObject({
      error: ERROR.INSUFFICIENT_BALANCE,
      errors: { amount: ['Insufficient commission balance.'] },
    });
    expect(await countRows(t, ['ledger_entries'])).toEqual(before);
    expect((await t.call('GET', WALLET_PATHS.info, { token: u.token })).body.data.commission).toBe('1');
  });

  it('transfer: an amount is a decimal string, never a float, an exponent, 7 decimals or ≤ 0', async () => {
    const u = await signedIn(t);
    await credit(u.id, 'commission', 10n * USDT);
    for (const amount of [
      1.5,
      '1e3',
      '0.0000001',
      '-1',
      '0',
      '',
      ' 1',
      '1,5',
      'NaN',
      '99999999999999',
      null,
    ]) {
      const res = await t.call('POST', WALLET_PATHS.transfer, {
        token: u.token,
        body: { amount },
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(res.status, JSON.stringify(amount)).toBe(422);
      expect(res.body.errors?.amount, JSON.stringify(amount)).toBeDefined();
      expect(res.body.message, JSON.stringify(amount)).toMatch(/^金额: /);
    }
    const bad = await t.call('POST', WALLET_PATHS.transfer, {
      token: u.token,
      body: { amount: '1', request_id: 'x' },
    });
    expect(bad.status).toBe(422);
    expect((await t.call('GET', WALLET_PATHS.info, { token: u.token })).body.data.commission).toBe('10');
  });
});
