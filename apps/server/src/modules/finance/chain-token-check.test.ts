import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { FINANCE_PATHS, tronAddressFromBytes, USDT_TRC20_CONTRACT } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';
import type { ChainWatcher } from './chain-watcher.js';
import { FakeTronGrid } from './fake-trongrid.js';

const USDT = 1_000_000n;
const MIN = 60_000;
const newAddress = () => tronAddressFromBytes(randomBytes(20));
/** Another TRC20 token's contract (any valid address that is not USDT's). */
const OTHER_TOKEN = tronAddressFromBytes(Buffer.alloc(20, 7));

const micros = (text: string) => {
  const [w = '0', f = ''] = text.split('.');
  return BigInt(w) * USDT + BigInt(f.padEnd(6, '0'));
};

describe('chain watcher against a TronGrid that ignores the contract filter: only USDT with 6 decimals credits', () => {
  let t: TestApp;
  let chain: FakeTronGrid;
  let watcher: ChainWatcher;
  const now = new Date('2026-11-24T10:00:00Z');
  const lines: string[] = [];
  const logger = {
    level: 'warn',
    stream: new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  };

  beforeAll(async () => {
    chain = new FakeTronGrid({ defaultLimit: 200, ignoreContractFilter: true });
    await chain.start();
    t = await createTestApp({}, { clock: () => now, logger });
    await t.services.settings.update({ trongrid_base_url: chain.url, trongrid_rate: 1000 });
    watcher = t.services.chainWatcher.with({ backoffMs: 2 });
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  it('a transfer of another token and one of 18 decimals credit nothing and are logged; USDT then pays', async () => {
    const admin = await signedIn(t, ['admin']);
    const saved = await t.call('POST', FINANCE_PATHS.addresses.save, {
      token: admin.token,
      body: { address: newAddress(), label: 'test', enabled: true },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const address = saved.body.data.address as string;
    const u = await signedIn(t);
    const created = await t.call('POST', FINANCE_PATHS.user.rechargeCreate, {
      token: u.token,
      body: { amount: '21' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const r = created.body.data as { id: number; payable: string; address: string };
    expect(r.address).toBe(address);
    const at = now.getTime() + MIN;
    // Both name the recharge's exact payable amount in micro-units, as the attack's did.
    const other = chain.inject({
      to: address,
      value: micros(r.payable),
      blockTimestamp: at,
      contract: OTHER_TOKEN,
    });
    const wide = chain.inject({
      to: address,
      value: micros(r.payable),
      blockTimestamp: at + 1,
      decimals: 18,
    });

    const first = await watcher.cycle();
    expect(first).toMatchObject({ matched: 0, unmatched: 0, foreign: 2 });
    expect((await t.services.ledger.balances(u.id)).balance).toBe(0n);
    const stored = await t.db.query('select id from usdt_transfers where tx_id = any($1::text[])', [
      [other, wide],
    ]);
    expect(stored).toEqual([]); // not even unmatched: an admin could not assign them either
    const status = await t.call('GET', `${FINANCE_PATHS.user.rechargeStatus}?id=${r.id}`, { token: u.token });
    expect(status.body.data.status).toBe('pending');
    const warned = lines.filter((l) => l.includes('another token or other decimals'));
    expect(warned.some((l) => l.includes(other) && l.includes(OTHER_TOKEN))).toBe(true);
    expect(warned.some((l) => l.includes(wide) && l.includes('"decimals":"18"'))).toBe(true);

    chain.inject({
      to: address,
      value: micros(r.payable),
      blockTimestamp: at + 2,
      contract: USDT_TRC20_CONTRACT,
    });
    const second = await watcher.cycle();
    expect(second.matched).toBe(1);
    expect((await t.services.ledger.balances(u.id)).balance).toBe(micros(r.payable));
  });
});
