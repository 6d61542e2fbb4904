import {
  BILLING_PATHS,
  couponListSchema,
  orderIdBodySchema,
  orderPageSchema,
  orderSchema,
  ownOrdersQuerySchema,
  planListSchema,
  quoteBodySchema,
  quoteSchema,
  subscriptionSchema,
} from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownAccountId } from '../../plugins/auth.js';
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
export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesDeps> = async (app, deps) => {
  const tags = ['billing'];
  const pub = { access: 'public' } as const;
  const own = { access: 'account' } as const;

  app.get(
    BILLING_PATHS.plans,
    { config: pub, schema: { tags, response: { 200: planListSchema } } },
    async () => ({
      list: await deps.plans.onSale(),
    }),
  );
  app.get(
    BILLING_PATHS.discounts,
    { config: pub, schema: { tags, response: { 200: couponListSchema } } },
    async () => ({
      list: await deps.coupons.shown(),
    }),
  );
  app.get(
    BILLING_PATHS.subscription,
    { config: own, schema: { tags, response: { 200: subscriptionSchema } } },
    (request) => deps.subscriptions.info(ownAccountId(request)),
  );
  app.post(
    BILLING_PATHS.quote,
    { config: own, schema: { tags, body: quoteBodySchema, response: { 200: quoteSchema } } },
    (request) => deps.orders.quote(ownAccountId(request), request.body),
  );
  app.post(
    BILLING_PATHS.create,
    { config: own, schema: { tags, body: quoteBodySchema, response: { 200: orderSchema } } },
    (request) => deps.orders.create(ownAccountId(request), request.body),
  );
  app.post(
    BILLING_PATHS.pay,
    { config: own, schema: { tags, body: orderIdBodySchema, response: { 200: orderSchema } } },
    (request) => deps.orders.pay(ownAccountId(request), request.body.id),
  );
  app.post(
    BILLING_PATHS.cancel,
    { config: own, schema: { tags, body: orderIdBodySchema, response: { 200: orderSchema } } },
    (request) => deps.orders.cancel(request.body.id, ownAccountId(request)),
  );
  app.get(
    BILLING_PATHS.orders,
    { config: own, schema: { tags, querystring: ownOrdersQuerySchema, response: { 200: orderPageSchema } } },
    (request) =>
      deps.orders.list({ userId: ownAccountId(request), status: request.query.status }, request.query),
  );
};
