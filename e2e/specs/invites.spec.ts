import { apiContext, call } from '../support/api';
import { expect, test } from '../support/fixtures';
import { fundAndBuy, inviteInfo, registerUser, tenUsdtPlan } from '../support/invites';
import { saveSettings } from '../support/settings';

/**
 * 邀请返利 (issue 16 §5): someone signs up with an inviter's link and pays a 10 USDT plan; with the
 * delay set to 0 hours the `invites.credit-due` job (cron, every minute; nobody triggers it) credits
 * 1 USDT (10 %) to the inviter's commission once; the inviter sees it on 邀请返利 and moves it to
 * the balance after confirming.
 */
test.afterAll(async () => {
  await saveSettings({ commission_delay_hours: 24, commission_rate: 10 });
});

test('an invitee’s order credits the inviter once after the delay; the inviter moves it to the balance', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await saveSettings({ commission_delay_hours: 0, commission_rate: 10 });
  const plan = await tenUsdtPlan();
  const inviter = await registerUser('inviter');
  const { invite_code } = await inviteInfo(inviter.token);
  const invitee = await registerUser('invitee', invite_code);
  const order = await fundAndBuy(invitee.username, invitee.token, plan);
  expect(order.status).toBe('paid');

  await context.addCookies([
    { name: 'x-token', value: inviter.token, url: baseURL! },
    { name: 'username', value: inviter.username, url: baseURL! },
  ]);
  await page.goto('/user/invites');
  await expect(page.getByTestId('invites-link')).toHaveValue(new RegExp(`/register\\?code=${invite_code}$`));
  await expect(page.getByTestId('invites-invitees')).toContainText('1');
  const invitees = page.getByTestId('invitees-table').locator('tr.ant-table-row');
  await expect(invitees).toHaveCount(1);
  await expect(invitees.first()).toContainText(invitee.username);
  await expect(invitees.first()).toContainText('10.00 USDT');

  // The job's next minute: the page shows the commission credited (reloading until it is).
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('invites-balance')).toContainText('1.00', { timeout: 2_000 });
  }).toPass({ timeout: 150_000, intervals: [5_000] });
  await expect(page.getByTestId('invites-pending')).toContainText('0.00');
  await expect(page.getByTestId('invites-credited')).toContainText('1.00');
  await page.getByRole('tab', { name: '返利记录' }).click();
  const records = page.getByTestId('commissions-table').locator('tr.ant-table-row');
  await expect(records).toHaveCount(1);
  await expect(records.first().getByTestId('commission-status')).toHaveText('已到账');

  // Once: the commission account's statement has exactly one credit for the order.
  const ctx = await apiContext(inviter.token);
  const statement = await call<{ total: number; list: { ref_id: string }[] }>(
    ctx,
    'GET',
    '/api/v1/api2/wallet/ledger?kind=commission',
  );
  await ctx.dispose();
  expect(statement.total).toBe(1);
  expect(statement.list[0]!.ref_id).toBe(String(order.id));

  // Move to balance, after confirming.
  await page.getByTestId('invites-move').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('将 1.00 USDT 佣金转入余额');
  await page.getByTestId('invites-move-confirm').click();
  await expect(page.getByTestId('invites-balance')).toContainText('0.00');
  await expect(page.getByTestId('invites-move')).toBeDisabled();
  await page.goto('/user/wallet');
  await expect(page.getByTestId('wallet-balance')).toContainText('1.00');
});
