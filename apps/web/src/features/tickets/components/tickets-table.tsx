import type { Ticket } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { ResourceTable } from '../../../components/resource-table/resource-table';
import type { ResourceList } from '../../../components/resource-table/use-resource-list';
import type { TicketSide } from '../api';
import { ticketColumns } from './ticket-columns';

/** The list of both pages: server paging and sorting, the side's own empty text. */
export function TicketsTable({
  list,
  side,
  onOpen,
  emptyText,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: both lists' filters differ; the table reads only paging
  list: ResourceList<Ticket, any, any>;
  side: TicketSide;
  onOpen(id: number): void;
  emptyText: string;
}) {
  const { t } = useTranslation();
  return (
    <ResourceTable
      list={list}
      columns={ticketColumns(t, side, onOpen)}
      scrollX={side === 'admin' ? 820 : 680}
      emptyText={emptyText}
      totalText={(n) => t('tickets.totalCount', { count: n })}
      data-testid={`tickets-${side}-table`}
    />
  );
}
