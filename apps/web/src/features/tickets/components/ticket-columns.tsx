import type { Ticket, TicketPriority, TicketStatus } from '@tally/contracts';
import { Badge, Button, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { RelativeTime } from '../../../components/relative-time';
import type { ResourceColumns } from '../../../components/resource-table/resource-table';
import type { TicketSide } from '../api';

const STATUS_COLORS: Record<TicketStatus, string> = { open: 'orange', answered: 'green', closed: 'default' };
const PRIORITY_COLORS: Record<TicketPriority, string> = { low: 'default', normal: 'blue', high: 'red' };

/** The state in the words of the side reading it: "waiting for support" is "to answer" for admins. */
export function StatusTag({ status, side, t }: { status: TicketStatus; side: TicketSide; t: TFunction }) {
  const words = side === 'user' ? 'statuses' : 'adminStatuses';
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="ticket-status">
      {t(`tickets.${words}.${status}`)}
    </Tag>
  );
}

export const PriorityTag = ({ priority, t }: { priority: TicketPriority; t: TFunction }) => (
  <Tag color={PRIORITY_COLORS[priority]}>{t(`tickets.priorities.${priority}`)}</Tag>
);

/** The columns of both lists; the subject opens the conversation, its badge counts unread messages. */
export function ticketColumns(
  t: TFunction,
  side: TicketSide,
  onOpen: (id: number) => void,
): ResourceColumns<Ticket> {
  return [
    { title: '#', dataIndex: 'id', sortKey: 'id', width: 70 },
    ...(side === 'admin'
      ? [{ title: t('tickets.user'), dataIndex: 'username', key: 'user', userContent: true }]
      : []),
    {
      title: t('tickets.subject'),
      dataIndex: 'subject',
      userContent: true,
      render: (subject: string, ticket: Ticket) => (
        <Badge count={ticket.unread} size="small" offset={[8, 0]} title={t('tickets.unread')}>
          <Button
            type="link"
            className="ticket-subject"
            onClick={() => onOpen(ticket.id)}
            data-testid="ticket-open"
          >
            {subject}
          </Button>
        </Badge>
      ),
    },
    {
      title: t('tickets.priority'),
      dataIndex: 'priority',
      render: (p: TicketPriority) => <PriorityTag priority={p} t={t} />,
    },
    {
      title: t('tickets.status'),
      dataIndex: 'status',
      render: (s: TicketStatus) => <StatusTag status={s} side={side} t={t} />,
    },
    {
      title: t('tickets.updated'),
      dataIndex: 'last_message_at',
      sortKey: 'last_message_at',
      width: 170,
      render: (v: string) => <RelativeTime value={v} />,
    },
  ];
}

export const statusOptions = (t: TFunction, side: TicketSide) =>
  (['open', 'answered', 'closed'] as const).map((s) => ({
    value: s,
    label: t(`tickets.${side === 'user' ? 'statuses' : 'adminStatuses'}.${s}`),
  }));
