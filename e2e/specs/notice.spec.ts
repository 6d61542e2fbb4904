import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { readTimeline, recordTimeline } from '../support/timeline';

/** Setting a notice is an admin call of a later issue: the info response carries one here. */
async function withNotice(page: Page, notice: string) {
  await page.unroute('**/api/v1/api2/user/info');
  await page.route('**/api/v1/api2/user/info', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.set.indexNotice = notice;
    await route.fulfill({ response, json: body });
  });
}

test('the notice shows 1 s after the layout, once per notice text', async ({ page, signIn }) => {
  await signIn('alice');
  await withNotice(page, 'Maintenance tonight at 23:00');
  await recordTimeline(page, ['[data-testid="app-wrapper"]', '.ant-modal']);
  await page.goto('/dashboard');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Maintenance tonight at 23:00', { timeout: 10_000 });
  const { seen } = await readTimeline(page);
  const delay = (seen['.ant-modal'] ?? 0) - (seen['[data-testid="app-wrapper"]'] ?? Number.POSITIVE_INFINITY);
  expect(delay).toBeGreaterThanOrEqual(1000);
  expect(delay).toBeLessThan(3000);
  await dialog.getByRole('button', { name: '知道了' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByTestId('sidebar-menu')).toBeVisible();
  await page.waitForTimeout(1800);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await withNotice(page, 'A new notice');
  await page.reload();
  await expect(page.getByRole('dialog')).toContainText('A new notice', { timeout: 10_000 });
});

test('no notice, no dialog', async ({ page, signIn }) => {
  await signIn('alice');
  await page.goto('/dashboard');
  await expect(page.getByTestId('sidebar-menu')).toBeVisible();
  await page.waitForTimeout(1800);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
