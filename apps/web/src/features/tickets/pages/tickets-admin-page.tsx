import '../messages';
import '../tickets.css';
import {
  ADMIN_TICKET_API,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type Ticket,
  type TicketPriority,
  type TicketStatus,
} from '@tally/contracts';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ExportButton } from '../../../components/resource-table/export-button';
import { OptionFilter, TextFilter } from '../../../components/resource-table/list-filters';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { fetchAllTickets, TICKETS_KEY } from '../api';
import { statusOptions } from '../components/ticket-columns';
import { TicketsTable } from '../components/tickets-table';

type Filters = {
  status: TicketStatus | undefined;
  priority: TicketPriority | undefined;
  user: string | undefined;
};
const SORTS = ['-last_message_at', 'last_message_at', '-id', 'id'] as const;

/** /tickets/tickets 工单管理 (admins): every user's tickets, filtered by status, priority and user. */
export default function TicketsAdminPage() {
  const { t } = useTranslation();
  const list = useResourceList<Ticket, Filters, (typeof SORTS)[number]>({
    key: [...TICKETS_KEY, 'admin', 'list'],
    fetch: (query) => fetchAllTickets(query),
    filters: { status: TICKET_STATUSES, priority: TICKET_PRIORITIES, user: 'string' },
    sort: '-last_message_at',
    sorts: SORTS,
  });
  return (
    <Card className="page-card" data-testid="tickets-admin">
      <PageHeader title={t('tickets.adminTitle')} />
      <div className="list-toolbar">
        <OptionFilter
          list={list}
          name="status"
          placeholder={t('tickets.allStatuses')}
          options={statusOptions(t, 'admin')}
          data-testid="tickets-status"
        />
        <OptionFilter
          list={list}
          name="priority"
          placeholder={t('tickets.allPriorities')}
          options={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`tickets.priorities.${p}`) }))}
          data-testid="tickets-priority"
        />
        <TextFilter
          list={list}
          name="user"
          placeholder={t('tickets.userSearch')}
          data-testid="tickets-user"
        />
        <ExportButton endpoint={ADMIN_TICKET_API.export} query={list.query} data-testid="tickets-export" />
      </div>
      <TicketsTable list={list} side="admin" />
    </Card>
  );
}
