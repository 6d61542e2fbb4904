import { ADMIN_COUPON_API, ADMIN_ORDER_API, ADMIN_PLAN_API } from '@tally/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { csvExport } from '../../lib/csv-export.js';
import { routes } from '../../lib/endpoint-routes.js';
import { actorOf } from '../../plugins/auth.js';
import type { BillingRoutesDeps } from './billing.routes.js';
import { COUPON_CSV, ORDER_CSV } from './billing-csv.js';

/** 套餐管理, 优惠券 and 交易订单 (/orders/orders): admins only (ACCESS.orders). */
export const billingAdminRoutes: FastifyPluginAsync<BillingRoutesDeps> = async (
  app,
  { plans, coupons, orders },
) => {
  routes(app, ADMIN_PLAN_API, {
    fetch: async () => ({ list: await plans.all() }),
    save: (body, request) => plans.save(body, actorOf(request)),
    del: (body, request) => plans.delete(body.ids, actorOf(request)),
    switch: (body, request) => plans.setOnSale(body.id, body.status === 1, actorOf(request)),
  });

  routes(app, ADMIN_COUPON_API, {
    fetch: (q) => coupons.list(q.keyword, q),
    export: csvExport(ADMIN_COUPON_API.export, COUPON_CSV, (q, _r, page, limit) =>
      coupons.list(q.keyword, { ...q, page, limit }),
    ),
    save: (body, request) => coupons.save(body, actorOf(request)),
    del: (body, request) => coupons.delete(body.ids, actorOf(request)),
    switch: (body, request) => coupons.setEnabled(body.id, body.status === 1, actorOf(request)),
    generate: async (body, request) => ({ list: await coupons.generate(body, actorOf(request)) }),
  });

  routes(app, ADMIN_ORDER_API, {
    fetch: async (query) => {
      const { id, status, user, plan_id, no, from, to, tz } = query;
      if (id !== undefined) return { list: [await orders.detail(id)], total: 1, page: 1, limit: 1 };
      return orders.list({ status, user, planId: plan_id, no, from, to, tz }, query);
    },
    export: csvExport(ADMIN_ORDER_API.export, ORDER_CSV, (q, _r, page, limit) => {
      const { status, user, plan_id, no, from, to, tz } = q;
      return orders.list({ status, user, planId: plan_id, no, from, to, tz }, { ...q, page, limit });
    }),
    cancel: (body, request) => orders.cancel(body.id, null, actorOf(request)),
    refund: (body, request) => orders.refund(body.id, actorOf(request), body.note),
  });
};
