import { randomInt } from 'node:crypto';
import { clickMenu, expect, gotoConsole, menuTitles, test } from '../support/fixtures';

test('an admin creates a short link, follows it, sees the click, switches it off and gets the 404 page', async ({
  page,
  context,
  signIn,
}) => {
  const code = `e2e-${randomInt(100000, 999999)}`;
  await signIn('admin');
  await gotoConsole(page);
  await clickMenu(page, '系统管理');
  await clickMenu(page, '短链管理');
  await expect(page).toHaveURL(/\/admin\/shortUrl$/);
  const screen = page.locator('.kept-page:visible');

  // A bad target is refused in the form, with the server's own rule.
  await screen.getByTestId('short-link-add').click();
  const dialog = page.getByTestId('short-link-dialog');
  await dialog.getByTestId('short-link-target').fill('javascript:alert(1)');
  await dialog.getByTestId('short-link-code').fill(code);
  await dialog.getByTestId('short-link-save').click();
  await expect(dialog).toContainText('必须是完整的 http(s) 网址');
  // The target is this app's own health check: a page the browser can open on this closed network.
  const target = `${new URL(page.url()).origin}/healthz?from=short-link`;
  await dialog.getByTestId('short-link-target').fill(target);
  await dialog.getByTestId('short-link-title').fill('端到端测试');
  await dialog.getByTestId('short-link-save').click();
  await expect(dialog).toBeHidden();
  const row = screen.getByTestId('short-links-table').locator('tr.ant-table-row', { hasText: code });
  await expect(row).toContainText('端到端测试');

  // Visiting /s/{code} in the browser lands on the target.
  const visitor = await context.newPage();
  await visitor.goto(`/s/${code}`);
  await expect(visitor).toHaveURL(target);

  // The detail shows the click (written in a batch a moment later) and a QR code to download.
  await expect
    .poll(async () => {
      await row.getByTestId('short-link-details').click();
      const clicks = await page.getByTestId('short-link-detail-clicks').textContent();
      await page.getByTestId('short-link-detail').locator('.ant-drawer-close').click();
      return clicks;
    })
    .toBe('1');
  await row.getByTestId('short-link-details').click();
  const detail = page.getByTestId('short-link-detail');
  await expect(detail.getByTestId('short-link-qr')).toBeVisible();
  const download = page.waitForEvent('download');
  await detail.getByTestId('short-link-qr-svg').click();
  expect((await download).suggestedFilename()).toBe(`short-link-${code}.svg`);
  await detail.locator('.ant-drawer-close').click();

  // Switched off: the very next visit gets the friendly 404 page.
  await row.getByRole('switch').click();
  await expect(row.getByRole('switch')).not.toBeChecked();
  const response = await visitor.goto(`/s/${code}`);
  expect(response?.status()).toBe(404);
  await expect(visitor.getByTestId('short-link-unavailable')).toContainText('这个短链接无法打开');

  // Deleted after a confirmation.
  await row.getByTestId('short-link-delete').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(row).toBeHidden();
});

test('短链管理 is for admins only: not in an editor’s menu, and its address shows the 404 page', async ({
  page,
  signIn,
}) => {
  await signIn('editor');
  await page.goto('/dashboard');
  expect(await menuTitles(page)).not.toContain('系统管理 > 短链管理');
  await page.goto('/admin/shortUrl');
  await expect(page).toHaveURL(/\/404$/);
});
