import { randomBytes } from 'node:crypto';
import { FINANCE_PATHS, tronAddressFromBytes } from '@tally/contracts';
import { FakeTronGrid } from '../../apps/server/dist/modules/finance/fake-trongrid.js';
import { apiContext, call, loginToken } from './api';
import { saveSettings } from './settings';

export const newTronAddress = () => tronAddressFromBytes(randomBytes(20));

/**
 * The fake TronGrid the server reads for these specs (its base URL setting points here), and one
 * enabled receiving address. `sync()` runs a watcher cycle now, as the 立即同步 button does.
 */
export async function startFakeChain() {
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
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
}
