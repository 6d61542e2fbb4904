import type { AuditRow } from '@tally/contracts';
import type { CsvSpec } from '../../lib/csv-export.js';

/** 审计日志 as CSV: the action as its code (`users.create`), the values before and after as JSON. */
export const AUDIT_CSV: CsvSpec<AuditRow> = {
  file: 'audit-log',
  columns: [
    { key: 'id' },
    { key: 'created_at', time: true },
    { key: 'actor_id' },
    { key: 'actor_name' },
    { key: 'action' },
    { key: 'target', label: { zh: '对象', en: 'Target' } },
    { key: 'ip' },
    { key: 'before', value: (r) => (r.before == null ? '' : JSON.stringify(r.before)) },
    { key: 'after', value: (r) => (r.after == null ? '' : JSON.stringify(r.after)) },
  ],
};
