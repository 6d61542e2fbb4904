import { randomInt } from 'node:crypto';
import type { Plan } from '@tally/contracts';
import { apiContext, call, loginToken } from '../support/api';
import { expect, test } from '../support/fixtures';

/**
 * Plans and orders (issue 16): carol (200 USDT, credited by start-server.mjs) buys a plan from /price
 * with a coupon, hits its site limit, upgrades; an admin refunds the upgrade and balance, 资金明细 and
 * plan show it.
 */
const tag = randomInt(1000, 9999);
let starter: Plan;
let business: Plan;
const coupon = `E2E${tag}`;

test.beforeAll(async () => {
  const admin = await apiContext(await loginToken('admin'));
  const limits = { monthly_pageviews: 100000, bots: 1, retention_days: 90 };
  starter = await call<Plan>(admin, 'POST', '/api/v1/admin/plans/save', {
    name_zh: `入门版${tag}`,
    name_en: `Starter${tag}`,
    prices: { month: '10', year: '100' },
    limits: { ...limits, sites: 4 },
    sort: 10,
  });
  business = await call<Plan>(admin, 'POST', '/api/v1/admin/plans/save', {
    name_zh: `商业版${tag}`,
    name_en: `Business${tag}`,
    prices: { month: '30' },
    limits: { ...limits, sites: 20 },
    sort: 20,
  });
  await call(admin, 'POST', '/api/v1/admin/coupons/save', {
    code: coupon,
    kind: 'percent',
    percent: 20,
    shown: true,
  });
  await admin.dispose();
});

test('carol buys a plan from /price with a coupon, hits the site limit, upgrades; an admin refunds', async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  // Signed out: buying asks for the sign-in first, then comes back to the chosen plan.
  await page.goto('/price');
  await page.getByTestId(`buy-${starter.id}`).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByTestId('login-username').fill('carol');
  await page.getByTestId('login-password').fill('password123');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(new RegExp(`/user/plans\\?plan=${starter.id}$`));

  const form = page.getByTestId(`buy-form-${starter.id}`);
  await form.getByTestId('buy-coupon').locator('input').fill(coupon);
  await form.getByTestId('buy-coupon').locator('input').press('Enter');
  await expect(form.getByTestId('buy-total')).toHaveText('8.00 USDT');
  await form.getByTestId('buy-pay').click();
  await expect(page.getByText(`支付成功：入门版${tag}`)).toBeVisible();
  await expect(page.getByTestId('current-plan')).toContainText(`入门版${tag}`);

  // Four sites are what Starter allows; the fifth is refused with the plan and the limit named.
  const carol = await apiContext(await signIn('carol'));
  for (let i = 1; i <= 4; i++)
    await call(carol, 'POST', '/api/v1/api2/sites/save', {
      name: `Carol ${i}`,
      domains: [`c${i}.carol.example`],
    });
  await carol.dispose();
  await page.goto('/dashboard');
  await page.getByTestId('site-add').click();
  const dialog = page.getByTestId('site-form-dialog');
  await dialog.getByTestId('site-name').fill('Carol 5');
  await dialog.getByTestId('site-domains').fill('c5.carol.example');
  await dialog.getByTestId('site-save').click();
  await expect(page.getByText(`您的套餐 入门版${tag} 最多可添加 4 个站点`).first()).toBeVisible();

  // Upgrade: the unused days of Starter are credited on the order.
  await page.goto(`/user/plans?plan=${business.id}`);
  const up = page.getByTestId(`buy-form-${business.id}`);
  await expect(up.getByTestId('buy-quote')).toContainText('更换套餐');
  await expect(up.getByTestId('buy-quote')).toContainText('旧套餐剩余抵扣');
  await up.getByTestId('buy-pay').click();
  await expect(page.getByTestId('current-plan')).toContainText(`商业版${tag}`);

  await page.goto('/user/orders');
  const mine = page.getByTestId('my-orders-table').locator('tr.ant-table-row');
  await expect(mine).toHaveCount(2);
  await expect(mine.first()).toContainText(`商业版${tag}`);
  await expect(mine.first()).toContainText('已支付');

  // The admin refunds the upgrade: carol is back on Starter with the money in her balance.
  await signIn('admin');
  await page.goto('/orders/orders?user=carol');
  const row = page.getByTestId('orders-table').locator('tr.ant-table-row').first();
  await expect(row).toContainText(`商业版${tag}`);
  await row.getByTestId('order-refund').click();
  await page.getByTestId('refund-note').fill('e2e');
  await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
  await expect(row.getByTestId('order-status')).toHaveText('已退款');

  await signIn('carol');
  await page.goto('/user/plans');
  await expect(page.getByTestId('current-plan')).toContainText(`入门版${tag}`);
  await page.goto('/user/wallet');
  await expect(page.getByTestId('wallet-page')).toContainText('退款');
});

test('/discount lists the coupons marked shown with their terms', async ({ page }) => {
  await page.goto('/discount');
  await expect(page.getByTestId('discount-list')).toContainText(coupon);
  await expect(page.getByTestId('discount-list')).toContainText('-20%');
});
