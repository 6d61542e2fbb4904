import { FINANCE_PATHS, type RechargeRow, type WithdrawalRow } from '@tally/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageResult } from '../../../lib/page-result';
import { get, post } from '../../../lib/request';
import { LEDGER_KEY, WALLET_KEY } from './wallet';

type UserRecharge = Omit<RechargeRow, 'username' | 'user_id'>;
type UserWithdrawal = Omit<WithdrawalRow, 'username' | 'user_id'>;
const paths = FINANCE_PATHS.user;

export interface RechargeOptions {
  min: string;
  max: string;
  expiry_minutes: number;
  withdrawal_min: string;
  withdrawal_fee: string;
  withdrawal_daily_limit: string;
  open: boolean;
}

export const useRechargeOptions = () =>
  useQuery({ queryKey: ['recharge-options'], queryFn: () => get<RechargeOptions>(paths.rechargeOptions) });

/** The recharge being paid: polled every 3 s while it waits; once paid, the balances are read again. */
export function useRechargeStatus(id: number | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['recharge', id],
    enabled: id !== undefined,
    queryFn: async () => {
      const row = await get<UserRecharge>(paths.rechargeStatus, { id });
      if (row.status === 'paid') {
        void client.invalidateQueries({ queryKey: WALLET_KEY });
        void client.invalidateQueries({ queryKey: LEDGER_KEY });
      }
      return row;
    },
    refetchInterval: (q) =>
      q.state.data && q.state.data.status !== 'pending' && q.state.data.status !== 'expired' ? false : 3000,
  });
}

export const createRecharge = (amount: string) => post<UserRecharge>(paths.rechargeCreate, { amount });
export const cancelRecharge = (id: number) => post<UserRecharge>(paths.rechargeCancel, { id });

export const WITHDRAWALS_KEY = ['my-withdrawals'] as const;
export const useMyWithdrawals = () =>
  useQuery({
    queryKey: WITHDRAWALS_KEY,
    queryFn: () => get<PageResult<UserWithdrawal>>(paths.withdrawalList, { page: 1, limit: 10 }),
  });

export function useWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { amount: string; address: string; request_id: string }) =>
      post<UserWithdrawal>(paths.withdrawalCreate, body),
    onSuccess: () => {
      for (const queryKey of [WALLET_KEY, LEDGER_KEY, WITHDRAWALS_KEY])
        void client.invalidateQueries({ queryKey });
    },
  });
}
