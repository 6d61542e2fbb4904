import {
  ADMIN_USER_PATHS,
  type AdminUserAdjustBody,
  type AdminUserDetail,
  type AdminUserLedgerQuery,
  type AdminUserListQuery,
  type AdminUserPage,
  type AdminUserRow,
  type AdminUserSaveBody,
  type AdminUserSaveResponse,
  type LedgerPage,
  type UserStatus,
} from '@tally/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../lib/request';

/** The list's query key; every change invalidates it (and the open drawer's detail). */
export const USERS_KEY = ['admin-users'] as const;
const detailKey = (id: number) => [...USERS_KEY, 'detail', id] as const;

export const fetchUsers = (query: AdminUserListQuery) => get<AdminUserPage>(ADMIN_USER_PATHS.fetch, query);

export function useUserDetail(id: number | undefined) {
  return useQuery({
    queryKey: detailKey(id ?? 0),
    queryFn: () => get<AdminUserDetail>(ADMIN_USER_PATHS.detail, { id }),
    enabled: id !== undefined,
  });
}

/** A mutation that refreshes the list and the drawer once it succeeds. */
function useUsersMutation<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void client.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

export const useSaveUser = () =>
  useUsersMutation((body: AdminUserSaveBody) => post<AdminUserSaveResponse>(ADMIN_USER_PATHS.save, body));

export const useSwitchUser = () =>
  useUsersMutation((body: { id: number; status: UserStatus }) =>
    post<AdminUserRow>(ADMIN_USER_PATHS.switch, body),
  );

export const useResetPassword = () =>
  useUsersMutation((body: { id: number }) =>
    post<{ password: string }>(ADMIN_USER_PATHS.resetPassword, body),
  );

export const useAdjustBalance = () =>
  useUsersMutation((body: AdminUserAdjustBody) => post<AdminUserRow>(ADMIN_USER_PATHS.adjustBalance, body));

/** One page of a user's 资金明细, newest first (the drawer keeps its own page, not the URL's). */
export function useUserLedger(id: number, page: number) {
  return useQuery({
    queryKey: [...USERS_KEY, 'ledger', id, page],
    queryFn: () =>
      get<LedgerPage>(ADMIN_USER_PATHS.ledger, { id, page, limit: 10 } satisfies AdminUserLedgerQuery),
  });
}

export const useRevokeSession = () =>
  useUsersMutation((body: { id: number; session_id: number }) =>
    post<null>(ADMIN_USER_PATHS.revokeSession, body),
  );
