import { defineModule } from '../../kernel/module.js';
import { billingRoutes } from './billing.routes.js';
import { billingAdminRoutes } from './billing-admin.routes.js';
import { CouponsRepository } from './coupons.repository.js';
import { CouponsService } from './coupons.service.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';
import { PlanNoticesService } from './plan-notices.service.js';
import { PlansRepository } from './plans.repository.js';
import { PlansService } from './plans.service.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { UsageRepository } from './usage.repository.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    plans: PlansService;
    coupons: CouponsService;
    orders: OrdersService;
    subscriptions: SubscriptionsService;
    planNotices: PlanNoticesService;
  }
}

const DAY_MS = 86_400_000;

export const CANCEL_STALE_JOB = 'billing.cancel-stale';
export const PLAN_NOTICES_JOB = 'billing.plan-notices';

/** Plans, coupons, orders and subscriptions (issue 16), paid through the ledger. After sites: it guards site creation. */
export const billingModule = defineModule({
  name: 'billing',
  needs: ['ledger', 'audit', 'sites', 'consoleFigures', 'mail', 'notices'],
  services: ({ db, seams, ledger, audit, sites, consoleFigures, mail, notices }) => {
    const clock = seams.clock ?? (() => new Date());
    const plans = new PlansService(new PlansRepository(db.orm), audit);
    const coupons = new CouponsService(new CouponsRepository(db.orm), audit);
    const orders = new OrdersService({
      repo: new OrdersRepository(db.orm),
      plans,
      coupons,
      ledger,
      audit,
      db,
      clock,
      notices,
    });
    const usage = new UsageRepository(db);
    const subscriptions = new SubscriptionsService(orders, sites, usage, clock);
    const planNotices = new PlanNoticesService(usage, mail, notices, clock);
    sites.onCreate((auth, owned, tx) => subscriptions.checkSiteLimit(auth, owned, tx));
    consoleFigures.add({
      name: 'billing',
      figures: [
        {
          key: 'revenue_30d',
          label: { zh: '近 30 天收入', en: 'Revenue, last 30 days' },
          kind: 'usdt',
          order: 70,
          href: '/orders/orders',
        },
      ],
      // The 30 days of the console's charts: today and the 29 days before, in the console's zone.
      read: async (at) => ({
        revenue_30d: (await orders.revenueSince(new Date(at.todayStart.getTime() - 29 * DAY_MS))).amount,
      }),
    });
    return { plans, coupons, orders, subscriptions, planNotices };
  },
  routes: async (app, s) => {
    await app.register(billingRoutes, s);
    await app.register(billingAdminRoutes, s);
  },
  jobs: ({ orders, planNotices }) => [
    // Every minute, so an unpaid order is gone at most a minute after its 30 minutes.
    {
      name: CANCEL_STALE_JOB,
      retryLimit: 1,
      schedule: '* * * * *',
      handler: async () => void (await orders.cancelStale()),
    },
    // Quota and expiry mails; the daily rollups they read follow collection within minutes.
    {
      name: PLAN_NOTICES_JOB,
      retryLimit: 2,
      schedule: '*/10 * * * *',
      handler: async () => void (await planNotices.run()),
    },
  ],
});
