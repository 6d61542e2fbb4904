import '../messages';
import '../tickets.css';
import { PlusOutlined } from '@ant-design/icons';
import { TICKET_API, TICKET_STATUSES, type Ticket, type TicketStatus } from '@tally/contracts';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ExportButton } from '../../../components/resource-table/export-button';
import { OptionFilter } from '../../../components/resource-table/list-filters';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { fetchOwnTickets, TICKETS_KEY } from '../api';
import { NewTicketDialog } from '../components/new-ticket-dialog';
import { statusOptions } from '../components/ticket-columns';
import { TicketsTable } from '../components/tickets-table';
import { useOpenTicket } from '../components/use-open-ticket';

type Filters = { status: TicketStatus | undefined };
const SORTS = ['-last_message_at', 'last_message_at', '-id', 'id'] as const;

/** /user/tickets 工单支持: the caller's tickets, a new ticket, and each conversation with its reply box. */
export default function MyTicketsPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [, open] = useOpenTicket();
  const list = useResourceList<Ticket, Filters, (typeof SORTS)[number]>({
    key: [...TICKETS_KEY, 'user', 'list'],
    fetch: (query) => fetchOwnTickets(query),
    filters: { status: TICKET_STATUSES },
    sort: '-last_message_at',
    sorts: SORTS,
  });
  return (
    <Card className="page-card" data-testid="my-tickets">
      <PageHeader title={t('tickets.myTitle')}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          data-testid="ticket-new"
        >
          {t('tickets.new')}
        </Button>
      </PageHeader>
      <p className="tickets-hint">{t('tickets.emptyHint')}</p>
      <div className="list-toolbar">
        <OptionFilter
          list={list}
          name="status"
          placeholder={t('tickets.allStatuses')}
          options={statusOptions(t, 'user')}
        />
        <ExportButton endpoint={TICKET_API.export} query={list.query} data-testid="tickets-export" />
      </div>
      <TicketsTable list={list} side="user" />
      {creating && (
        <NewTicketDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            open(id);
          }}
        />
      )}
    </Card>
  );
}
