import { defineModule } from '../../kernel/module.js';
import { billingRoutes } from './billing.routes.js';
import { billingAdminRoutes } from './billing-admin.routes.js';
import { CouponsRepository } from './coupons.repository.js';
import { CouponsService } from './coupons.service.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';
import { PlansRepository } from './plans.repository.js';
import { PlansService } from './plans.service.js';
import { SubscriptionsService } from './subscriptions.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    plans: PlansService;
    coupons: CouponsService;
    orders: OrdersService;
    subscriptions: SubscriptionsService;
  }
}

const DAY_MS = 86_400_000;

export const CANCEL_STALE_JOB = 'billing.cancel-stale';

/** Plans, coupons, orders and subscriptions (issue 16), paid through the ledger. After sites: it guards site creation. */
export const billingModule = defineModule({
  name: 'billing',
  needs: ['ledger', 'audit', 'sites', 'consoleFigures', 'notices'],
  services: ({ db, seams, ledger, audit, sites, consoleFigures, notices }) => {
    const plans = new PlansService(new PlansRepository(db.orm), audit);
    const coupons = new CouponsService(new CouponsRepository(db.orm), audit);
    const orders = new OrdersService({
      repo: new OrdersRepository(db.orm),
      plans,
      coupons,
      ledger,
      audit,
      db,
      clock: seams.clock ?? (() => new Date()),
      notices,
    });
    const subscriptions = new SubscriptionsService(orders, sites);
    sites.onCreate((auth, owned) => subscriptions.checkSiteLimit(auth, owned));
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
    return { plans, coupons, orders, subscriptions };
  },
  routes: async (app, s) => {
    await app.register(billingRoutes, s);
    await app.register(billingAdminRoutes, s);
  },
  jobs: ({ orders }) => [
    // Every minute, so an unpaid order is gone at most a minute after its 30 minutes.
    {
      name: CANCEL_STALE_JOB,
      retryLimit: 1,
      schedule: '* * * * *',
      handler: async () => void (await orders.cancelStale()),
    },
  ],
});
