import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiContext, call } from '../support/api';
import { expect, test } from '../support/fixtures';
import { latestEmailCode } from '../support/mail';

/** Someone registers the way the register page does: an emailed code, then the account. */
async function register(): Promise<string> {
  const n = randomInt(100000, 999999);
  const email = `console${n}@example.com`;
  const ctx = await apiContext();
  try {
    await call(ctx, 'POST', '/api/v1/api2/auth/sendEmailVerify', { email });
    const code = await latestEmailCode(email);
    await call(ctx, 'POST', '/api/v1/api2/auth/register', {
      username: `console${n}`,
      email,
      password: 'password123',
      email_code: code,
    });
  } finally {
    await ctx.dispose();
  }
  return email;
}

const tile = (page: Page, key: string) => page.locator('.kept-page:visible').getByTestId(`console-${key}`);
const count = async (page: Page, key: string) =>
  Number(((await tile(page, key).locator('.console-tile-value').textContent()) ?? '').replace(/\D/g, ''));

test('控制台 counts a user who registered today once the page is reloaded', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/dashboard');
  await expect(tile(page, 'users_today')).toContainText('今日新增用户');
  const today = await count(page, 'users_today');
  const total = await count(page, 'users_total');
  // The queue module fills the place the console kept for it: a count that links to 队列监控.
  await expect(tile(page, 'failed_jobs_24h')).toHaveAttribute('href', '/queue/queue');
  await expect(tile(page, 'failed_jobs_24h')).not.toContainText('暂未提供');
  await expect(page.getByTestId('console-new-users').locator('svg rect').first()).toBeVisible();

  await register();
  await page.reload();
  await expect.poll(() => count(page, 'users_today')).toBe(today + 1);
  expect(await count(page, 'users_total')).toBe(total + 1);
  await expect(tile(page, 'balances_held')).toContainText('USDT');
});

test('a user’s /dashboard stays 站点列表, without the console', async ({ page, signIn }) => {
  await signIn('alice');
  await page.goto('/dashboard');
  await expect(page.getByTestId('console')).toHaveCount(0);
});
