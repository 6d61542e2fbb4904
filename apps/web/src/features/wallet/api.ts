import { FINANCE_API, type LedgerListQuery, WALLET_API } from '@tally/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, caller } from '../../lib/request';

export const WALLET_KEY = ['wallet'] as const;
export const LEDGER_KEY = ['wallet-ledger'] as const;

// ---- balances and 资金明细 ----

export const useWalletInfo = () => useQuery({ queryKey: WALLET_KEY, queryFn: () => call(WALLET_API.info) });

export const fetchLedger = (query: LedgerListQuery) => call(WALLET_API.ledger, query);

/** Commission → balance; the balances and 资金明细 are read again afterwards. */
export function useCommissionTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: caller(WALLET_API.transfer),
    onSuccess: (info) => {
      client.setQueryData(WALLET_KEY, info);
      void client.invalidateQueries({ queryKey: LEDGER_KEY });
    },
  });
}

// ---- recharge and withdrawal ----

export const useRechargeOptions = () =>
  useQuery({ queryKey: ['recharge-options'], queryFn: () => call(FINANCE_API.rechargeOptions) });

/** The recharge being paid: polled every 3 s while it waits; once paid, the balances are read again. */
export function useRechargeStatus(id: number | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['recharge', id],
    enabled: id !== undefined,
    queryFn: async () => {
      const row = await call(FINANCE_API.rechargeStatus, { id });
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

export const createRecharge = (amount: string) => call(FINANCE_API.rechargeCreate, { amount });
export const cancelRecharge = (id: number) => call(FINANCE_API.rechargeCancel, { id });

export const WITHDRAWALS_KEY = ['my-withdrawals'] as const;
export const useMyWithdrawals = () =>
  useQuery({
    queryKey: WITHDRAWALS_KEY,
    queryFn: () => call(FINANCE_API.withdrawalList, { page: 1, limit: 10 }),
  });

export function useWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: caller(FINANCE_API.withdrawalCreate),
    onSuccess: () => {
      for (const queryKey of [WALLET_KEY, LEDGER_KEY, WITHDRAWALS_KEY])
        void client.invalidateQueries({ queryKey });
    },
  });
}
