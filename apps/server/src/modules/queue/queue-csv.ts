import { JOB_STATE_LABELS, type JobRow } from '@tally/contracts';
import type { CsvSpec } from '../../lib/csv-export.js';

/** 队列监控's jobs as CSV. */
export const JOB_CSV: CsvSpec<JobRow> = {
  file: 'jobs',
  columns: [
    { key: 'id' },
    { key: 'queue' },
    { key: 'state', labels: JOB_STATE_LABELS },
    { key: 'priority' },
    { key: 'retry_count' },
    { key: 'retry_limit' },
    { key: 'singleton_key' },
    { key: 'created_on', time: true },
    { key: 'started_on', time: true },
    { key: 'completed_on', time: true },
    { key: 'data_preview' },
    { key: 'error' },
  ],
};
