import { randomBytes } from 'node:crypto';
import { FINANCE_PATHS, parseMicros, tronAddressFromBytes } from '@tally/contracts';
import { apiContext, call, loginToken } from './api';
import { saveSettings } from './settings';

/** What the specs use of the server's fake TronGrid (apps/server/src/modules/finance/fake-trongrid.ts). */
interface FakeChain {
  url: string;
  start(): Promise<string>;
  stop(): Promise<void>;
  /** A transfer of `value` micro-USDT to `to`; answers its transaction id. */
  inject(transfer: { to: string; value: bigint }): string;
}

/**
 * Loaded from the server's build when a spec runs (the browser suite runs after `npm run build`); a
 * specifier in a variable keeps the typecheck, which runs before the build, from looking for it.
 */
const FAKE_TRONGRID = '../../apps/server/dist/modules/finance/fake-trongrid.js';

export const newTronAddress = () => tronAddressFromBytes(randomBytes(20));

/**
 * The fake TronGrid the server reads for these specs (its base URL setting points here), and one
 * enabled receiving address. `sync()` runs a watcher cycle now, as the 立即同步 button does.
 */
export async function startFakeChain() {
  const { FakeTronGrid } = (await import(FAKE_TRONGRID)) as { FakeTronGrid: new () => FakeChain };
  const chain = new FakeTronGrid();
  await chain.start();
  await saveSettings({ trongrid_base_url: chain.url, trongrid_rate: 50 });
  const admin = await apiContext(await loginToken('admin'));
  const address = newTronAddress();
  await call(admin, 'POST', FINANCE_PATHS.addresses.save, { address, label: '主收款地址', enabled: true });
  return {
    chain,
    address,
    admin,
    sync: () => call(admin, 'POST', FINANCE_PATHS.transfers.sync),
    async stop() {
      await admin.dispose();
      await chain.stop();
    },
  };
}

/** "12.345678" → micro-USDT. */
export function micros(text: string): bigint {
  const value = parseMicros(text);
  if (value === undefined) throw new Error(`not an amount: ${text}`);
  return value;
}
