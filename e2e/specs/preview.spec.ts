import { expect, test } from '../support/fixtures';

test('/preview shows the report pages of the demo site read-only, without an account', async ({
  page,
  context,
}) => {
  await page.goto('/preview');
  await expect(page).toHaveURL(/\/preview$/);
  const preview = page.getByTestId('preview-page');
  await expect(preview.getByTestId('overview-kpis')).toBeVisible();
  // Today's lists are still empty in the first minutes after local midnight; yesterday is a full day.
  await preview.getByTestId('range-quick').getByText('昨天').click();
  await expect(preview.getByTestId('top-pages').locator('.ant-list-item').first()).toBeVisible();
  // No way into a signed-in area from the showcase.
  await expect(preview.getByRole('button', { name: '更多' })).toHaveCount(0);

  await preview.getByTestId('preview-nav').getByRole('link', { name: '趋势分析' }).click();
  await expect(page).toHaveURL(/\/preview\?report=trend$/);
  await expect(preview.getByTestId('table-trend').locator('tbody tr.ant-table-row').first()).toBeVisible();

  await preview.getByTestId('preview-nav').getByRole('link', { name: '地域分布' }).click();
  await expect(preview.getByTestId('chart-china-map').locator('canvas')).toBeVisible();
  expect((await context.cookies()).map((c) => c.name)).not.toContain('x-token');
});
