import { apiContext, call } from '../support/api';
import { chooseOption, confirmPopconfirm, expect, test } from '../support/fixtures';

/** 站点列表 and its dialogs, site groups, and the first site of a user who has none. */

test('a user with no site lands on /sites/notice and adds the first one there', async ({ page, signIn }) => {
  await signIn('dave');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sites\/notice$/);
  const form = page.getByTestId('site-form');
  await form.getByTestId('site-name').fill('Dave Notes');
  await form.getByTestId('site-domains').fill('not a domain!');
  await form.getByTestId('site-save').click();
  await expect(form.locator('.ant-form-item-explain-error')).toContainText('不是有效的域名');
  await form.getByTestId('site-domains').fill('https://Notes.Dave.example/path');
  await form.getByTestId('site-save').click();
  const dialog = page.getByTestId('tracking-code-dialog');
  await expect(dialog.getByTestId('tracking-code')).toContainText('tj.js');
  await page.locator('.ant-modal-close').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const row = page.getByTestId('sites-table').locator('tbody tr', { hasText: 'Dave Notes' });
  await expect(row).toContainText('notes.dave.example');
  // The new site is the selected one: its reports open without /sites/select.
  await page.goto('/site/overview');
  await expect(page).toHaveURL(/\/site\/overview$/);
  await expect(page.getByTestId('site-selector')).toContainText('Dave Notes');
});

test('站点列表: add, see the tracking code, edit, delete with confirmation', async ({ page, signIn }) => {
  await signIn('alice');
  await page.goto('/dashboard');
  const table = page.getByTestId('sites-table');
  await expect(table.locator('tbody tr', { hasText: 'Alpha Blog' })).toBeVisible();
  await expect(table.locator('thead')).toContainText('今日');
  await expect(table.locator('thead')).toContainText('浏览量(PV)');

  await page.getByTestId('site-add').click();
  const form = page.getByTestId('site-form-dialog');
  await form.getByTestId('site-name').fill('Gamma Wiki');
  await form.getByTestId('site-domains').fill('gamma.example.com\nwiki.gamma.example.com');
  await form.getByTestId('site-save').click();
  const code = page.getByTestId('tracking-code-dialog');
  await expect(code.getByTestId('tracking-code')).toContainText('<script');
  await page.locator('.ant-modal-close').click();

  const row = table.locator('tbody tr', { hasText: 'Gamma Wiki' });
  await expect(row).toContainText('gamma.example.com');
  await row.getByTestId('site-edit').click();
  await expect(form.getByTestId('site-domains')).toHaveValue('gamma.example.com\nwiki.gamma.example.com');
  await form.getByTestId('site-name').fill('Gamma Docs');
  await form.getByTestId('site-save').click();
  await expect(table.locator('tbody tr', { hasText: 'Gamma Docs' })).toBeVisible();

  await table.locator('tbody tr', { hasText: 'Gamma Docs' }).getByTestId('site-delete').click();
  await expect(page.locator('.ant-popconfirm:visible')).toContainText('删除 Gamma Docs 及其全部统计数据？');
  await confirmPopconfirm(page);
  await expect(table.locator('tbody tr', { hasText: 'Gamma Docs' })).toHaveCount(0);
});

test('share link management: turn on, password, new link, turn off', async ({ page, signIn }) => {
  // A site of its own: other specs share alice's sites.
  const owner = await apiContext(await signIn('alice'));
  await call(owner, 'POST', '/api/v1/api2/sites/save', {
    name: 'Epsilon Shared',
    domains: ['epsilon.example.com'],
  });
  await owner.dispose();
  await page.goto('/dashboard');
  await page
    .getByTestId('sites-table')
    .locator('tbody tr', { hasText: 'Epsilon Shared' })
    .getByTestId('site-share')
    .click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog.getByTestId('share-off')).toBeVisible();
  await dialog.getByTestId('share-enable').click();
  const url = dialog.getByTestId('share-url');
  await expect(url).toContainText('/share?token=');
  const first = await url.textContent();
  await expect(dialog.getByTestId('share-password-state')).toHaveText('无密码');

  await dialog.getByTestId('share-password-input').fill('secret-1');
  await dialog.getByTestId('share-set-password').click();
  await expect(dialog.getByTestId('share-password-state')).toHaveText('已设密码');

  await dialog.getByTestId('share-rotate').click();
  await confirmPopconfirm(page);
  await expect(url).not.toHaveText(first ?? '');
  await expect(dialog.getByTestId('share-password-state')).toHaveText('已设密码');

  await dialog.getByTestId('share-revoke').click();
  await confirmPopconfirm(page);
  await expect(dialog.getByTestId('share-off')).toBeVisible();
});

test('site groups: create, move a site in, filter the list by group, delete', async ({ page, signIn }) => {
  await signIn('alice');
  await page.goto('/dashboard');
  await page.getByTestId('open-groups').click();
  await expect(page).toHaveURL(/\/sites\/group$/);
  await page.getByTestId('group-name').fill('Blogs');
  await page.getByTestId('group-add').click();
  const group = page.getByTestId(/^group-\d+$/).filter({ hasText: 'Blogs' });
  await expect(group).toContainText('该分组暂无站点');

  await chooseOption(
    page,
    page.getByTestId('group-none').getByRole('combobox', { name: '移动到 Alpha Blog' }),
    'Blogs',
  );
  await expect(group).toContainText('Alpha Blog');
  await expect(page.getByTestId('group-none')).not.toContainText('Alpha Blog');

  await page.goto('/dashboard');
  await chooseOption(page, page.getByTestId('group-filter'), 'Blogs');
  const rows = page.getByTestId('sites-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Alpha Blog');

  await page.goto('/sites/group');
  await group.getByRole('button', { name: '删除' }).click();
  await confirmPopconfirm(page);
  await expect(group).toHaveCount(0);
  await expect(page.getByTestId('group-none')).toContainText('Alpha Blog');
});
