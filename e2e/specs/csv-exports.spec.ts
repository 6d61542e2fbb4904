import { mkdir, readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ARTICLES_PATHS } from '@tally/contracts';
import { apiContext, call, loginToken } from '../support/api';
import { expect, test } from '../support/fixtures';

// The browser's zone is the one an export writes its times in (docs/product.md, "Times and time zones").
test.use({ timezoneId: 'Asia/Shanghai' });

const SHOTS = '/tmp/shots-csv';

/** Clicks a list's export button and reads the file the browser saved (a download, never a page). */
async function exported(page: Page, testId: string): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await page.locator('.kept-page:visible').getByTestId(testId).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^[a-z-]+-\d{4}-\d\d-\d\d\.csv$/);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text
    .slice(1)
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
}

test('every list exports what it shows: headings in the interface language, times on the browser’s clock', async ({
  page,
  signIn,
}) => {
  await mkdir(SHOTS, { recursive: true });
  // One audit row at least (a new article), so the log has a row to compare.
  const admin = await apiContext(await loginToken('admin'));
  await call(admin, 'POST', ARTICLES_PATHS.save, { title: 'CSV export', content: '<p>x</p>' });
  await admin.dispose();
  await signIn('admin');

  await page.goto('/admin/auditLog');
  await expect(page.getByTestId('audit-log')).toBeVisible({ timeout: 20_000 });
  const [zhHead, zhFirst] = await exported(page, 'audit-export');
  expect(zhHead?.slice(0, 4)).toEqual(['编号', '创建时间 (Asia/Shanghai)', '操作人ID', '操作人']);
  // The table's newest row, its time as the table shows it (the same zone).
  const shown = await page
    .locator('.kept-page:visible')
    .getByTestId('audit-log')
    .locator('tr.ant-table-row')
    .first()
    .locator('td')
    .filter({ hasText: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/ })
    .textContent();
  expect(zhFirst?.[1]).toBe(shown?.trim());

  await page.goto('/finance/recharge');
  await expect(page.getByTestId('recharge')).toBeVisible({ timeout: 20_000 });
  // A finance list sorts on the server: the sort rides in the address and into the export.
  await page.locator('.kept-page:visible th').filter({ hasText: '应付' }).click();
  await expect(page).toHaveURL(/sort=payable/);
  const [rechargeHead] = await exported(page, 'finance-export');
  expect(rechargeHead).toContain('状态');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${SHOTS}/recharge-zh-${width}.png` });
  }

  // The same export in English (the language cookie the web keeps).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/auditLog');
  await expect(page.getByTestId('audit-log')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const [enHead] = await exported(page, 'audit-export');
  expect(enHead?.slice(0, 4)).toEqual(['ID', 'Created (Asia/Shanghai)', 'Actor ID', 'Actor']);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${SHOTS}/audit-en-${width}.png` });
  }
});
