import { MAIL_API, MAIL_LOG_SORTS, MAIL_STATUSES, type MailLogRow, type MailStatus } from '@tally/contracts';
import { Card, Input, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ExportButton } from '../../../components/resource-table/export-button';
import { type ResourceColumns, ResourceTable } from '../../../components/resource-table/resource-table';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { formatDate } from '../../../lib/formatters';
import { addMessages } from '../../../lib/messages';
import { caller } from '../../../lib/request';

const en = {
  mailLog: {
    title: 'Mail log',
    search: 'Recipient or subject',
    allStatuses: 'All statuses',
    to: 'To',
    subject: 'Subject',
    status: 'Status',
    attempts: 'Tries',
    error: 'Last refusal',
    created: 'Queued at',
    sent: 'Sent at',
    statuses: { queued: 'Queued', sent: 'Sent', failed: 'Failed', stored: 'Kept (no SMTP)' },
    empty: 'No mail yet',
    total_one: '{{count}} mail',
    total: '{{count}} mails',
  },
};

const zh: typeof en = {
  mailLog: {
    title: '邮件记录',
    search: '收件人或主题',
    allStatuses: '全部状态',
    to: '收件人',
    subject: '主题',
    status: '状态',
    attempts: '尝试次数',
    error: '最近一次拒收原因',
    created: '创建时间',
    sent: '发送时间',
    statuses: { queued: '排队中', sent: '已发送', failed: '发送失败', stored: '已保存（未配置 SMTP）' },
    empty: '暂无邮件',
    total_one: '共 {{count}} 封',
    total: '共 {{count}} 封',
  },
};

addMessages({ en, zh });

const STATUS_COLOR: Record<MailStatus, string> = {
  queued: 'processing',
  sent: 'success',
  failed: 'error',
  stored: 'default',
};

type Sort = (typeof MAIL_LOG_SORTS)[number];
type Filters = { status: MailStatus | undefined };

/** /admin/mailLog 邮件记录: every mail the server sent or kept, newest first; bodies are never shown. */
export default function MailLogPage() {
  const { t } = useTranslation();
  const list = useResourceList<MailLogRow, Filters, Sort>({
    key: ['mail-log'],
    fetch: caller(MAIL_API.fetch),
    filters: { status: MAIL_STATUSES },
    sort: '-id',
    sorts: MAIL_LOG_SORTS,
  });
  // The subject takes what the fixed columns leave (at least 130 px of the table's 1,000: no sideways scroll at 1280 px).
  const columns: ResourceColumns<MailLogRow> = [
    {
      title: t('mailLog.created'),
      dataIndex: 'created_at',
      sortKey: 'created_at',
      width: 150,
      render: (time: string) => formatDate(time),
    },
    // Addresses, subjects and the mail server's errors are data as stored, in no interface language.
    { title: t('mailLog.to'), dataIndex: 'to', width: 190, ellipsis: { showTitle: true }, userContent: true },
    { title: t('mailLog.subject'), dataIndex: 'subject', ellipsis: { showTitle: true }, userContent: true },
    {
      title: t('mailLog.status'),
      dataIndex: 'status',
      width: 120,
      render: (status: MailStatus) => (
        <Tag color={STATUS_COLOR[status]}>{t(`mailLog.statuses.${status}`)}</Tag>
      ),
    },
    { title: t('mailLog.attempts'), dataIndex: 'attempts', width: 80 },
    {
      title: t('mailLog.sent'),
      dataIndex: 'sent_at',
      width: 150,
      render: (time: string | null) => (time ? formatDate(time) : '—'),
    },
    {
      title: t('mailLog.error'),
      dataIndex: 'error',
      width: 180,
      userContent: true,
      render: (error: string) =>
        error ? (
          <Typography.Text type="danger" ellipsis={{ tooltip: error }}>
            {error}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Card className="page-card" data-testid="mail-log">
      <PageHeader title={t('mailLog.title')} />
      <div className="list-toolbar">
        <Input.Search
          allowClear
          className="list-search"
          placeholder={t('mailLog.search')}
          aria-label={t('mailLog.search')}
          defaultValue={list.query.keyword}
          onSearch={list.setKeyword}
          data-testid="mail-log-search"
        />
        <Select<MailStatus>
          allowClear
          className="list-search"
          placeholder={t('mailLog.allStatuses')}
          aria-label={t('mailLog.status')}
          value={list.filters.status}
          onChange={(status) => list.setFilters({ status })}
          options={MAIL_STATUSES.map((status) => ({ value: status, label: t(`mailLog.statuses.${status}`) }))}
          data-testid="mail-log-status"
        />
        <ExportButton endpoint={MAIL_API.export} query={list.query} data-testid="mail-export" />
      </div>
      <ResourceTable
        list={list}
        columns={columns}
        scrollX={1000}
        emptyText={t('mailLog.empty')}
        totalText={(total) => t('mailLog.total', { count: total })}
        data-testid="mail-log-table"
      />
    </Card>
  );
}
