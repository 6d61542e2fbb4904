import {
  ADMIN_COUPON_PATHS,
  ADMIN_ORDER_PATHS,
  ADMIN_PLAN_PATHS,
  adminOrdersQuerySchema,
  couponGenerateBodySchema,
  couponListQuerySchema,
  couponListSchema,
  couponPageSchema,
  couponSaveBodySchema,
  couponSchema,
  idsBodySchema,
  onOffBodySchema,
  orderIdBodySchema,
  orderPageSchema,
  orderSchema,
  planListSchema,
  planSaveBodySchema,
  planSchema,
  refundBodySchema,
} from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resourceRoutes } from '../../lib/resource-routes.js';
import { actorOf } from '../../plugins/auth.js';
import type { BillingRoutesDeps } from './billing.routes.js';

const empty = z.null();

/** 套餐管理, 优惠券 and 交易订单 (/orders/orders): admins only (ACCESS.orders). */
export const billingAdminRoutes: FastifyPluginAsyncZod<BillingRoutesDeps> = async (
  app,
  { plans, coupons, orders },
) => {
  const config = { access: 'orders' } as const;
  const tags = ['orders'];

  resourceRoutes(app, {
    tag: 'plans',
    access: 'orders',
    paths: ADMIN_PLAN_PATHS,
    fetch: {
      input: z.object({}),
      response: planListSchema,
      handler: async () => ({ list: await plans.all() }),
    },
    save: {
      input: planSaveBodySchema,
      response: planSchema,
      handler: (body, request) => plans.save(body, actorOf(request)),
    },
    del: {
      input: idsBodySchema,
      response: empty,
      handler: (body, request) => plans.delete(body.ids, actorOf(request)),
    },
    switch: {
      input: onOffBodySchema,
      response: empty,
      handler: (body, request) => plans.setOnSale(body.id, body.status === 1, actorOf(request)),
    },
  });

  resourceRoutes(app, {
    tag: 'coupons',
    access: 'orders',
    paths: ADMIN_COUPON_PATHS,
    fetch: {
      input: couponListQuerySchema,
      response: couponPageSchema,
      handler: (q) => coupons.list(q.keyword, q),
    },
    save: {
      input: couponSaveBodySchema,
      response: couponSchema,
      handler: (body, request) => coupons.save(body, actorOf(request)),
    },
    del: {
      input: idsBodySchema,
      response: empty,
      handler: (body, request) => coupons.delete(body.ids, actorOf(request)),
    },
    switch: {
      input: onOffBodySchema,
      response: empty,
      handler: (body, request) => coupons.setEnabled(body.id, body.status === 1, actorOf(request)),
    },
  });
  app.post(
    ADMIN_COUPON_PATHS.generate,
    { config, schema: { tags, body: couponGenerateBodySchema, response: { 200: couponListSchema } } },
    async (request) => ({ list: await coupons.generate(request.body, actorOf(request)) }),
  );

  app.get(
    ADMIN_ORDER_PATHS.fetch,
    { config, schema: { tags, querystring: adminOrdersQuerySchema, response: { 200: orderPageSchema } } },
    async (request) => {
      const { id, status, user, plan_id, no, from, to } = request.query;
      if (id !== undefined) return { list: [await orders.detail(id)], total: 1, page: 1, limit: 1 };
      return orders.list({ status, user, planId: plan_id, no, from, to }, request.query);
    },
  );
  app.post(
    ADMIN_ORDER_PATHS.cancel,
    { config, schema: { tags, body: orderIdBodySchema, response: { 200: orderSchema } } },
    (request) => orders.cancel(request.body.id, null, actorOf(request)),
  );
  app.post(
    ADMIN_ORDER_PATHS.refund,
    { config, schema: { tags, body: refundBodySchema, response: { 200: orderSchema } } },
    (request) => orders.refund(request.body.id, actorOf(request), request.body.note),
  );
};
