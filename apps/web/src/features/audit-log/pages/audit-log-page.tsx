import { AUDIT_API, AUDIT_SORTS, type AuditAction, type AuditRow } from '@tally/contracts';
import { Card, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  KNOWN_AUDIT_ACTIONS,
  useAuditActionLabel,
  useAuditActorName,
} from '../../../components/audit-actions';
import { PageHeader } from '../../../components/page-header';
import { DayRangeFilter } from '../../../components/resource-table/day-range-filter';
import { type ResourceColumns, ResourceTable } from '../../../components/resource-table/resource-table';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { formatDate } from '../../../lib/formatters';
import { addMessages } from '../../../lib/messages';
import { type AuditFilters, type AuditSort, fetchAudit } from '../api';
import '../audit-log.css';
import { ExportButton } from '../../../components/resource-table/export-button';
import { UserText } from '../../../components/user-text';
import { ChangeDiff } from '../components/change-diff';

const en = {
  auditLog: {
    title: 'Audit log',
    actor: 'Who',
    actorSearch: 'User id, name or email',
    action: 'What',
    allActions: 'All actions',
    target: 'Target',
    ip: 'From',
    time: 'When',
    before: 'Before',
    after: 'After',
    field: 'Field',
    value: '(value)',
    change: { added: 'added', removed: 'removed', changed: 'changed' },
    nothing: '(nothing recorded)',
    empty: 'No audit entries',
    total_one: '{{count}} entry',
    total: '{{count}} entries',
  },
};

const zh: typeof en = {
  auditLog: {
    title: '操作日志',
    actor: '操作人',
    actorSearch: '用户 ID、用户名或邮箱',
    action: '操作',
    allActions: '全部操作',
    target: '对象',
    ip: '来源 IP',
    time: '时间',
    before: '修改前',
    after: '修改后',
    field: '字段',
    value: '（值）',
    change: { added: '新增', removed: '删除', changed: '修改' },
    nothing: '（无记录）',
    empty: '暂无操作日志',
    total_one: '共 {{count}} 条',
    total: '共 {{count}} 条',
  },
};

addMessages({ en, zh });

/** /admin/auditLog 操作日志: who changed what, when and from where, with the values before and after. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const actionLabel = useAuditActionLabel();
  const actorName = useAuditActorName();
  const list = useResourceList<AuditRow, AuditFilters, AuditSort>({
    key: ['audit-log'],
    fetch: fetchAudit,
    filters: { actor: 'string', action: KNOWN_AUDIT_ACTIONS, from: 'string', to: 'string' },
    sort: '-id',
    sorts: AUDIT_SORTS,
  });
  const { from, to } = list.filters;
  const columns: ResourceColumns<AuditRow> = [
    {
      title: t('auditLog.time'),
      dataIndex: 'created_at',
      sortKey: 'created_at',
      width: 170,
      render: (time: string) => formatDate(time),
    },
    {
      title: t('auditLog.actor'),
      dataIndex: 'actor_name',
      render: (_: string, row) => (row.actor_name ? <UserText>{actorName(row)}</UserText> : actorName(row)),
    },
    { title: t('auditLog.action'), dataIndex: 'action', render: actionLabel },
    // A settings save names every key it changed: the cell keeps one line, the full text on hover.
    // The target is the record's own reference (`article:3`, the settings' keys): data, not words.
    {
      title: t('auditLog.target'),
      dataIndex: 'target',
      width: 260,
      userContent: true,
      ellipsis: { showTitle: true },
      render: (target: string) => target || '—',
    },
    { title: t('auditLog.ip'), dataIndex: 'ip', render: (ip: string) => ip || '—' },
  ];
  return (
    <Card className="page-card" data-testid="audit-log">
      <PageHeader title={t('auditLog.title')} />
      <div className="list-toolbar">
        <Input.Search
          allowClear
          className="list-search"
          placeholder={t('auditLog.actorSearch')}
          aria-label={t('auditLog.actorSearch')}
          defaultValue={list.filters.actor}
          onSearch={(actor) => list.setFilters({ actor: actor.trim() || undefined })}
          data-testid="audit-actor"
        />
        <Select<AuditAction>
          allowClear
          showSearch
          className="list-search"
          placeholder={t('auditLog.allActions')}
          aria-label={t('auditLog.allActions')}
          value={list.filters.action}
          onChange={(action) => list.setFilters({ action })}
          options={KNOWN_AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(action) }))}
          optionFilterProp="label"
          data-testid="audit-action"
        />
        <DayRangeFilter from={from} to={to} onChange={list.setFilters} data-testid="audit-days" />
        <ExportButton endpoint={AUDIT_API.export} query={list.query} data-testid="audit-export" />
      </div>
      <ResourceTable
        list={list}
        columns={columns}
        scrollX={900}
        emptyText={t('auditLog.empty')}
        totalText={(total) => t('auditLog.total', { count: total })}
        expandable={{
          // Secrets were redacted by the server before the row was written.
          expandedRowRender: (row) => <ChangeDiff before={row.before} after={row.after} />,
        }}
        data-testid="audit-table"
      />
    </Card>
  );
}
