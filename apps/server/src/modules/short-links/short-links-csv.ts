import { type ShortLink, SWITCH_LABELS } from '@tally/contracts';
import type { CsvSpec } from '../../lib/csv-export.js';

/** 短链管理 as CSV. */
export const SHORT_LINK_CSV: CsvSpec<ShortLink> = {
  file: 'short-links',
  columns: [
    { key: 'id' },
    { key: 'code' },
    { key: 'path' },
    { key: 'target', label: { zh: '目标地址', en: 'Target URL' } },
    { key: 'title' },
    { key: 'status', labels: SWITCH_LABELS },
    { key: 'clicks' },
    { key: 'max_visits' },
    { key: 'expires_at', time: true },
    { key: 'created_by_name' },
    { key: 'created_at', time: true },
    { key: 'updated_at', time: true },
  ],
};
