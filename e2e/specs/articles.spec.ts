import { randomInt } from 'node:crypto';
import { chooseOption, expect, menuTitles, test } from '../support/fixtures';
import { pngFile } from '../support/images';

test('an article editor writes and publishes an article that visitors then read', async ({
  page,
  signIn,
  browser,
  baseURL,
}) => {
  test.slow(); // a long walk through two sessions and two uploads on a shared machine
  const n = randomInt(10000, 99999);
  const title = `使用指南 ${n}`;
  const category = `教程 ${n}`;
  const token = await signIn('editor');

  // No settings or files for an editor: not in the menu, and refused by the API.
  await page.goto('/admin/contentList');
  await expect(page.getByTestId('content-list')).toBeVisible();
  const menu = await menuTitles(page);
  expect(menu).toContain('系统管理 > 文章管理');
  expect(menu.join()).not.toMatch(/系统设置|素材管理/);
  const settings = await page.request.get('/api/v1/admin/setting/fetch', { headers: { 'x-token': token } });
  expect(settings.status()).toBe(403);
  const files = await page.request.get('/api/v1/admin/files/fetch', { headers: { 'x-token': token } });
  expect(files.status()).toBe(403);

  // A category first.
  await page.getByTestId('open-categories').click();
  await page.getByTestId('category-name').fill(category);
  await page.getByTestId('category-save').click();
  await expect(page.locator('.ant-modal').getByRole('cell', { name: category })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByTestId('article-create').click();
  await expect(page).toHaveURL(/\/admin\/contentcreate$/);
  await page.getByTestId('article-title').fill(title);
  await page.getByTestId('article-summary').fill('三步装好统计代码。');
  await chooseOption(page, page.getByTestId('article-category'), category);
  const body = page.getByTestId('rich-text-content').getByRole('textbox');
  await body.click();
  await page.keyboard.type('第一步：添加站点。');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('第二步：粘贴代码。');
  // An image from the files: uploaded through the picker, then chosen.
  await page.getByTestId('editor-image').click();
  const picker = page.locator('.ant-modal').filter({ hasText: '选择图片' });
  await picker.locator('input[type=file]').setInputFiles(pngFile(`step-${n}.png`));
  await picker.getByTitle(`step-${n}.png`).click();
  await expect(body.locator('img')).toHaveAttribute('src', /^\/uploads\//);
  await page.getByTestId('article-status').getByText('已发布').click();
  await page.getByTestId('article-save').click();
  await expect(page.getByText('文章已保存')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/contentcreate\/\d+$/);
  const id = page.url().split('/').pop()!;

  // The list shows it as published.
  await page.goto('/admin/contentList');
  const row = page.getByTestId('articles-table').getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('已发布');
  await expect(row).toContainText(category);

  // Any visitor reads it.
  const visitor = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const reader = await visitor.newPage();
  await reader.goto('/articles');
  await reader.getByTestId('category-filter').getByText(category).click();
  const card = reader.getByTestId('article-card').filter({ hasText: title });
  await expect(card).toContainText('三步装好统计代码。');
  await card.getByRole('link', { name: title }).click();
  await expect(reader).toHaveURL(new RegExp(`/article/${id}$`));
  const article = reader.getByTestId('article-reader');
  await expect(article.getByRole('heading', { name: title })).toBeVisible();
  await expect(article.locator('strong')).toHaveText('第二步：粘贴代码。');
  await expect(article.locator('img')).toHaveAttribute('src', /^\/uploads\//);
  await expect(reader).toHaveTitle(`${title} - 系统后台`);
  await visitor.close();
});

test('unknown and malformed article addresses show the not-found page', async ({ page }) => {
  await page.goto(`/article/${'9'.repeat(62)}`);
  await expect(page.getByTestId('article-not-found')).toBeVisible();
  await page.goto('/article/12abc');
  await expect(page.getByTestId('article-not-found')).toBeVisible();
  await page.goto('/article/1/2');
  await expect(page.getByTestId('article-not-found')).toBeVisible();
});
