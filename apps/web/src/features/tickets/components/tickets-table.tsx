import type { Ticket } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { ResourceTable } from '../../../components/resource-table/resource-table';
import type { ResourceList } from '../../../components/resource-table/use-resource-list';
import type { TicketSide } from '../api';
import { ConversationDrawer } from './conversation-drawer';
import { ticketColumns } from './ticket-columns';
import { useOpenTicket } from './use-open-ticket';

/** The list of both pages (server paging and sorting) and the conversation its subjects open. */
export function TicketsTable({
  list,
  side,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: both lists' filters differ; the table reads only paging
  list: ResourceList<Ticket, any, any>;
  side: TicketSide;
}) {
  const { t } = useTranslation();
  const [openId, open, closeDrawer] = useOpenTicket();
  return (
    <>
      <ResourceTable
        list={list}
        columns={ticketColumns(t, side, open)}
        scrollX={side === 'admin' ? 820 : 680}
        emptyText={t('tickets.empty')}
        totalText={(n) => t('tickets.totalCount', { count: n })}
        data-testid={`tickets-${side}-table`}
      />
      {openId !== undefined && <ConversationDrawer side={side} id={openId} onClose={closeDrawer} />}
    </>
  );
}
