import {
  type Commission,
  type CommissionStatus,
  INVITE_PATHS,
  type Invitee,
  type InviteInfo,
  type WalletInfo,
} from '@tally/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageResult } from '../../../lib/page-result';
import { get, post } from '../../../lib/request';

export const INVITE_KEY = ['invite-info'] as const;
export const INVITEES_KEY = ['invitees'] as const;
export const COMMISSIONS_KEY = ['commissions'] as const;

export const useInviteInfo = () =>
  useQuery({ queryKey: INVITE_KEY, queryFn: () => get<InviteInfo>(INVITE_PATHS.info) });

export const fetchInvitees = (query: object) => get<PageResult<Invitee>>(INVITE_PATHS.invitees, query);
export const fetchCommissions = (query: { status?: CommissionStatus }) =>
  get<PageResult<Commission>>(INVITE_PATHS.commissions, query);

/** The whole commission balance → the balance; the figures and the wallet are read again. */
export function useMoveCommission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => post<WalletInfo>(INVITE_PATHS.transfer, { request_id: requestId }),
    onSettled: () => {
      for (const key of [INVITE_KEY, ['wallet'], ['wallet-ledger']])
        void client.invalidateQueries({ queryKey: key });
    },
  });
}
