import { randomBytes } from 'node:crypto';
import { FINANCE_PATHS, tronAddressFromBytes } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';
import { recharge } from '../../../test/money.js';
import { FakeTronGrid } from './fake-trongrid.js';
import { RateLimiter, TronGridClient } from './trongrid.client.js';

const USDT = 1_000_000n;
const newAddress = () => tronAddressFromBytes(randomBytes(20));
const newHash = () => randomBytes(32).toString('hex');
/** A TRC20 token other than USDT. */
const OTHER_TOKEN = newAddress();

describe('a paid withdrawal’s transaction hash is checked against the chain (fake TronGrid)', () => {
  let t: TestApp;
  let chain: FakeTronGrid;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let user: Awaited<ReturnType<typeof signedIn>>;

  const call = (path: string, body: unknown, lang = 'en-US') =>
    t.call('POST', path, { token: admin.token, body, headers: { 'accept-language': lang } });
  /** An approved withdrawal of `amount` USDT (fee 1, the default) to a fresh address. */
  const approved = async (amount = '20') => {
    const address = newAddress();
    const asked = await t.call('POST', FINANCE_PATHS.user.withdrawalCreate, {
      token: user.token,
      body: { amount, address },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const id = asked.body.data.id as number;
    expect((await call(FINANCE_PATHS.withdrawals.approve, { id })).status).toBe(200);
    return { id, address, micros: BigInt(amount) * USDT };
  };
  const row = async (id: number) =>
    (
      await t.db.query<{ status: string; tx_id: string | null; chain_verified_at: Date | null }>(
        'select status, tx_id, chain_verified_at from withdrawals where id = $1',
        [id],
      )
    )[0];
  const audits = async (id: number, action: string) =>
    t.db.query<{ after: Record<string, unknown> }>(
      'select after from audit_log where target = $1 and action = $2 order by id',
      [`withdrawal:${id}`, action],
    );
  const watcher = () => t.services.chainWatcher.with({ backoffMs: 2 });

  beforeAll(async () => {
    chain = new FakeTronGrid({ defaultLimit: 200 });
    await chain.start();
    t = await createTestApp();
    await t.services.settings.update({ trongrid_base_url: chain.url, trongrid_rate: 1000 });
    admin = await signedIn(t, ['admin']);
    user = await signedIn(t);
    await recharge(t, user.id, 10_000n * USDT);
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  it('a confirmed USDT transfer of exactly the amount to the address: paid and verified at once, audited', async () => {
    const w = await approved('20');
    const txId = chain.inject({ to: w.address, value: w.micros });
    const paid = await call(FINANCE_PATHS.withdrawals.markPaid, { id: w.id, tx_id: txId.toUpperCase() });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', tx_id: txId });
    expect(paid.body.data.chain_verified_at).not.toBeNull();
    const [audit] = await audits(w.id, 'withdrawal.mark_paid');
    expect(audit?.after).toMatchObject({ status: 'paid', tx_id: txId, chain: 'verified' });
    const history = chain.log.filter((r) => r.url.includes(`/v1/accounts/${w.address}/transactions/trc20`));
    expect(history.at(0)?.url).toContain('only_to=true');
  });

  it('not on the chain yet: paid but unverified; the watcher verifies it once it is seen confirmed, once', async () => {
    const w = await approved('21');
    const txId = newHash();
    const paid = await call(FINANCE_PATHS.withdrawals.markPaid, { id: w.id, tx_id: txId });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', chain_verified_at: null });
    expect((await audits(w.id, 'withdrawal.mark_paid'))[0]?.after).toMatchObject({ chain: 'unseen' });

    expect((await watcher().cycle()).verified).toBe(0);
    chain.inject({ txId, to: w.address, value: w.micros, confirmed: false });
    expect((await watcher().cycle()).verified).toBe(0); // seen, not confirmed yet
    expect((await row(w.id))?.chain_verified_at).toBeNull();
    chain.confirm(txId);
    expect((await watcher().cycle()).verified).toBe(1);
    expect((await row(w.id))?.chain_verified_at).not.toBeNull();
    expect((await watcher().cycle()).verified).toBe(0);
    expect(await audits(w.id, 'withdrawal.chain_verified')).toHaveLength(1);
    const listed = await t.call('GET', FINANCE_PATHS.user.withdrawalList, { token: user.token });
    const mine = listed.body.data.list.find((x: { id: number }) => x.id === w.id);
    expect(mine.chain_verified_at).not.toBeNull();
  });

  it('hashes that never verify take their turn: the re-check reaches the ones paid after them', async () => {
    const stuck = await approved('24');
    const later = await approved('25');
    const laterTx = newHash();
    for (const [w, txId] of [
      [stuck, newHash()],
      [later, laterTx],
    ] as const)
      expect((await call(FINANCE_PATHS.withdrawals.markPaid, { id: w.id, tx_id: txId })).status).toBe(200);
    chain.inject({ txId: laterTx, to: later.address, value: later.micros });
    // Earlier tests may have left unverified withdrawals too: at one per batch, every one takes a turn.
    const client = new TronGridClient({ baseUrl: chain.url, apiKey: '', limiter: new RateLimiter(1000) });
    for (let turn = 0; turn < 10 && !(await row(later.id))?.chain_verified_at; turn++)
      await t.services.withdrawals.verifyPaid(client, undefined, 1);
    expect((await row(later.id))?.chain_verified_at).not.toBeNull();
    expect((await row(stuck.id))?.chain_verified_at).toBeNull();
  });

  it('a mismatch (amount with the fee, another token, another address, unconfirmed underpayment) is refused in zh and en; nothing changes', async () => {
    const w = await approved('22');
    const withFee = chain.inject({ to: w.address, value: w.micros + USDT });
    const otherToken = chain.inject({ to: w.address, value: w.micros, contract: OTHER_TOKEN });
    const under = chain.inject({ to: w.address, value: w.micros - 1n, confirmed: false });
    const elsewhere = chain.inject({ to: newAddress(), value: w.micros });
    const cases: [string, string, string][] = [
      [
        withFee,
        'This transaction paid 23 USDT; the withdrawal is 22 USDT.',
        '该交易转账 23 USDT，与提现金额 22 USDT 不符。',
      ],
      [
        otherToken,
        'This transaction is not a USDT transfer to the withdrawal address.',
        '该交易不是转入提现地址的 USDT 转账。',
      ],
      [
        elsewhere,
        'This transaction paid another address, not the withdrawal address.',
        '该交易的收款地址不是本提现的地址。',
      ],
      [
        under,
        'This transaction paid 21.999999 USDT; the withdrawal is 22 USDT.',
        '该交易转账 21.999999 USDT，与提现金额 22 USDT 不符。',
      ],
    ];
    for (const [txId, en, zh] of cases) {
      const refused = await call(FINANCE_PATHS.withdrawals.markPaid, { id: w.id, tx_id: txId });
      expect(refused.status).toBe(422);
      expect(refused.body.errors?.tx_id).toEqual([en]);
      const refusedZh = await call(FINANCE_PATHS.withdrawals.markPaid, { id: w.id, tx_id: txId }, 'zh-CN');
      expect(refusedZh.body.errors?.tx_id).toEqual([zh]);
    }
    expect(await row(w.id)).toMatchObject({ status: 'approved', tx_id: null, chain_verified_at: null });
    expect(await audits(w.id, 'withdrawal.mark_paid')).toHaveLength(0);
  });

  it('one hash pays one withdrawal: a second use is refused, also when two admins mark at once', async () => {
    const first = await approved('23');
    const txId = chain.inject({ to: first.address, value: first.micros });
    expect((await call(FINANCE_PATHS.withdrawals.markPaid, { id: first.id, tx_id: txId })).status).toBe(200);
    const second = await approved('23');
    const again = await call(FINANCE_PATHS.withdrawals.markPaid, { id: second.id, tx_id: txId });
    expect(again.status).toBe(422);
    expect(again.body.errors?.tx_id).toEqual([`This transaction hash already paid withdrawal #${first.id}.`]);
    expect(
      (await call(FINANCE_PATHS.withdrawals.markPaid, { id: second.id, tx_id: txId }, 'zh-CN')).body.errors
        ?.tx_id,
    ).toEqual([`该交易哈希已用于提现 #${first.id}。`]);
    expect(await row(second.id)).toMatchObject({ status: 'approved', tx_id: null });

    // Not on the chain yet, so both pass the check; the database's UNIQUE key lets one through.
    const [a, b] = [await approved('24'), await approved('24')];
    const shared = newHash();
    const answers = await Promise.all(
      [a, b].map((w) => call(FINANCE_PATHS.withdrawals.markPaid, { id: w.id, tx_id: shared })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    const rows = await Promise.all([row(a.id), row(b.id)]);
    expect(rows.filter((r) => r?.tx_id === shared)).toHaveLength(1);
    expect(rows.map((r) => r?.status).sort()).toEqual(['approved', 'paid']);
  });

  it('TronGrid refusing leaves the payment unverified rather than blocking the admin', async () => {
    const w = await approved('25');
    chain.failNext(...Array.from({ length: 10 }, () => 503));
    const paid = await call(FINANCE_PATHS.withdrawals.markPaid, { id: w.id, tx_id: newHash() });
    chain.clearFailures();
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', chain_verified_at: null });
  });
});
