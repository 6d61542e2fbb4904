import { randomInt } from 'node:crypto';
import { chooseOption, clickMenu, expect, menuTitles, test } from '../support/fixtures';
import { DEFAULT_SITE, saveSettings } from '../support/settings';

// Settings are global: whatever a test changes is put back, pass or fail.
test.afterEach(() => saveSettings(DEFAULT_SITE));

test('an admin saves a setting and finds it in 操作日志 with the value before and after', async ({
  page,
  signIn,
}) => {
  const title = `审计后台 ${randomInt(1000, 9999)}`;
  await signIn('admin');
  await page.goto('/admin/setting');
  await page.getByTestId('setting-webtitle').fill(title);
  await page.getByTestId('settings-save-basic').click();
  await expect(page.getByText('已保存')).toBeVisible();

  await clickMenu(page, '操作日志');
  await expect(page).toHaveURL(/\/admin\/auditLog$/);
  const log = page.locator('.kept-page:visible');
  await chooseOption(page, log.getByTestId('audit-action'), '保存系统设置');
  await expect(page).toHaveURL(/action=settings\.update/);
  // Newest first: the save just made.
  const row = log.getByTestId('audit-table').locator('tr.ant-table-row').first();
  await expect(row).toContainText('保存系统设置');
  await expect(row).toContainText('admin');
  await row.locator('.ant-table-row-expand-icon').click();
  const change = log.getByTestId('audit-change').first();
  await expect(change).toContainText('修改前');
  await expect(change).toContainText(DEFAULT_SITE.webtitle);
  await expect(change).toContainText(title);

  // The filter lives in the address: a reload shows the same list.
  await page.reload();
  await expect(page.getByTestId('audit-table').locator('tr.ant-table-row').first()).toContainText(
    '保存系统设置',
  );
  await expect(page.getByTestId('audit-action')).toContainText('保存系统设置');
});

test('操作日志 is for admins only: not in an editor’s menu, and its address shows the 404 page', async ({
  page,
  signIn,
}) => {
  await signIn('editor');
  await page.goto('/dashboard');
  expect(await menuTitles(page)).not.toContain('系统管理 > 操作日志');
  await page.goto('/admin/auditLog');
  await expect(page).toHaveURL(/\/404$/);
});
