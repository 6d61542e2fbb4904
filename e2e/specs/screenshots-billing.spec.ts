import type { Page } from '@playwright/test';
import type { Order, Plan, Subscription } from '@tally/contracts';
import { apiContext, call, loginToken } from '../support/api';
import { test } from '../support/fixtures';
import { screenshotSuite } from '../support/screenshots';

/** Screens of issue 16 (plans, orders, coupons) in both languages at 1280px and 375px. */
test.beforeAll(async () => {
  const admin = await apiContext(await loginToken('admin'));
  const { list } = await call<{ list: Plan[] }>(admin, 'GET', '/api/v1/admin/plans/fetch');
  if (!list.some((p) => p.name_en === 'Pro')) {
    const limits = { monthly_pageviews: 1_000_000, bots: 3, retention_days: 365 };
    await call(admin, 'POST', '/api/v1/admin/plans/save', {
      name_zh: '专业版',
      name_en: 'Pro',
      description_zh: '适合个人站长与小团队。',
      description_en: 'For site owners and small teams.',
      prices: { month: '9.9', quarter: '27', year: '99' },
      limits: { ...limits, sites: 10 },
      sort: 10,
    });
    await call(admin, 'POST', '/api/v1/admin/plans/save', {
      name_zh: '企业版',
      name_en: 'Enterprise',
      prices: { month: '49', year: '490', onetime: '1999' },
      limits: { ...limits, sites: 100 },
      sort: 20,
    });
    await call(admin, 'POST', '/api/v1/admin/coupons/save', {
      code: 'WELCOME20',
      kind: 'percent',
      percent: 20,
      shown: true,
      per_user_limit: 1,
      note_zh: '新用户首单八折',
      note_en: '20% off your first order',
    });
    await call(admin, 'POST', '/api/v1/admin/coupons/save', {
      code: 'MINUS5',
      kind: 'fixed',
      amount: '5',
      shown: true,
    });
  }
  await admin.dispose();
  // bob has no orders yet: one paid, one waiting for payment.
  const bob = await apiContext(await loginToken('bob'));
  const orders = await call<{ total: number }>(bob, 'GET', '/api/v1/api2/orders/fetch');
  if (orders.total === 0) {
    const plans = await call<{ list: Plan[] }>(bob, 'GET', '/api/v1/api2/plans/fetch');
    const pro = plans.list.find((p) => p.name_en === 'Pro')!;
    await call<Order>(bob, 'POST', '/api/v1/api2/orders/create', {
      plan_id: pro.id,
      period: 'month',
      coupon: 'MINUS5',
    }).then((o) => call(bob, 'POST', '/api/v1/api2/orders/cancel', { id: o.id }));
    await call(bob, 'POST', '/api/v1/api2/orders/create', { plan_id: pro.id, period: 'year' });
  }
  await bob.dispose();
  await quotaNearlyUsed();
});

/**
 * `demo` (whose sites have 35 days of traffic) on a hidden plan of 1,000 page views a month: its
 * dashboard shows the plan summary with the quota warning. Free of charge, so it is paid at once.
 */
async function quotaNearlyUsed() {
  const demo = await apiContext(await loginToken('demo'));
  const sub = await call<Subscription>(demo, 'GET', '/api/v1/api2/subscription/info');
  if (sub.plan.name_en !== 'Trial') {
    const admin = await apiContext(await loginToken('admin'));
    const trial = await call<Plan>(admin, 'POST', '/api/v1/admin/plans/save', {
      name_zh: '试用版',
      name_en: 'Trial',
      prices: { month: '0' },
      limits: { sites: 3, monthly_pageviews: 1000, bots: 1, retention_days: 30 },
      sort: 99,
    });
    await call(demo, 'POST', '/api/v1/api2/orders/create', { plan_id: trial.id, period: 'month' });
    await call(admin, 'POST', '/api/v1/admin/plans/switch', { id: trial.id, status: 0 });
    await admin.dispose();
  }
  await demo.dispose();
}

/** Opens a tab of 交易订单 and waits for its table's first row. */
const openTab = (index: number, table: string) => async (page: Page) => {
  await page.getByRole('tab').nth(index).click();
  await page.getByTestId(table).locator('tr.ant-table-row').first().waitFor();
};

screenshotSuite([
  { name: 'price', path: '/price', ready: 'price-plans' },
  { name: 'discount', path: '/discount', ready: 'discount-list' },
  { name: 'user-plans', path: '/user/plans', ready: 'current-plan', as: 'bob' },
  { name: 'user-dashboard', path: '/dashboard', ready: 'quota-warning', as: 'demo' },
  { name: 'user-orders', path: '/user/orders', ready: 'my-orders-table', as: 'bob' },
  { name: 'orders-admin', path: '/orders/orders', ready: 'orders-table', as: 'admin' },
  {
    name: 'orders-admin-plans',
    path: '/orders/orders',
    ready: 'orders-table',
    as: 'admin',
    prepare: openTab(1, 'plans-table'),
  },
  {
    name: 'orders-admin-coupons',
    path: '/orders/orders',
    ready: 'orders-table',
    as: 'admin',
    prepare: openTab(2, 'coupons-table'),
  },
]);
