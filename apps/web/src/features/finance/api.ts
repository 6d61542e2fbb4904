import {
  ADMIN_FINANCE_API,
  type EndpointInput,
  type RECHARGE_SORTS,
  type RechargeStatus,
  type TRANSFER_SORTS,
  type TransferStatus,
  type WITHDRAWAL_SORTS,
  type WithdrawalStatus,
} from '@tally/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../components/resource-table/use-resource-list';
import { call, caller } from '../../lib/request';

/** The filters each list keeps in its URL, as the fetch calls take them. */
export type AddressFilters = { keyword: string | undefined };
export type TransferFilters = Record<'address' | 'tx' | 'from' | 'to', string | undefined> & {
  status: TransferStatus | undefined;
};
/** The recharge and withdrawal lists: by user, address, transaction, status and days. */
export type PeopleFilters<S extends string = string> = Record<
  'user' | 'address' | 'tx' | 'from' | 'to',
  string | undefined
> & { status: S | undefined };

/** The finance lists' server sorts (the contracts' whitelists). */
export type TransferSort = (typeof TRANSFER_SORTS)[number];
export type RechargeSort = (typeof RECHARGE_SORTS)[number];
export type WithdrawalSort = (typeof WITHDRAWAL_SORTS)[number];

export const fetchAddresses = (q: ListQuery<AddressFilters, string>) =>
  call(ADMIN_FINANCE_API.addressesFetch, q);
export const fetchTransfers = (q: ListQuery<TransferFilters, TransferSort>) =>
  call(ADMIN_FINANCE_API.transfersFetch, q);
export const fetchRecharges = (q: ListQuery<PeopleFilters<RechargeStatus>, RechargeSort>) =>
  call(ADMIN_FINANCE_API.rechargesFetch, q);
export const fetchWithdrawals = (q: ListQuery<PeopleFilters<WithdrawalStatus>, WithdrawalSort>) =>
  call(ADMIN_FINANCE_API.withdrawalsFetch, q);

type FinanceCall = (typeof ADMIN_FINANCE_API)[keyof typeof ADMIN_FINANCE_API];

/** A finance action (one of the back-office calls): make it, then read the list (its key) again. */
export function useFinanceAction(key: readonly unknown[]) {
  const client = useQueryClient();
  return async <E extends FinanceCall>(endpoint: E, input: EndpointInput<E>) => {
    const result = await caller(endpoint)(input);
    await client.invalidateQueries({ queryKey: key });
    return result;
  };
}
