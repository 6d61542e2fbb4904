import {
  AUDIT_PATHS,
  AUDIT_SORTS,
  type AuditListQuery,
  type AuditPage,
  type AuditRow,
} from '@tally/contracts';
import { Card, Col, Input, Row, Select, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { DayRangeFilter } from '../../../components/resource-table/day-range-filter';
import { type ResourceColumns, ResourceTable } from '../../../components/resource-table/resource-table';
import { type ListQuery, useResourceList } from '../../../components/resource-table/use-resource-list';
import { formatDate } from '../../../lib/formatters';
import { addMessages } from '../../../lib/messages';
import { get } from '../../../lib/request';

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
    system: 'System',
    before: 'Before',
    after: 'After',
    nothing: '(nothing recorded)',
    empty: 'No audit entries',
    total: '{{count}} entries',
    actions: {
      'settings.update': 'Settings saved',
      'settings.test_mail': 'Test mail sent',
      'articles.create': 'Article created',
      'articles.update': 'Article edited',
      'articles.delete': 'Articles deleted',
      'articles.status': 'Article published / unpublished',
      'articles.pin': 'Article pinned / unpinned',
      'article_categories.save': 'Article category saved',
      'article_categories.delete': 'Article categories deleted',
      'files.upload': 'Files uploaded',
      'files.delete': 'Files deleted',
      'user.change_password': 'Password changed',
      'user.reset_password': 'Password reset',
    },
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
    system: '系统',
    before: '修改前',
    after: '修改后',
    nothing: '（无记录）',
    empty: '暂无操作日志',
    total: '共 {{count}} 条',
    actions: {
      'settings.update': '保存系统设置',
      'settings.test_mail': '发送测试邮件',
      'articles.create': '新建文章',
      'articles.update': '编辑文章',
      'articles.delete': '删除文章',
      'articles.status': '发布 / 撤回文章',
      'articles.pin': '置顶 / 取消置顶',
      'article_categories.save': '保存文章分类',
      'article_categories.delete': '删除文章分类',
      'files.upload': '上传素材',
      'files.delete': '删除素材',
      'user.change_password': '修改密码',
      'user.reset_password': '重置密码',
    },
  },
};

addMessages({ en, zh });

/** The actions the server records today; a newer one shows as its raw name. */
const KNOWN_ACTIONS = Object.keys(en.auditLog.actions);

type Sort = (typeof AUDIT_SORTS)[number];
type Filters = {
  actor: string | undefined;
  action: string | undefined;
  from: string | undefined;
  to: string | undefined;
};

const fetchAudit = (query: ListQuery<Filters, Sort>) =>
  get<AuditPage>(AUDIT_PATHS.fetch, query as AuditListQuery);

const changeStyle: CSSProperties = {
  maxHeight: 320,
  margin: '4px 0 0',
  padding: 8,
  overflow: 'auto',
  background: '#fafafa',
  border: '1px solid #f0f0f0',
  borderRadius: 4,
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
};

/** One side of a change as indented JSON; secrets were already redacted by the server. */
function ChangeSide({ title, value }: { title: string; value: unknown }) {
  const { t } = useTranslation();
  const empty = value === null || value === undefined;
  return (
    <Col xs={24} md={12}>
      <Typography.Text strong>{title}</Typography.Text>
      <pre style={changeStyle}>{empty ? t('auditLog.nothing') : JSON.stringify(value, null, 2)}</pre>
    </Col>
  );
}

/** /admin/auditLog 操作日志: who changed what, when and from where, with the values before and after. */
export default function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const list = useResourceList<AuditRow, Filters, Sort>({
    key: ['audit-log'],
    fetch: fetchAudit,
    filters: { actor: 'string', action: 'string', from: 'string', to: 'string' },
    sort: '-id',
    sorts: AUDIT_SORTS,
  });
  const { from, to } = list.filters;
  const actionLabel = (action: string) =>
    i18n.exists(`auditLog.actions.${action}`) ? t(`auditLog.actions.${action}`) : action;
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
      render: (name: string, row) => name || (row.actor_id ? `#${row.actor_id}` : t('auditLog.system')),
    },
    { title: t('auditLog.action'), dataIndex: 'action', render: actionLabel },
    // A settings save names every key it changed: the cell keeps one line, the full text on hover.
    {
      title: t('auditLog.target'),
      dataIndex: 'target',
      width: 260,
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
          defaultValue={list.filters.actor}
          onSearch={(actor) => list.setFilters({ actor: actor.trim() || undefined })}
          data-testid="audit-actor"
        />
        <Select<string>
          allowClear
          showSearch
          className="list-search"
          placeholder={t('auditLog.allActions')}
          value={list.filters.action}
          onChange={(action) => list.setFilters({ action })}
          options={KNOWN_ACTIONS.map((action) => ({ value: action, label: actionLabel(action) }))}
          optionFilterProp="label"
          data-testid="audit-action"
        />
        <DayRangeFilter from={from} to={to} onChange={list.setFilters} data-testid="audit-days" />
      </div>
      <ResourceTable
        list={list}
        columns={columns}
        scrollX={900}
        emptyText={t('auditLog.empty')}
        totalText={(total) => t('auditLog.total', { count: total })}
        expandable={{
          expandedRowRender: (row) => (
            <Row gutter={[12, 12]} data-testid="audit-change">
              <ChangeSide title={t('auditLog.before')} value={row.before} />
              <ChangeSide title={t('auditLog.after')} value={row.after} />
            </Row>
          ),
        }}
        data-testid="audit-table"
      />
    </Card>
  );
}
