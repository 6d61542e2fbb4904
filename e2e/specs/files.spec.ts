import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { pngFile } from '../support/images';
import { saveSettings } from '../support/settings';

test.afterEach(() => saveSettings({ ads: [] }));

async function openFiles(page: Page): Promise<void> {
  await page.goto('/admin/files');
  await expect(page.getByTestId('files-page')).toBeVisible();
}

const card = (page: Page, name: string) => page.getByTestId('file-card').filter({ hasText: name });

test('an admin uploads several files at once, finds, previews and copies them', async ({
  page,
  context,
  baseURL,
  signIn,
}) => {
  test.slow();
  const n = randomInt(10000, 99999);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn('admin');
  await openFiles(page);
  const input = page.getByTestId('file-uploader').locator('input[type=file]');
  await input.setInputFiles([pngFile(`banner-${n}.png`), pngFile(`logo-${n}.png`, 90)]);
  await expect(page.getByText(`banner-${n}.png 已上传`)).toBeVisible();
  await expect(page.getByText(`logo-${n}.png 已上传`)).toBeVisible();
  await expect(card(page, `banner-${n}.png`)).toBeVisible();
  await expect(card(page, `logo-${n}.png`)).toContainText('320×200');

  // Search by name.
  await page.getByTestId('files-search').locator('input').fill(`logo-${n}`);
  await page.getByTestId('files-search').locator('input').press('Enter');
  await expect(page.getByTestId('file-card')).toHaveCount(1);

  // Preview opens the image large.
  await card(page, `logo-${n}.png`).getByTestId('file-thumb').click();
  await expect(page.locator('.ant-image-preview-img')).toBeVisible();
  await page.keyboard.press('Escape');

  // Copy the full address.
  await card(page, `logo-${n}.png`).getByRole('button', { name: '复制地址' }).click();
  await expect(page.getByText('地址已复制')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`^${baseURL}/uploads/[A-Za-z0-9._-]+\\.png$`));
  const served = await page.request.get(copied);
  expect(served.headers()['content-type']).toBe('image/png');

  // The table view shows the same file with its details.
  await page.getByTestId('files-view').getByText('表格').click();
  await expect(page).toHaveURL(/view=table/);
  const row = page
    .getByTestId('files-table')
    .getByRole('row')
    .filter({ hasText: `logo-${n}.png` });
  await expect(row).toContainText('image/png');
  await expect(row).toContainText('admin');
});

test('refused uploads: an HTML page named .png, and a file over the size limit', async ({ page, signIn }) => {
  const n = randomInt(10000, 99999);
  await signIn('admin');
  await openFiles(page);
  const input = page.getByTestId('file-uploader').locator('input[type=file]');
  await input.setInputFiles({
    name: `fake-${n}.png`,
    mimeType: 'image/png',
    buffer: Buffer.from('<!doctype html><script>alert(1)</script>'),
  });
  await expect(page.locator('.request-error')).toBeVisible();
  await input.setInputFiles({
    name: `huge-${n}.png`,
    mimeType: 'image/png',
    buffer: Buffer.alloc(11 * 1024 * 1024),
  });
  await expect(page.getByText(`huge-${n}.png 超过 10M`)).toBeVisible();
  await page.getByTestId('files-search').locator('input').fill(`${n}`);
  await page.getByTestId('files-search').locator('input').press('Enter');
  await expect(page.getByText('暂无素材')).toBeVisible();
});

test('deleting asks first, and asks again when an ad shows the file', async ({ page, signIn }) => {
  const n = randomInt(10000, 99999);
  await signIn('admin');
  await openFiles(page);
  const input = page.getByTestId('file-uploader').locator('input[type=file]');
  await input.setInputFiles([pngFile(`old-${n}.png`), pngFile(`ad-${n}.png`, 40)]);
  await expect(card(page, `old-${n}.png`)).toBeVisible();
  await expect(card(page, `ad-${n}.png`)).toBeVisible();
  const adImage = await card(page, `ad-${n}.png`).locator('img').first().getAttribute('src');
  await saveSettings({
    ads: [
      {
        title: `广告 ${n}`,
        image: adImage,
        link: 'https://example.com',
        position: 'home',
        order: 0,
        enabled: true,
      },
    ],
  });

  // Cancelling keeps the file.
  await card(page, `old-${n}.png`).getByTestId('file-delete').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await expect(card(page, `old-${n}.png`)).toBeVisible();
  // Confirming deletes it.
  await card(page, `old-${n}.png`).getByTestId('file-delete').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByText('已删除 1 个文件')).toBeVisible();
  await expect(card(page, `old-${n}.png`)).toHaveCount(0);

  // The first message goes before the second delete, so the next one is told apart from it.
  await expect(page.getByText('已删除 1 个文件')).toHaveCount(0);

  // A file in use: the server names its users and deletes nothing until asked again.
  await card(page, `ad-${n}.png`).getByTestId('file-delete').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByTestId('files-in-use')).toContainText(`广告 「广告 ${n}」`);
  await expect(card(page, `ad-${n}.png`)).toBeVisible();
  await page.getByRole('button', { name: '仍然删除' }).click();
  await expect(page.getByText('已删除 1 个文件')).toBeVisible();
  await expect(card(page, `ad-${n}.png`)).toHaveCount(0);
});
