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
    /** Orders; `orders.revenueToday()` is today's takings for the admin console. */
    orders: OrdersService;
    subscriptions: SubscriptionsService;
  }
}

export const CANCEL_STALE_JOB = 'billing.cancel-stale';

/** Plans, coupons, orders and subscriptions (issue 16), paid through the ledger. After sites: it guards site creation. */
export const billingModule = defineModule({
  name: 'billing',
  needs: ['ledger', 'audit', 'sites'],
  services: ({ db, seams, ledger, audit, sites }) => {
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
    });
    const subscriptions = new SubscriptionsService(orders, sites);
    sites.onCreate((auth, owned) => subscriptions.checkSiteLimit(auth, owned));
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
