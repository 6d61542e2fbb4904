import { randomBytes } from 'node:crypto';
import { adminSettingsInputSchema, FINANCE_PATHS, fieldLabel, tronAddressFromBytes } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';
import type { ChainWatcher } from './chain-watcher.js';
import { FakeTronGrid } from './fake-trongrid.js';

const USDT = 1_000_000n;
const MIN = 60_000;

const micros = (text: string) => {
  const [w = '0', f = ''] = text.split('.');
  return BigInt(w) * USDT + BigInt(f.padEnd(6, '0'));
};

describe('usdt_only_confirmed off: transfers credited unconfirmed are re-checked for a day, the vanished flagged', () => {
  let t: TestApp;
  let chain: FakeTronGrid;
  let watcher: ChainWatcher;
  let now = new Date('2026-11-24T10:00:00Z');
  let admin: Awaited<ReturnType<typeof signedIn>>;

  const row = async (txId: string) =>
    (
      await t.db.query<{ id: string; status: string; confirmed: boolean; vanished_at: Date | null }>(
        'select id, status, confirmed, vanished_at from usdt_transfers where tx_id = $1',
        [txId],
      )
    )[0];

  beforeAll(async () => {
    chain = new FakeTronGrid({ defaultLimit: 200 });
    await chain.start();
    t = await createTestApp({}, { clock: () => now });
    await t.services.settings.update({
      trongrid_base_url: chain.url,
      trongrid_rate: 1000,
      usdt_only_confirmed: false,
    });
    watcher = t.services.chainWatcher.with({ backoffMs: 2 });
    admin = await signedIn(t, ['admin']);
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  it('the setting warns in its label and description', () => {
    expect(fieldLabel('usdt_only_confirmed', 'zh')).toContain('回滚');
    expect(fieldLabel('usdt_only_confirmed', 'en')).toContain('rolled back');
    expect(adminSettingsInputSchema.shape.usdt_only_confirmed.description).toContain('Keep it on');
  });

  it('one that confirms is left alone; one that vanishes is flagged and audited once, its credit standing', async () => {
    const saved = await t.call('POST', FINANCE_PATHS.addresses.save, {
      token: admin.token,
      body: { address: tronAddressFromBytes(randomBytes(20)), label: 'test', enabled: true },
    });
    const address = saved.body.data.address as string;
    const u = await signedIn(t);
    const created = await t.call('POST', FINANCE_PATHS.user.rechargeCreate, {
      token: u.token,
      body: { amount: '21' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const payable = micros(created.body.data.payable);
    const at = now.getTime() + MIN;
    const gone = chain.inject({ to: address, value: payable, blockTimestamp: at, confirmed: false });
    const stays = chain.inject({ to: address, value: 5n * USDT, blockTimestamp: at + 1, confirmed: false });
    const slow = chain.inject({ to: address, value: 7n * USDT, blockTimestamp: at + 2, confirmed: false });

    now = new Date(at + 30_000);
    const first = await watcher.cycle();
    expect(first).toMatchObject({ matched: 1, unmatched: 2, vanished: 0 });
    expect((await t.services.ledger.balances(u.id)).balance).toBe(payable); // credited before confirmation
    for (const tx of [gone, stays, slow])
      expect(await row(tx)).toMatchObject({ confirmed: false, vanished_at: null });

    // The chain drops the paying transfer (a fork), confirms another and keeps the third unconfirmed.
    chain.vanish(gone);
    chain.confirm(stays);
    now = new Date(at + 10 * MIN);
    const second = await watcher.cycle();
    expect(second.vanished).toBe(1);
    expect(await row(gone)).toMatchObject({ status: 'matched', confirmed: false });
    expect((await row(gone))?.vanished_at).not.toBeNull();
    expect(await row(stays)).toMatchObject({ confirmed: true, vanished_at: null });
    expect(await row(slow)).toMatchObject({ confirmed: false, vanished_at: null }); // still on the chain, unconfirmed
    const audit = await t.db.query<{ target: string; after: { tx_id: string; reason: string } }>(
      `select target, after from audit_log where action = 'usdt_transfer.vanished' order by id`,
    );
    expect(audit).toEqual([
      {
        target: `usdt_transfer:${(await row(gone))?.id}`,
        after: expect.objectContaining({ tx_id: gone, reason: 'no longer on the chain' }),
      },
    ]);
    // Admins see the flag in USDT转账记录.
    const listed = await t.call('GET', `${FINANCE_PATHS.transfers.fetch}?tx=${gone}`, { token: admin.token });
    expect(listed.body.data.list[0]).toMatchObject({ confirmed: false, vanished_at: expect.any(String) });
    expect((await t.services.ledger.balances(u.id)).balance).toBe(payable); // an admin decides, not the watcher

    expect((await watcher.cycle()).vanished).toBe(0); // flagged once

    // Never confirmed within a day: flagged too, then no longer re-checked.
    now = new Date(at + 24 * 60 * MIN + MIN);
    expect((await watcher.cycle()).vanished).toBe(1);
    expect((await row(slow))?.vanished_at).not.toBeNull();
    const reasons = await t.db.query<{ reason: string }>(
      `select after->>'reason' as reason from audit_log where action = 'usdt_transfer.vanished' order by id`,
    );
    expect(reasons.map((r) => r.reason)).toEqual(['no longer on the chain', 'not confirmed within a day']);
    const [left] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from usdt_transfers where not confirmed and vanished_at is null',
    );
    expect(left?.n).toBe(0);
  });
});
