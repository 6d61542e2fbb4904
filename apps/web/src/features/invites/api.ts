import { INVITE_API } from '@tally/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, caller } from '../../lib/request';

export const INVITE_KEY = ['invite-info'] as const;
export const INVITEES_KEY = ['invitees'] as const;
export const COMMISSIONS_KEY = ['commissions'] as const;

export const useInviteInfo = () => useQuery({ queryKey: INVITE_KEY, queryFn: () => call(INVITE_API.info) });

export const fetchInvitees = caller(INVITE_API.invitees);
export const fetchCommissions = caller(INVITE_API.commissions);

/** The whole commission balance → the balance; the figures and the wallet are read again. */
export function useMoveCommission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => call(INVITE_API.transfer, { request_id: requestId }),
    onSettled: () => {
      for (const key of [INVITE_KEY, ['wallet'], ['wallet-ledger']])
        void client.invalidateQueries({ queryKey: key });
    },
  });
}
