import { expect, gotoConsole, test } from '../support/fixtures';

test.beforeEach(async ({ page, signIn }) => {
  await signIn('admin');
  await gotoConsole(page);
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings-drawer')).toBeVisible();
});

test('tags view, sidebar logo and fixed header switches apply and persist', async ({ page }) => {
  await expect(page.getByTestId('tags-bar')).toBeVisible();
  await expect(page.getByTestId('sidebar-logo')).toBeVisible();
  await page.getByTestId('setting-tagsView').click();
  await page.getByTestId('setting-sidebarLogo').click();
  await page.getByTestId('setting-fixedHeader').click();
  await expect(page.getByTestId('tags-bar')).toHaveCount(0);
  await expect(page.getByTestId('sidebar-logo')).toHaveCount(0);
  await expect(page.getByTestId('app-wrapper')).not.toHaveClass(/fixed-header/);
  await page.reload();
  await expect(page.getByTestId('sidebar-menu')).toBeVisible();
  await expect(page.getByTestId('tags-bar')).toHaveCount(0);
  await expect(page.getByTestId('sidebar-logo')).toHaveCount(0);
  await expect(page.getByTestId('app-wrapper')).not.toHaveClass(/fixed-header/);
});

test('the theme colour defaults to #409EFF, recolours without downloads and persists', async ({ page }) => {
  const primaryButton = page.getByTestId('open-settings');
  const activeTag = page.locator('.tag-item.is-active');
  // Issue 29: #409EFF stays on accents (the border); the fill under white text is its AA shade #0068d4.
  await expect(activeTag).toHaveCSS('border-color', 'rgb(64, 158, 255)');
  await expect(activeTag).toHaveCSS('background-color', 'rgb(0, 104, 212)');
  // The console's chart chunk (and its stylesheet) arrives after the tiles: only what the recolour
  // itself would fetch counts.
  await page.waitForLoadState('networkidle');
  const downloads: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet') downloads.push(r.url());
  });
  await page.getByTestId('theme-picker').click();
  // Presets follow THEME_PRESETS: the seventh is #722ed1.
  const preset = page.locator('.ant-color-picker-presets-color').nth(6);
  await expect(preset).toBeVisible();
  await preset.click();
  await expect(activeTag).toHaveCSS('background-color', 'rgb(114, 46, 209)');
  expect(downloads).toEqual([]);
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(primaryButton).toBeVisible();
  await expect(page.locator('.tag-item.is-active')).toHaveCSS('background-color', 'rgb(114, 46, 209)');
});

test('pinyin search is offered in Chinese only', async ({ page }) => {
  await expect(page.getByTestId('setting-supportPinyinSearch')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('language-switch').click();
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings-drawer')).toBeVisible();
  await expect(page.getByTestId('setting-supportPinyinSearch')).toHaveCount(0);
});

test('dark mode applies the dark algorithm of antd to the app and its charts, and persists', async ({
  page,
}) => {
  const card = page.locator('.ant-card').first();
  await expect(card).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await page.getByTestId('setting-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(card).toHaveCSS('background-color', 'rgb(20, 20, 20)');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(0, 0, 0)');
  // In dark mode the shade is lighter (#5c9bdc: what antd paints of #69b3ff) and fills carry dark text.
  await expect(page.locator('.tag-item.is-active')).toHaveCSS('background-color', 'rgb(92, 155, 220)');
  await expect(page.getByTestId('sidebar-menu').locator('.ant-menu-item-selected')).toHaveCSS(
    'color',
    'rgb(20, 20, 20)',
  );
  await expect(page.locator('.tag-item.is-active')).toHaveCSS('color', 'rgb(20, 20, 20)');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('.ant-card').first()).toHaveCSS('background-color', 'rgb(20, 20, 20)');
  // The console's charts (SVG) leave the dark card showing through, with light axis labels.
  const chart = page.getByTestId('console-new-users');
  await expect(chart.locator('svg')).toBeVisible();
  await expect(chart).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(chart.locator('svg text').first()).toHaveAttribute('fill', '#b9b8ce');
});
