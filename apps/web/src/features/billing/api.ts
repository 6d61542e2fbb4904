import {
  ADMIN_COUPON_API,
  ADMIN_ORDER_API,
  ADMIN_PLAN_API,
  BILLING_API,
  type CouponSaveBody,
  type QuoteBody,
} from '@tally/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, caller } from '../../lib/request';

export const PLANS_KEY = ['billing-plans'] as const;
export const ORDERS_KEY = ['billing-orders'] as const;
export const SUBSCRIPTION_KEY = ['billing-subscription'] as const;
export const COUPONS_KEY = ['billing-coupons'] as const;

export const usePublicPlans = () =>
  useQuery({
    queryKey: PLANS_KEY,
    queryFn: async () => (await call(BILLING_API.plans)).list,
  });
export const useShownCoupons = () =>
  useQuery({
    queryKey: ['billing-shown-coupons'],
    queryFn: async () => (await call(BILLING_API.discounts)).list,
  });
export const useSubscription = () =>
  useQuery({ queryKey: SUBSCRIPTION_KEY, queryFn: () => call(BILLING_API.subscription) });

export const fetchQuote = caller(BILLING_API.quote);
export const fetchOwnOrders = caller(BILLING_API.orders);
export const fetchAdminOrders = caller(ADMIN_ORDER_API.fetch);

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
      const order = await call(BILLING_API.create, body);
      return order.status === 'paid' ? order : call(BILLING_API.pay, { id: order.id });
    },
    onSettled: refresh,
  });
}

/** The order actions of 我的订单 (pay, cancel) and 交易订单 (cancel, refund). */
const ORDER_ACTIONS = {
  pay: BILLING_API.pay,
  cancel: BILLING_API.cancel,
  adminCancel: ADMIN_ORDER_API.cancel,
  refund: ADMIN_ORDER_API.refund,
} as const;

export function useOrderAction(action: keyof typeof ORDER_ACTIONS) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { id: number; note?: string }) => call(ORDER_ACTIONS[action], body),
    onSettled: refresh,
  });
}

export const useAdminPlans = () =>
  useQuery({
    queryKey: [...PLANS_KEY, 'all'],
    queryFn: async () => (await call(ADMIN_PLAN_API.fetch)).list,
  });
export const useAdminCoupons = () =>
  useQuery({
    queryKey: COUPONS_KEY,
    queryFn: async () => (await call(ADMIN_COUPON_API.fetch, { page: 1, limit: 200 })).list,
  });

export function useSavePlan() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: caller(ADMIN_PLAN_API.save), onSuccess: refresh });
}
export function useSaveCoupon() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ count, ...body }: CouponSaveBody & { count?: number }) =>
      count && count > 1
        ? call(ADMIN_COUPON_API.generate, { ...body, count })
        : call(ADMIN_COUPON_API.save, body),
    onSuccess: refresh,
  });
}
export function useSwitch(kind: 'plan' | 'coupon') {
  const refresh = useRefresh();
  const endpoint = kind === 'plan' ? ADMIN_PLAN_API.switch : ADMIN_COUPON_API.switch;
  return useMutation({
    mutationFn: (body: { id: number; status: 0 | 1 }) => call(endpoint, body),
    onSuccess: refresh,
  });
}
