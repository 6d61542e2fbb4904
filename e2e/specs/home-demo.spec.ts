import { expect, test } from '../support/fixtures';

/** Issue 14, item 14: /home leads to the live demo (/preview), signed out and signed in. */

test('/home links to the live demo at /preview', async ({ page, signIn }) => {
  await page.goto('/home');
  await page.getByTestId('home-preview').click();
  await expect(page).toHaveURL(/\/preview$/);
  await expect(page.getByTestId('preview-page').getByTestId('overview-kpis')).toBeVisible();

  await signIn('alice');
  await page.goto('/home');
  await expect(page.getByTestId('home-preview')).toHaveAttribute('href', '/preview');
});
