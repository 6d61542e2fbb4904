import type { Page } from '@playwright/test';
import { FINANCE_PATHS } from '@tally/contracts';
import { apiContext, call, loginToken } from '../support/api';
import { micros, newTronAddress, startFakeChain } from '../support/finance';
import { test } from '../support/fixtures';
import { screenshotSuite } from '../support/screenshots';

/** Screens of issue 20 (finance pages and the wallet's recharge and withdrawal), with rows in every state. */
let fake: Awaited<ReturnType<typeof startFakeChain>>;

test.beforeAll(async () => {
  fake = await startFakeChain();
  await call(fake.admin, 'POST', FINANCE_PATHS.addresses.save, {
    address: newTronAddress(),
    label: '备用地址',
    enabled: false,
  });
  const bob = await apiContext(await loginToken('bob'));
  try {
    const paid = await call<{ payable: string; address: string }>(
      bob,
      'POST',
      FINANCE_PATHS.user.rechargeCreate,
      {
        amount: '120',
      },
    );
    await call(bob, 'POST', FINANCE_PATHS.user.rechargeCreate, { amount: '35.5' });
    // Earlier specs' addresses stay enabled: pay the one this recharge names.
    fake.chain.inject({ to: paid.address, value: micros(paid.payable) });
    fake.chain.inject({ to: fake.address, value: 3_300_000n }); // unmatched
    await fake.sync();
    const w = [];
    const to = ['20', '15', '12', '11', '10'].map((amount) => ({ amount, address: newTronAddress() }));
    for (const body of to)
      w.push(await call<{ id: number }>(bob, 'POST', FINANCE_PATHS.user.withdrawalCreate, body));
    for (const x of [w[0], w[3], w[4]]) // w[2] stays pending
      await call(fake.admin, 'POST', FINANCE_PATHS.withdrawals.approve, { id: x?.id });
    // Paid: one the chain shows (链上已确认), one it does not show yet (链上尚未确认).
    const seen = fake.chain.inject({ to: to[3]?.address as string, value: 11_000_000n });
    await call(fake.admin, 'POST', FINANCE_PATHS.withdrawals.markPaid, { id: w[3]?.id, tx_id: seen });
    await call(fake.admin, 'POST', FINANCE_PATHS.withdrawals.markPaid, {
      id: w[4]?.id,
      tx_id: 'cd'.repeat(32),
    });
    await call(fake.admin, 'POST', FINANCE_PATHS.withdrawals.reject, {
      id: w[1]?.id,
      reason: '地址不在白名单',
    });
  } finally {
    await bob.dispose();
  }
});
test.afterAll(() => fake.stop());

const startRecharge = async (page: Page) => {
  await page.getByTestId('recharge-amount').fill('50');
  await page.getByTestId('recharge-start').click();
  await page.getByTestId('recharge-payable').waitFor();
};

/** A list is ready once its first row is drawn (not while it still loads). */
const firstRow = (table: string) => (page: Page) =>
  page.getByTestId(table).locator('tr.ant-table-row').first();

screenshotSuite([
  { name: 'finance-usdt-list', path: '/finance/usdtList', ready: firstRow('usdt-table'), as: 'admin' },
  {
    name: 'finance-usdt-transfer',
    path: '/finance/usdtTransfer',
    ready: firstRow('transfer-table'),
    as: 'admin',
  },
  { name: 'finance-recharge', path: '/finance/recharge', ready: firstRow('recharge-table'), as: 'admin' },
  {
    name: 'finance-withdrawal',
    path: '/finance/withdrawal',
    ready: firstRow('withdrawal-table'),
    as: 'admin',
  },
  { name: 'wallet-finance', path: '/user/wallet', ready: 'wallet-withdraw', as: 'bob' },
  {
    name: 'wallet-recharge-pay',
    path: '/user/wallet',
    ready: 'wallet-recharge',
    as: 'bob',
    prepare: startRecharge,
  },
]);
