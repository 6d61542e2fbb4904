import {
  ADMIN_USER_API,
  type AdminUserSort,
  API_KEYS_API,
  type UserRole,
  type UserStatus,
} from '@tally/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../components/resource-table/use-resource-list';
import { call, caller } from '../../lib/request';

/** The list's query key; every change invalidates it (and the open drawer's detail). */
export const USERS_KEY = ['admin-users'] as const;
const detailKey = (id: number) => [...USERS_KEY, 'detail', id] as const;

/** The list's filters as the URL keeps them (`has_balance`: with '1', without '0'). */
export type UserFilters = {
  role: UserRole | undefined;
  status: UserStatus | undefined;
  from: string | undefined;
  to: string | undefined;
  has_balance: '1' | '0' | undefined;
};

export const fetchUsers = (query: ListQuery<UserFilters, AdminUserSort>) => call(ADMIN_USER_API.fetch, query);

export function useUserDetail(id: number | undefined) {
  return useQuery({
    queryKey: detailKey(id ?? 0),
    queryFn: () => call(ADMIN_USER_API.detail, { id }),
    enabled: id !== undefined,
  });
}

/** A mutation that refreshes the list and the drawer once it succeeds. */
function useUsersMutation<B, R>(mutate: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: mutate,
    onSuccess: () => void client.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

export const useSaveUser = () => useUsersMutation(caller(ADMIN_USER_API.save));

export const useSwitchUser = () => useUsersMutation(caller(ADMIN_USER_API.switch));

export const useResetPassword = () => useUsersMutation(caller(ADMIN_USER_API.resetPassword));

export const useAdjustBalance = () => useUsersMutation(caller(ADMIN_USER_API.adjustBalance));

export const useRevokeSession = () => useUsersMutation(caller(ADMIN_USER_API.revokeSession));

/** A user's API keys in the drawer (revoking one refreshes them with the rest). */
export function useUserApiKeys(id: number) {
  return useQuery({
    queryKey: [...USERS_KEY, 'api-keys', id],
    queryFn: () => call(API_KEYS_API.userFetch, { user_id: id }),
  });
}

export const useRevokeUserApiKey = () => useUsersMutation(caller(API_KEYS_API.userRevoke));

/** One page of a user's 资金明细, newest first (the drawer keeps its own page, not the URL's). */
export function useUserLedger(id: number, page: number) {
  return useQuery({
    queryKey: [...USERS_KEY, 'ledger', id, page],
    queryFn: () => call(ADMIN_USER_API.ledger, { id, page, limit: 10 }),
  });
}
