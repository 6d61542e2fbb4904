import {
  adminOrdersQuerySchema,
  couponGenerateBodySchema,
  couponListQuerySchema,
  couponListSchema,
  couponPageSchema,
  couponSaveBodySchema,
  couponSchema,
  onOffBodySchema,
  orderIdBodySchema,
  orderPageSchema,
  orderSchema,
  ownOrdersQuerySchema,
  planListSchema,
  planSaveBodySchema,
  planSchema,
  quoteBodySchema,
  quoteSchema,
  refundBodySchema,
  subscriptionSchema,
} from './billing-schemas.js';
import { csvQuery } from './csv-schemas.js';
import { nothing } from './endpoint.js';
import { defineApi, endpoint, pathsOf } from './endpoint-core.js';
import { idsBodySchema } from './sites-schemas.js';

export * from './billing-constants.js';

/** 套餐购买 / 我的订单 and the public /price and /discount: every order call is the caller's own. */
export const BILLING_API = defineApi('billing', {
  /** Public: plans on sale (/price). */
  plans: endpoint({
    method: 'GET',
    path: '/api/v1/api2/plans/fetch',
    access: 'public',
    summary: 'List the plans on sale',
    response: planListSchema,
  }),
  /** Public: coupons marked shown (/discount). */
  discounts: endpoint({
    method: 'GET',
    path: '/api/v1/api2/coupons/shown',
    access: 'public',
    summary: 'List the coupons shown to everyone',
    response: couponListSchema,
  }),
  subscription: endpoint({
    method: 'GET',
    path: '/api/v1/api2/subscription/info',
    access: 'account',
    summary: "The caller's plan, expiry and usage this month",
    response: subscriptionSchema,
  }),
  quote: endpoint({
    method: 'POST',
    path: '/api/v1/api2/orders/quote',
    access: 'account',
    summary: 'Price a plan and period for the caller (coupon, upgrade credit)',
    body: quoteBodySchema,
    response: quoteSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/api2/orders/create',
    access: 'account',
    summary: 'Create an order for a plan and period (paid at once when its total is 0)',
    body: quoteBodySchema,
    response: orderSchema,
  }),
  pay: endpoint({
    method: 'POST',
    path: '/api/v1/api2/orders/pay',
    access: 'account',
    summary: "Pay one of the caller's pending orders from the balance",
    body: orderIdBodySchema,
    response: orderSchema,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/v1/api2/orders/cancel',
    access: 'account',
    summary: "Cancel one of the caller's pending orders",
    body: orderIdBodySchema,
    response: orderSchema,
  }),
  orders: endpoint({
    method: 'GET',
    path: '/api/v1/api2/orders/fetch',
    access: 'account',
    summary: "List the caller's orders",
    query: ownOrdersQuerySchema,
    response: orderPageSchema,
  }),
  /** The caller's orders as CSV: every filtered row in the list's order, streamed (csv.ts). */
  ordersExport: endpoint({
    method: 'GET',
    path: '/api/v1/api2/orders/export',
    access: 'account',
    file: true,
    summary: "The caller's orders as a CSV file",
    query: csvQuery(ownOrdersQuerySchema),
    response: nothing,
  }),
});

export const BILLING_PATHS = pathsOf(BILLING_API);

/** 套餐管理 (a tab of 交易订单): every plan, admins only (ACCESS.orders). */
export const ADMIN_PLAN_API = defineApi('plans', {
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/plans/fetch',
    access: 'orders',
    summary: 'List every plan, on sale or hidden',
    response: planListSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/v1/admin/plans/save',
    access: 'orders',
    summary: 'Create a plan (no id) or update one',
    body: planSaveBodySchema,
    response: planSchema,
  }),
  del: endpoint({
    method: 'POST',
    path: '/api/v1/admin/plans/del',
    access: 'orders',
    summary: 'Delete plans that have no orders or subscribers',
    body: idsBodySchema,
    response: nothing,
  }),
  switch: endpoint({
    method: 'POST',
    path: '/api/v1/admin/plans/switch',
    access: 'orders',
    summary: 'Put a plan on sale or hide it',
    body: onOffBodySchema,
    response: nothing,
  }),
});

export const ADMIN_PLAN_PATHS = pathsOf(ADMIN_PLAN_API);

/** 优惠券 (a tab of 交易订单): admins only (ACCESS.orders). */
export const ADMIN_COUPON_API = defineApi('coupons', {
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/coupons/fetch',
    access: 'orders',
    summary: 'List coupons (search by code)',
    query: couponListQuerySchema,
    response: couponPageSchema,
  }),
  /** The filtered coupons as CSV: every filtered row in the list's order, streamed (csv.ts). */
  export: endpoint({
    method: 'GET',
    path: '/api/v1/admin/coupons/export',
    access: 'orders',
    file: true,
    summary: 'The filtered coupons as a CSV file',
    query: csvQuery(couponListQuerySchema),
    response: nothing,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/v1/admin/coupons/save',
    access: 'orders',
    summary: 'Create a coupon (no id) or update one',
    body: couponSaveBodySchema,
    response: couponSchema,
  }),
  del: endpoint({
    method: 'POST',
    path: '/api/v1/admin/coupons/del',
    access: 'orders',
    summary: 'Delete coupons',
    body: idsBodySchema,
    response: nothing,
  }),
  switch: endpoint({
    method: 'POST',
    path: '/api/v1/admin/coupons/switch',
    access: 'orders',
    summary: 'Enable or disable a coupon',
    body: onOffBodySchema,
    response: nothing,
  }),
  generate: endpoint({
    method: 'POST',
    path: '/api/v1/admin/coupons/generate',
    access: 'orders',
    summary: 'Generate a batch of coupons with random codes under the same terms',
    body: couponGenerateBodySchema,
    response: couponListSchema,
  }),
});

export const ADMIN_COUPON_PATHS = pathsOf(ADMIN_COUPON_API);

/** 交易订单 (/orders/orders): every user's orders, admins only (ACCESS.orders). */
export const ADMIN_ORDER_API = defineApi('orders', {
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/orders/fetch',
    access: 'orders',
    summary: 'List orders (status, user, plan, number, days), or one order by id',
    query: adminOrdersQuerySchema,
    response: orderPageSchema,
  }),
  /** The filtered orders as CSV: every filtered row in the list's order, streamed (csv.ts). */
  export: endpoint({
    method: 'GET',
    path: '/api/v1/admin/orders/export',
    access: 'orders',
    file: true,
    summary: 'The filtered orders as a CSV file',
    query: csvQuery(adminOrdersQuerySchema),
    response: nothing,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/v1/admin/orders/cancel',
    access: 'orders',
    summary: "Cancel a user's pending order",
    body: orderIdBodySchema,
    response: orderSchema,
  }),
  refund: endpoint({
    method: 'POST',
    path: '/api/v1/admin/orders/refund',
    access: 'orders',
    summary: "Refund a user's latest paid order to the balance",
    body: refundBodySchema,
    response: orderSchema,
  }),
});

export const ADMIN_ORDER_PATHS = pathsOf(ADMIN_ORDER_API);
