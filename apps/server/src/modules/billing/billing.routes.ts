import { BILLING_API } from '@tally/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { csvExport } from '../../lib/csv-export.js';
import { routes } from '../../lib/endpoint-routes.js';
import { ownAccountId } from '../../plugins/auth.js';
import { OWN_ORDER_CSV } from './billing-csv.js';
import type { CouponsService } from './coupons.service.js';
import type { OrdersService } from './orders.service.js';
import type { PlansService } from './plans.service.js';
import type { SubscriptionsService } from './subscriptions.service.js';

export interface BillingRoutesDeps {
  plans: PlansService;
  coupons: CouponsService;
  orders: OrdersService;
  subscriptions: SubscriptionsService;
}

/** 套餐购买 / 我的订单 and the public /price and /discount: every order call is the caller's own. */
export const billingRoutes: FastifyPluginAsync<BillingRoutesDeps> = async (app, deps) => {
  routes(app, BILLING_API, {
    plans: async () => ({ list: await deps.plans.onSale() }),
    discounts: async () => ({ list: await deps.coupons.shown() }),
    subscription: (_, request) => deps.subscriptions.info(ownAccountId(request)),
    quote: (body, request) => deps.orders.quote(ownAccountId(request), body),
    create: (body, request) => deps.orders.create(ownAccountId(request), body),
    pay: (body, request) => deps.orders.pay(ownAccountId(request), body.id),
    cancel: (body, request) => deps.orders.cancel(body.id, ownAccountId(request)),
    orders: (query, request) =>
      deps.orders.list({ userId: ownAccountId(request), status: query.status }, query),
    ordersExport: csvExport(BILLING_API.ordersExport, OWN_ORDER_CSV, (q, r, page, limit) =>
      deps.orders.list({ userId: ownAccountId(r), status: q.status }, { ...q, page, limit }),
    ),
  });
};
