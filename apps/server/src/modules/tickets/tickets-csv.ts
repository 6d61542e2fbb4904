import { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS, type Ticket } from '@tally/contracts';
import type { CsvColumn, CsvSpec } from '../../lib/csv-export.js';

const COLUMNS: CsvColumn<Ticket>[] = [
  { key: 'id' },
  { key: 'user_id' },
  { key: 'username' },
  { key: 'subject' },
  { key: 'priority', labels: TICKET_PRIORITY_LABELS },
  { key: 'status', labels: TICKET_STATUS_LABELS },
  { key: 'created_at', time: true },
  { key: 'last_message_at', time: true },
  { key: 'closed_at', time: true },
];

/** 工单管理 as CSV. */
export const TICKET_CSV: CsvSpec<Ticket> = { file: 'tickets', columns: COLUMNS };
/** 工单支持 (the caller's own) as CSV. */
export const OWN_TICKET_CSV: CsvSpec<Ticket> = {
  file: 'tickets',
  columns: COLUMNS.filter((c) => c.key !== 'user_id' && c.key !== 'username'),
};
