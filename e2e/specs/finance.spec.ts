import { micros, newTronAddress, startFakeChain } from '../support/finance';
import { confirmPopconfirm, expect, test } from '../support/fixtures';

let fake: Awaited<ReturnType<typeof startFakeChain>>;

test.beforeAll(async () => {
  fake = await startFakeChain();
});
test.afterAll(() => fake.stop());

test('a user recharges, the fake chain delivers, the balance rises without a reload; then withdraws, and an admin approves and marks it paid', async ({
  page,
  signIn,
}) => {
  await signIn('fiona');
  await page.goto('/user/wallet');
  const balance = page.getByTestId('wallet-balance');
  await expect(balance).toContainText('0.00');

  await page.getByTestId('recharge-amount').fill('25');
  await page.getByTestId('recharge-start').click();
  const payable = ((await page.getByTestId('recharge-payable').textContent()) ?? '')
    .replace(/\s*USDT\s*$/, '')
    .trim();
  // A unique payable amount: 25 plus one of 10,000 offsets (0.000000–0.009999 USDT) per address.
  expect(micros(payable) - 25_000_000n).toBeLessThan(10_000n);
  await expect(page.getByTestId('recharge-address')).toContainText(fake.address);
  await expect(page.getByTestId('recharge-status')).toContainText('待处理');
  await expect(page.locator('.ant-qrcode')).toBeVisible();

  fake.chain.inject({ to: fake.address, value: micros(payable) });
  await fake.sync();
  await expect(page.getByTestId('recharge-paid')).toBeVisible({ timeout: 10_000 });
  await expect(balance).toContainText(payable.split('.')[0] as string);

  // Withdraw: a typo in the address is refused on the form; a good one holds amount + fee.
  const to = newTronAddress();
  await page.getByTestId('withdraw-amount').fill('10');
  await page.getByTestId('withdraw-address').fill(`${to.slice(0, -1)}${to.endsWith('a') ? 'b' : 'a'}`);
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByText('校验和不符')).toBeVisible();
  await page.getByTestId('withdraw-address').fill(to);
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-list')).toContainText('待处理');
  const left = micros(payable) - 11_000_000n;
  await expect(balance).toContainText(String(left / 1_000_000n));

  await signIn('admin');
  await page.goto('/finance/withdrawal?user=fiona');
  const row = page.getByTestId('withdrawal-table').locator('tr.ant-table-row').first();
  await expect(row).toContainText(to.slice(0, 8));
  await row.getByRole('button', { name: '批准' }).click();
  await confirmPopconfirm(page);
  await expect(row).toContainText('已批准');
  // The hot wallet pays: the fake chain shows the transfer, so the hash is verified at once.
  const paidTx = fake.chain.inject({ to, value: 10_000_000n });
  await row.getByRole('button', { name: '标记已支付' }).click();
  await page.getByTestId('ask-tx_id').fill(paidTx);
  await page.getByTestId('ask-ok').click();
  await expect(row).toContainText('已支付');
  await expect(row).toContainText('链上已确认');

  await signIn('fiona');
  await page.goto('/user/wallet');
  await expect(page.getByTestId('withdraw-list')).toContainText('已支付');
});

test('USDT转账记录: an overpayment stays unmatched and visible with the filtered total; an admin assigns it with a reason', async ({
  page,
  signIn,
}) => {
  fake.chain.inject({ to: fake.address, value: 7_123_456n });
  await fake.sync();
  await signIn('admin');
  await page.goto(`/finance/usdtTransfer?status=unmatched&address=${fake.address}`);
  const table = page.getByTestId('transfer-table');
  const row = table.locator('tr.ant-table-row').first();
  await expect(row).toContainText('7.123456');
  await expect(page.getByText(/合计 7\.123456 USDT/)).toBeVisible();
  await row.getByRole('button', { name: '指派' }).click();
  const users = await fake.admin.get('/api/v1/admin/withdrawal/fetch?user=fiona');
  const fionaId = ((await users.json()) as { data: { list: { user_id: number }[] } }).data.list[0]?.user_id;
  await page.getByTestId('ask-user_id').fill(String(fionaId));
  await page.getByTestId('ask-reason').fill('用户联系客服补单');
  await page.getByTestId('ask-ok').click();
  await page.goto(`/finance/usdtTransfer?address=${fake.address}&status=assigned`);
  await expect(page.getByTestId('transfer-table').locator('tr.ant-table-row').first()).toContainText(
    '已指派',
  );
});
