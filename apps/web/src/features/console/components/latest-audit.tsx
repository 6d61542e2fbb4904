import type { AuditRow } from '@tally/contracts';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuditActionLabel, useAuditActorName } from '../../../components/audit-actions';
import { RelativeTime } from '../../../components/relative-time';
import '../messages';

/** The newest audit rows: when, who, what, from where (the full list with filters is 操作日志). */
export function LatestAudit({ rows }: { rows: AuditRow[] }) {
  const { t } = useTranslation();
  const actionLabel = useAuditActionLabel();
  const actorName = useAuditActorName();
  return (
    <Table<AuditRow>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 560 }}
      data-testid="console-audit"
      columns={[
        {
          title: t('console.time'),
          dataIndex: 'created_at',
          width: 160,
          render: (at: string) => <RelativeTime value={at} />,
        },
        {
          title: t('console.actor'),
          dataIndex: 'actor_name',
          render: (_: string, row) => actorName(row),
        },
        { title: t('console.action'), dataIndex: 'action', render: actionLabel },
        { title: t('console.ip'), dataIndex: 'ip', render: (ip: string) => ip || '—' },
      ]}
    />
  );
}
