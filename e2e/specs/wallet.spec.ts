import { readFile } from 'node:fs/promises';
import { chooseOption, expect, test } from '../support/fixtures';
import { suiteState } from '../support/state';

// wendy's statement comes from seed.mjs (through the ledger service): a 100 USDT recharge, a
// 12.5 payment, commissions of 8.88 and 1.12, and an adjustment of 0.000001.

test('a user reads 资金明细, filters it, exports it and moves commission to the balance', async ({
  page,
  signIn,
}) => {
  await signIn('wendy');
  // (the menu entry is pinned by menus.spec.ts)
  await page.goto('/user/wallet');
  // The first page of the run loads the layout's lazy chunks: slow on a busy machine.
  await expect(page.getByTestId('wallet-page')).toBeVisible({ timeout: 20_000 });
  const wallet = page.locator('.kept-page:visible');
  await expect(wallet.getByTestId('wallet-balance')).toContainText('87.500001');
  await expect(wallet.getByTestId('wallet-commission')).toContainText('10.00');

  const table = wallet.getByTestId('ledger-table');
  const rows = table.locator('tr.ant-table-row');
  await expect(rows).toHaveCount(5);
  // Newest first, amounts exact to the micro.
  await expect(rows.first()).toContainText('管理员调整');
  await expect(rows.first()).toContainText('+0.000001');
  await expect(rows.nth(3)).toContainText('-12.50');

  await chooseOption(page, wallet.getByTestId('ledger-kind'), '邀请佣金');
  await expect(page).toHaveURL(/kind=commission/);
  await expect(rows).toHaveCount(2);
  await expect(wallet.getByText('共 2 条')).toBeVisible();
  // The filter lives in the address: a reload shows the same rows.
  await page.reload();
  await expect(rows).toHaveCount(2);

  const download = page.waitForEvent('download');
  await wallet.getByTestId('ledger-export').click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true); // (trim() below would drop the byte-order mark)
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('时间 (UTC),账户,类型,金额 (USDT),变动后余额 (USDT),关联类型,关联编号,备注');
  expect(lines.slice(1).map((l) => l.split(',').slice(1, 5))).toEqual([
    ['佣金', '邀请佣金', '1.12', '10'],
    ['佣金', '邀请佣金', '8.88', '8.88'],
  ]);

  // Commission → balance, confirmed in a dialog.
  await wallet.getByTestId('wallet-transfer').click();
  await page.getByTestId('wallet-transfer-amount').fill('2.5');
  await page.getByTestId('wallet-transfer-confirm').click();
  await expect(page.getByText('已将 2.5 USDT 转入余额')).toBeVisible();
  await expect(wallet.getByTestId('wallet-balance')).toContainText('90.000001');
  await expect(wallet.getByTestId('wallet-commission')).toContainText('7.50');
  await chooseOption(page, wallet.getByTestId('ledger-kind'), '佣金转余额');
  await expect(rows).toHaveCount(2);

  // More than the commission: the server's 422 in the page's language, and nothing moves.
  await wallet.getByTestId('wallet-transfer').click();
  await page.getByTestId('wallet-transfer-amount').fill('7.500001');
  await page.getByTestId('wallet-transfer-confirm').click();
  await expect(page.getByText('佣金余额不足。').first()).toBeVisible();
  await expect(wallet.getByTestId('wallet-commission')).toContainText('7.50');

  // A float-looking or over-precise amount is refused by the form with the server's own rule.
  await page.getByTestId('wallet-transfer-amount').fill('1.1234567');
  await page.getByTestId('wallet-transfer-confirm').click();
  await expect(page.getByText('应为 USDT 金额，如 12.5，最多 6 位小数')).toBeVisible();
});

test('a share-link client has no wallet: not in the menu, and its address is the 404 page', async ({
  page,
}) => {
  await page.goto(`/share?token=${suiteState().shareToken}`);
  await expect(page).toHaveURL(/\/site\/overview$/);
  await page.goto('/user/wallet');
  await expect(page).toHaveURL(/\/404$/);
});
