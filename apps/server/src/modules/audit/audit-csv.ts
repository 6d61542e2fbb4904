import { AUDIT_ACTION_LABELS, type AuditRow } from '@tally/contracts';
import type { CsvSpec } from '../../lib/csv-export.js';

const SYSTEM = { zh: '系统', en: 'System' } as const;

/**
 * 审计日志 as CSV: the action in words (保存系统设置, Settings saved; a code no label names stays as
 * it is), who acted as the list names them (the system when no account did), the values before and
 * after as JSON (recorded data, in no interface language).
 */
export const AUDIT_CSV: CsvSpec<AuditRow> = {
  file: 'audit-log',
  columns: [
    { key: 'id' },
    { key: 'created_at', time: true },
    { key: 'actor_id' },
    {
      key: 'actor_name',
      value: (r, lang) => r.actor_name || (r.actor_id ? `#${r.actor_id}` : SYSTEM[lang]),
    },
    { key: 'action', labels: AUDIT_ACTION_LABELS },
    { key: 'target', label: { zh: '对象', en: 'Target' } },
    { key: 'ip' },
    { key: 'before', value: (r) => (r.before == null ? '' : JSON.stringify(r.before)) },
    { key: 'after', value: (r) => (r.after == null ? '' : JSON.stringify(r.after)) },
  ],
};
