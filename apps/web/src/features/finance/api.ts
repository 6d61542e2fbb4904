import {
  FINANCE_PATHS,
  type RechargeRow,
  type UsdtAddressRow,
  type UsdtTransferRow,
  type WithdrawalRow,
} from '@tally/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { PageResult } from '../../lib/page-result';
import { get, post } from '../../lib/request';

type Page<T> = PageResult<T> & { sum?: string };
/** A list's query (page, limit, sort and its filters), sent as it is. */
type AnyQuery = object;

export const fetchAddresses = (q: AnyQuery) => get<Page<UsdtAddressRow>>(FINANCE_PATHS.addresses.fetch, q);
export const fetchTransfers = (q: AnyQuery) => get<Page<UsdtTransferRow>>(FINANCE_PATHS.transfers.fetch, q);
export const fetchRecharges = (q: AnyQuery) => get<Page<RechargeRow>>(FINANCE_PATHS.recharges.fetch, q);
export const fetchWithdrawals = (q: AnyQuery) => get<Page<WithdrawalRow>>(FINANCE_PATHS.withdrawals.fetch, q);

/** A finance action: post, then read the list (its key) again. */
export function useFinanceAction(key: readonly unknown[]) {
  const client = useQueryClient();
  return async (path: string, body: unknown) => {
    const result = await post(path, body);
    await client.invalidateQueries({ queryKey: key });
    return result;
  };
}
