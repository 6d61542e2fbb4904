import { randomBytes } from 'node:crypto';
import { FINANCE_PATHS, tronAddressFromBytes } from '@tally/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';
import type { ChainWatcher } from './chain-watcher.js';
import { FakeTronGrid } from './fake-trongrid.js';
import { LocalWatcherLock } from './watcher-lock.js';

const USDT = 1_000_000n;
const MIN = 60_000;
const newAddress = () => tronAddressFromBytes(randomBytes(20));

describe('chain watcher against the fake TronGrid: each transfer credits exactly as it should, once', () => {
  let t: TestApp;
  let chain: FakeTronGrid;
  let watcher: ChainWatcher;
  let now = new Date('2026-11-24T10:00:00Z');
  let admin: Awaited<ReturnType<typeof signedIn>>;

  const balance = async (userId: number) => (await t.services.ledger.balances(userId)).balance;
  const addAddress = async (enabled = true) => {
    const res = await t.call('POST', FINANCE_PATHS.addresses.save, {
      token: admin.token,
      body: { address: newAddress(), label: 'test', enabled },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: number; address: string };
  };
  /** Only this address enabled, so the next recharge lands on it. */
  const onlyAddress = async () => {
    await t.db.query('update usdt_addresses set enabled = false where id in (select id from usdt_addresses)');
    return addAddress();
  };
  const recharge = async (token: string, amount: string) => {
    const res = await t.call('POST', FINANCE_PATHS.user.rechargeCreate, { token, body: { amount } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: number; payable: string; address: string; status: string };
  };
  const micros = (text: string) => {
    const [w = '0', f = ''] = text.split('.');
    return BigInt(w) * USDT + BigInt(f.padEnd(6, '0'));
  };
  const creditsOf = async (ref: string) =>
    (
      await t.db.query<{ n: number }>(
        `select count(*)::int as n from ledger_entries where kind = 'recharge' and ref_type || ':' || ref_id = $1`,
        [ref],
      )
    )[0]?.n;

  beforeAll(async () => {
    chain = new FakeTronGrid({ defaultLimit: 200 });
    await chain.start();
    t = await createTestApp({}, { clock: () => now });
    await t.services.settings.update({
      trongrid_base_url: chain.url,
      trongrid_rate: 1000,
      trongrid_api_key: 'k-123',
    });
    watcher = t.services.chainWatcher.with({ backoffMs: 2 });
    admin = await signedIn(t, ['admin']);
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });
  beforeEach(() => {
    now = new Date(now.getTime() + 24 * 60 * MIN); // each case on its own day: earlier windows closed
  });

  it('an exact payment credits its recharge once, with the API key header and the documented query', async () => {
    const a = await onlyAddress();
    const u = await signedIn(t);
    const r = await recharge(u.token, '25');
    expect(r.address).toBe(a.address);
    chain.inject({ to: a.address, value: micros(r.payable), blockTimestamp: now.getTime() + MIN });
    const report = await watcher.cycle();
    expect(report.matched).toBe(1);
    expect(await balance(u.id)).toBe(micros(r.payable));
    const status = await t.call('GET', `${FINANCE_PATHS.user.rechargeStatus}?id=${r.id}`, { token: u.token });
    expect(status.body.data.status).toBe('paid');
    const last = chain.log.filter((r) => r.url.includes('/transactions/trc20')).at(-1) as {
      url: string;
      apiKey?: string;
    };
    expect(last.apiKey).toBe('k-123');
    expect(last.url).toContain('only_to=true');
    expect(last.url).toContain('only_confirmed=true');
    expect(last.url).toContain('contract_address=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(last.url).toMatch(/min_timestamp=\d+/);
    const listed = await t.call('GET', `${FINANCE_PATHS.addresses.fetch}?keyword=${a.address}`, {
      token: admin.token,
    });
    expect(listed.body.data.list[0]).toMatchObject({ last_balance: r.payable, live_recharges: 0 });
    await watcher.cycle();
    expect(await creditsOf(`recharge:${r.id}`)).toBe(1);
    expect(await balance(u.id)).toBe(micros(r.payable));
  });

  it('payable amounts on one address are unique among live recharges, enforced by the database too', async () => {
    const a = await onlyAddress();
    // Eight users (one may have 3 waiting at once), all asking the same amount at the same time.
    const users = await Promise.all(Array.from({ length: 8 }, () => signedIn(t)));
    const list = await Promise.all(users.map((u) => recharge(u.token, '10')));
    const payables = list.map((r) => r.payable);
    expect(new Set(payables).size).toBe(8);
    for (const p of payables) expect(micros(p) - 10n * USDT).toBeLessThan(10_000n); // offsets in the 3rd–6th decimals
    const [first] = await t.db.query<{ address_id: string; payable: string; user_id: string }>(
      'select address_id, payable::text, user_id from recharges where id = $1',
      [list[0]?.id],
    );
    await expect(
      t.db.query(
        `insert into recharges (order_no, user_id, address_id, amount, payable, expires_at, locked_until)
         values ('dup', $1, $2, 1, $3, now(), now() + interval '1 hour')`,
        [first?.user_id, first?.address_id, first?.payable],
      ),
    ).rejects.toMatchObject({ code: '23505' });
    expect(a.id).toBeGreaterThan(0);
  });

  it('a late payment inside the grace credits; after the grace it stays unmatched until an admin assigns it once', async () => {
    const a = await onlyAddress();
    const u = await signedIn(t);
    const late = await recharge(u.token, '30');
    const tooLate = await recharge(u.token, '31');
    // expiry 30 min, grace 30 min (defaults)
    now = new Date(now.getTime() + 45 * MIN);
    chain.inject({ to: a.address, value: micros(late.payable), blockTimestamp: now.getTime() });
    chain.inject({ to: a.address, value: micros(tooLate.payable), blockTimestamp: now.getTime() + 20 * MIN });
    now = new Date(now.getTime() + 21 * MIN);
    const report = await watcher.cycle();
    expect(report).toMatchObject({ matched: 1, unmatched: 1 });
    expect(await balance(u.id)).toBe(micros(late.payable));

    const listed = await t.call(
      'GET',
      `${FINANCE_PATHS.transfers.fetch}?status=unmatched&address=${a.address}`,
      {
        token: admin.token,
      },
    );
    expect(listed.body.data.total).toBe(1);
    expect(listed.body.data.sum).toBe(tooLate.payable);
    const transferId = listed.body.data.list[0].id;

    const noReason = await t.call('POST', FINANCE_PATHS.transfers.assign, {
      token: admin.token,
      body: { id: transferId, recharge_id: tooLate.id, reason: ' ' },
    });
    expect(noReason.status).toBe(422);
    const assign = () =>
      t.call('POST', FINANCE_PATHS.transfers.assign, {
        token: admin.token,
        body: { id: transferId, recharge_id: tooLate.id, reason: 'paid 20 min after the window' },
      });
    const [one, two] = await Promise.all([assign(), assign()]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    expect(await balance(u.id)).toBe(micros(late.payable) + micros(tooLate.payable));
    expect(await creditsOf(`recharge:${tooLate.id}`)).toBe(1);
    const [audit] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'usdt_transfer.assign' and target = $1`,
      [`usdt_transfer:${transferId}`],
    );
    expect(audit?.n).toBe(1);
  });

  it('underpayment and overpayment stay unmatched and visible; nothing is credited', async () => {
    const a = await onlyAddress();
    const u = await signedIn(t);
    const r = await recharge(u.token, '40');
    chain.inject({ to: a.address, value: micros(r.payable) - 1n, blockTimestamp: now.getTime() + MIN });
    chain.inject({ to: a.address, value: micros(r.payable) + 1n, blockTimestamp: now.getTime() + MIN });
    expect(await watcher.cycle()).toMatchObject({ matched: 0, unmatched: 2 });
    expect(await balance(u.id)).toBe(0n);
    const listed = await t.call('GET', `${FINANCE_PATHS.transfers.fetch}?address=${a.address}`, {
      token: admin.token,
    });
    expect(listed.body.data.list.map((x: { status: string }) => x.status)).toEqual([
      'unmatched',
      'unmatched',
    ]);
  });

  it('the same transaction delivered twice and across pages is stored and credited once', async () => {
    const small = new FakeTronGrid({ defaultLimit: 1 });
    await small.start();
    await t.services.settings.update({ trongrid_base_url: small.url });
    try {
      const a = await onlyAddress();
      const u = await signedIn(t);
      const r = await recharge(u.token, '50');
      const txId = randomBytes(32).toString('hex');
      for (let i = 0; i < 3; i++)
        small.inject({ txId, to: a.address, value: micros(r.payable), blockTimestamp: now.getTime() + MIN });
      small.inject({ to: a.address, value: 7n, blockTimestamp: now.getTime() + 2 * MIN });
      const report = await watcher.cycle();
      expect(report).toMatchObject({ matched: 1, duplicates: 2, unmatched: 1 });
      expect(report.requests).toBeGreaterThanOrEqual(4); // one transfer per page: fingerprint paging
      expect(await watcher.cycle()).toMatchObject({ matched: 0 });
      expect(await balance(u.id)).toBe(micros(r.payable));
      const [stored] = await t.db.query<{ n: number }>(
        'select count(*)::int as n from usdt_transfers where tx_id = $1',
        [txId],
      );
      expect(stored?.n).toBe(1);
    } finally {
      await t.services.settings.update({ trongrid_base_url: chain.url });
      await small.stop();
    }
  });

  it('one page: the same transaction twice and a second payment of the same amount pay the recharge once', async () => {
    const a = await onlyAddress();
    const u = await signedIn(t);
    const r = await recharge(u.token, '55');
    const txId = randomBytes(32).toString('hex');
    for (let i = 0; i < 2; i++)
      chain.inject({ txId, to: a.address, value: micros(r.payable), blockTimestamp: now.getTime() + MIN });
    chain.inject({ to: a.address, value: micros(r.payable), blockTimestamp: now.getTime() + 2 * MIN });
    const report = await watcher.cycle();
    expect(report).toMatchObject({ matched: 1, unmatched: 1 }); // other addresses' re-reads are duplicates too
    expect(await creditsOf(`recharge:${r.id}`)).toBe(1);
    expect(await balance(u.id)).toBe(micros(r.payable));
    const stored = await t.db.query<{ status: string }>(
      'select status from usdt_transfers where tx_id = $1',
      [txId],
    );
    expect(stored.map((x) => x.status)).toEqual(['matched']); // stored once; the older one pays
  });

  it('a page whose credit the ledger refuses (credited already) goes again one by one: the rest still credit once', async () => {
    const a = await onlyAddress();
    const u = await signedIn(t);
    const [credited, fresh] = [await recharge(u.token, '56'), await recharge(u.token, '57')];
    // The recharge's reference is on the ledger already (as after a crash between two writers).
    await t.db.transaction((tx) =>
      t.services.ledger.post(
        {
          userId: u.id,
          account: 'balance',
          kind: 'recharge',
          amount: 1n,
          ref: { type: 'recharge', id: String(credited.id) },
          actorId: null,
        },
        tx,
      ),
    );
    chain.inject({ to: a.address, value: micros(credited.payable), blockTimestamp: now.getTime() + MIN });
    chain.inject({ to: a.address, value: micros(fresh.payable), blockTimestamp: now.getTime() + MIN });
    const report = await watcher.cycle();
    expect(report.matched).toBe(1);
    expect(await creditsOf(`recharge:${credited.id}`)).toBe(1);
    expect(await creditsOf(`recharge:${fresh.id}`)).toBe(1);
    expect(await balance(u.id)).toBe(1n + micros(fresh.payable));
  });

  it('two watchers at once credit each match once (even without the lock that keeps one at a time)', async () => {
    const a = await onlyAddress();
    const users = await Promise.all([signedIn(t), signedIn(t), signedIn(t)]);
    const rs = await Promise.all(users.map((u) => recharge(u.token, '60')));
    for (const r of rs)
      chain.inject({ to: a.address, value: micros(r.payable), blockTimestamp: now.getTime() + MIN });
    // A lock of its own: both really read and store at once, so only the database keeps it once.
    const other = t.services.chainWatcher.with({ backoffMs: 2 }, new LocalWatcherLock());
    const [x, y] = await Promise.all([watcher.cycle(), other.cycle()]);
    expect(x.skipped || y.skipped).toBe(false);
    expect(x.matched + y.matched).toBe(3);
    for (const [i, u] of users.entries()) expect(await balance(u.id)).toBe(micros(rs[i]?.payable ?? '0'));
    for (const r of rs) expect(await creditsOf(`recharge:${r.id}`)).toBe(1);
  });

  it('429 and 5xx answers back off and retry; a read that gives up resumes next cycle', async () => {
    const a = await onlyAddress();
    const u = await signedIn(t);
    const r = await recharge(u.token, '70');
    chain.inject({ to: a.address, value: micros(r.payable), blockTimestamp: now.getTime() + MIN });
    chain.failNext(429, 500, 503, 403);
    const report = await watcher.cycle();
    expect(report.retries).toBeGreaterThanOrEqual(4);
    expect(report.matched).toBe(1);
    expect(await balance(u.id)).toBe(micros(r.payable));

    const r2 = await recharge(u.token, '71');
    chain.inject({ to: a.address, value: micros(r2.payable), blockTimestamp: now.getTime() + 2 * MIN });
    chain.failNext(...Array.from({ length: 200 }, () => 429));
    const refused = await watcher.cycle();
    expect(refused.failed).toBeGreaterThan(0);
    chain.clearFailures();
    expect((await watcher.cycle()).matched).toBe(1);
    expect(await balance(u.id)).toBe(micros(r.payable) + micros(r2.payable));
  });

  it('a late confirmation is still seen (safety window behind the cursor) and credits once', async () => {
    const a = await onlyAddress();
    const u = await signedIn(t);
    const r = await recharge(u.token, '80');
    const txId = chain.inject({
      to: a.address,
      value: micros(r.payable),
      blockTimestamp: now.getTime() + MIN,
      confirmed: false,
    });
    chain.inject({ to: a.address, value: 3n, blockTimestamp: now.getTime() + 2 * MIN }); // moves the cursor past it
    expect((await watcher.cycle()).matched).toBe(0);
    chain.confirm(txId);
    expect((await watcher.cycle()).matched).toBe(1);
    expect(await balance(u.id)).toBe(micros(r.payable));
  });

  it('a transfer to a disabled address is stored unmatched; an admin gives it to a user once; disabling with live recharges is refused', async () => {
    const a = await onlyAddress();
    const u = await signedIn(t);
    await recharge(u.token, '90');
    const refused = await t.call('POST', FINANCE_PATHS.addresses.switch, {
      token: admin.token,
      body: { id: a.id, status: 0 },
    });
    expect(refused.status).toBe(409);

    const off = await addAddress(false);
    chain.inject({ to: off.address, value: 5n * USDT, blockTimestamp: now.getTime() + MIN });
    expect(await watcher.cycle()).toMatchObject({ matched: 0, unmatched: 1 });
    const listed = await t.call('GET', `${FINANCE_PATHS.transfers.fetch}?address=${off.address}`, {
      token: admin.token,
    });
    const id = listed.body.data.list[0].id;
    const assign = () =>
      t.call('POST', FINANCE_PATHS.transfers.assign, {
        token: admin.token,
        body: { id, user_id: u.id, reason: 'sent to the old address' },
      });
    expect((await assign()).status).toBe(200);
    expect((await assign()).status).toBe(409);
    expect(await balance(u.id)).toBe(5n * USDT);
  });
});
