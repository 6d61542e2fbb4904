import { randomInt } from 'node:crypto';
import { expect, test } from '../support/fixtures';
import { makeUser, userToken } from '../support/users';

test('an admin finds a user by part of the email, adjusts the balance with a reason, and the user sees it in 资金明细', async ({
  page,
  browser,
  baseURL,
  signIn,
}) => {
  const user = await makeUser('money');
  const reason = `补偿工单 ${randomInt(1000, 9999)}`;
  await signIn('admin');
  await page.goto('/users/users');
  // Part of the email only: the middle of the local part and the start of the domain.
  await page.getByTestId('users-search').locator('input').fill(user.email.slice(3, 14));
  await page.getByTestId('users-search').locator('input').press('Enter');
  const table = page.getByTestId('users-table');
  const row = table.locator('tr.ant-table-row', { hasText: user.username });
  await expect(row).toHaveCount(1);
  await expect(table.locator('tr.ant-table-row')).toHaveCount(1);

  await row.getByTestId('users-adjust').click();
  const dialog = page.getByRole('dialog');
  // The reason is required: the dialog stays open and says so.
  await dialog.getByTestId('users-balance-amount').fill('25.5');
  await dialog.getByRole('button', { name: '确认调整' }).click();
  await expect(dialog.getByText('必填')).toBeVisible();
  await dialog.getByTestId('users-balance-reason').fill(reason);
  await dialog.getByRole('button', { name: '确认调整' }).click();
  await expect(page.getByText('余额已调整')).toBeVisible();
  await expect(row).toContainText('25.50');

  // The drawer's 资金明细 shows the entry with its reason.
  await row.getByTestId('users-open').click();
  const drawer = page.getByTestId('users-drawer');
  await expect(drawer.getByTestId('users-ledger')).toContainText(reason);

  // The user, in a browser of their own, reads it in 我的钱包 → 资金明细.
  const context = await browser.newContext({ locale: 'zh-CN', reducedMotion: 'reduce' });
  await context.addCookies([{ name: 'x-token', value: await userToken(user), url: baseURL! }]);
  const userPage = await context.newPage();
  await userPage.goto('/user/wallet');
  const ledger = userPage.getByTestId('ledger-table');
  await expect(ledger.locator('tr.ant-table-row').first()).toContainText(reason);
  await expect(ledger.locator('tr.ant-table-row').first()).toContainText('+25.50');
  await context.close();
});

test('an admin bans a user: the user’s open tab is signed out at its next call', async ({
  page,
  browser,
  baseURL,
  signIn,
}) => {
  const user = await makeUser('ban');
  const context = await browser.newContext({ locale: 'zh-CN', reducedMotion: 'reduce' });
  await context.addCookies([{ name: 'x-token', value: await userToken(user), url: baseURL! }]);
  const userPage = await context.newPage();
  await userPage.goto('/user/profile');
  await expect(userPage).toHaveURL(/\/user\/profile$/);

  await signIn('admin');
  await page.goto(`/users/users?keyword=${user.username}`);
  const row = page.getByTestId('users-table').locator('tr.ant-table-row', { hasText: user.username });
  await row.getByRole('switch').click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('所有会话将立即结束');
  await confirm.getByRole('button', { name: /封\s?禁/ }).click();
  await expect(page.getByText(`已封禁 ${user.username}`)).toBeVisible();
  await expect(row).toContainText('已封禁');

  // The open tab's next call (going to the wallet) finds its session gone: back to the sign-in page.
  await userPage.getByTestId('sidebar-menu').getByText('我的钱包').click();
  await expect(userPage).toHaveURL(/\/login/);
  await context.close();
});
