import { ADMIN_TICKET_API, TICKET_API, type Ticket } from '@tally/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageResult } from '../../lib/page-result';
import { call, caller } from '../../lib/request';
import { useAppStore } from '../../stores/app';

/** Which list a page shows: the caller's own (工单支持) or every ticket (工单管理). */
export type TicketSide = 'user' | 'admin';

const API = { user: TICKET_API, admin: ADMIN_TICKET_API } as const;
export const TICKETS_KEY = ['tickets'] as const;

export const fetchOwnTickets = caller(TICKET_API.fetch);
export const fetchAllTickets = caller(ADMIN_TICKET_API.fetch);

/** The conversation; opening it marks it read, so the badge takes the server's new figure. */
export function useTicket(side: TicketSide, id: number | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...TICKETS_KEY, side, 'detail', id],
    enabled: id !== undefined,
    queryFn: async () => {
      const detail = await call(API[side].detail, { id });
      if (side === 'user') useAppStore.getState().setMsgNum(detail.unread_total);
      // The list's row has been read now: its badge goes without asking the server again.
      client.setQueriesData<PageResult<Ticket>>(
        { queryKey: [...TICKETS_KEY, side, 'list'] },
        (page) => page && { ...page, list: page.list.map((t) => (t.id === id ? { ...t, unread: 0 } : t)) },
      );
      return detail;
    },
  });
}

function useTicketMutation<B, R>(side: TicketSide, send: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: [...TICKETS_KEY, side] }),
  });
}

export const useCreateTicket = () => useTicketMutation('user', caller(TICKET_API.create));
export const useReply = (side: TicketSide) => useTicketMutation(side, caller(API[side].reply));
export const useCloseTicket = (side: TicketSide) => useTicketMutation(side, caller(API[side].close));
