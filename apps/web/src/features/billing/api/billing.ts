import {
  ADMIN_COUPON_PATHS,
  ADMIN_ORDER_PATHS,
  ADMIN_PLAN_PATHS,
  type AdminOrdersQuery,
  BILLING_PATHS,
  type Coupon,
  type CouponSaveBody,
  type Order,
  type Plan,
  type PlanSaveBody,
  type Quote,
  type QuoteBody,
  type Subscription,
} from '@tally/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../lib/request';

type PageOf<T> = { list: T[]; total: number; page: number; limit: number };

export const PLANS_KEY = ['billing-plans'] as const;
export const ORDERS_KEY = ['billing-orders'] as const;
export const SUBSCRIPTION_KEY = ['billing-subscription'] as const;
export const COUPONS_KEY = ['billing-coupons'] as const;

export const usePublicPlans = () =>
  useQuery({
    queryKey: PLANS_KEY,
    queryFn: async () => (await get<{ list: Plan[] }>(BILLING_PATHS.plans)).list,
  });
export const useShownCoupons = () =>
  useQuery({
    queryKey: ['billing-shown-coupons'],
    queryFn: async () => (await get<{ list: Coupon[] }>(BILLING_PATHS.discounts)).list,
  });
export const useSubscription = () =>
  useQuery({ queryKey: SUBSCRIPTION_KEY, queryFn: () => get<Subscription>(BILLING_PATHS.subscription) });

export const fetchQuote = (body: QuoteBody) => post<Quote>(BILLING_PATHS.quote, body);
export const fetchOwnOrders = (query: object) => get<PageOf<Order>>(BILLING_PATHS.orders, query);
export const fetchAdminOrders = (query: AdminOrdersQuery) =>
  get<PageOf<Order>>(ADMIN_ORDER_PATHS.fetch, query);

/** After anything that changes orders: the lists, the plan, the wallet read again. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    for (const key of [ORDERS_KEY, SUBSCRIPTION_KEY, ['wallet'], ['wallet-ledger'], PLANS_KEY, COUPONS_KEY])
      void client.invalidateQueries({ queryKey: key });
  };
}

/** Creates the order and pays it from the balance (a zero total comes back paid already). */
export function useBuy() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: QuoteBody) => {
      const order = await post<Order>(BILLING_PATHS.create, body);
      return order.status === 'paid' ? order : post<Order>(BILLING_PATHS.pay, { id: order.id });
    },
    onSettled: refresh,
  });
}

export function useOrderAction(path: 'pay' | 'cancel' | 'adminCancel' | 'refund') {
  const refresh = useRefresh();
  const url = {
    pay: BILLING_PATHS.pay,
    cancel: BILLING_PATHS.cancel,
    adminCancel: ADMIN_ORDER_PATHS.cancel,
    refund: ADMIN_ORDER_PATHS.refund,
  }[path];
  return useMutation({
    mutationFn: (body: { id: number; note?: string }) => post<Order>(url, body),
    onSettled: refresh,
  });
}

export const useAdminPlans = () =>
  useQuery({
    queryKey: [...PLANS_KEY, 'all'],
    queryFn: async () => (await get<{ list: Plan[] }>(ADMIN_PLAN_PATHS.fetch)).list,
  });
export const useAdminCoupons = () =>
  useQuery({
    queryKey: COUPONS_KEY,
    queryFn: async () => (await get<PageOf<Coupon>>(ADMIN_COUPON_PATHS.fetch, { page: 1, limit: 200 })).list,
  });

export function useSavePlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PlanSaveBody) => post<Plan>(ADMIN_PLAN_PATHS.save, body),
    onSuccess: refresh,
  });
}
export function useSaveCoupon() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ count, ...body }: CouponSaveBody & { count?: number }) =>
      count && count > 1
        ? post(ADMIN_COUPON_PATHS.generate, { ...body, count })
        : post<Coupon>(ADMIN_COUPON_PATHS.save, body),
    onSuccess: refresh,
  });
}
export function useSwitch(kind: 'plan' | 'coupon') {
  const refresh = useRefresh();
  const url = kind === 'plan' ? ADMIN_PLAN_PATHS.switch : ADMIN_COUPON_PATHS.switch;
  return useMutation({
    mutationFn: (body: { id: number; status: 0 | 1 }) => post(url, body),
    onSuccess: refresh,
  });
}
