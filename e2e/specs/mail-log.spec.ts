import { randomInt } from 'node:crypto';
import { clickMenu, expect, menuTitles, test } from '../support/fixtures';

test('an admin sends a test mail and finds it in 邮件记录, without its body', async ({ page, signIn }) => {
  const to = `mail-log-${randomInt(100000, 999999)}@example.com`;
  await signIn('admin');
  await page.goto('/admin/setting?tab=mail');
  await page.getByTestId('test-mail-to').fill(to);
  await page.getByTestId('test-mail-form').getByRole('button').click();
  // Sent to the harness's SMTP server (已接收), or kept without one (已保存).
  await expect(page.getByText(/已接收测试邮件|测试邮件已保存/).first()).toBeVisible();

  await clickMenu(page, '邮件记录');
  await expect(page).toHaveURL(/\/admin\/mailLog$/);
  const log = page.locator('.kept-page:visible');
  await log.getByTestId('mail-log-search').locator('input').fill(to);
  await log.getByTestId('mail-log-search').locator('input').press('Enter');
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(to).replace(/\./g, '\\.')}`));
  const rows = log.getByTestId('mail-log-table').locator('tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(to);
  await expect(rows.first()).toContainText(/已发送|已保存（未配置 SMTP）/);

  // The search lives in the address: a reload shows the same row.
  await page.reload();
  await expect(page.getByTestId('mail-log-table').locator('tr.ant-table-row')).toHaveCount(1);
});

test('邮件记录 is for admins only: not in an editor’s menu, and its address shows the 404 page', async ({
  page,
  signIn,
}) => {
  await signIn('editor');
  await page.goto('/dashboard');
  expect(await menuTitles(page)).not.toContain('系统管理 > 邮件记录');
  await page.goto('/admin/mailLog');
  await expect(page).toHaveURL(/\/404$/);
});
