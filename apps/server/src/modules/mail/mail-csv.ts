import { MAIL_STATUS_LABELS, type MailLogRow } from '@tally/contracts';
import type { CsvSpec } from '../../lib/csv-export.js';

/** 邮件日志 as CSV (never a body). */
export const MAIL_CSV: CsvSpec<MailLogRow> = {
  file: 'mail-log',
  columns: [
    { key: 'id' },
    { key: 'to' },
    { key: 'subject' },
    { key: 'status', labels: MAIL_STATUS_LABELS },
    { key: 'attempts' },
    { key: 'error' },
    { key: 'created_at', time: true },
    { key: 'sent_at', time: true },
  ],
};
