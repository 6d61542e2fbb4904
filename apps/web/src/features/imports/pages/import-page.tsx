import { IMPORT_KINDS, type ImportItem, type ImportKind } from '@tally/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Popconfirm,
  Popover,
  Progress,
  Radio,
  Select,
  Space,
  Table,
  type TableColumnType,
  Tag,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/formatters';
import { useAppStore } from '../../../stores/app';
import { importsApi, importsKey } from '../api';
import '../messages';

const ACCEPT: Record<ImportKind, string> = { umami: '.csv,.gz', plausible: '.zip', log: '.log,.gz,.txt' };
const STATUS_COLOR = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  undone: 'default',
} as const;

/** /sites/import 导入历史: upload a site's history and follow each import's progress; undo one. */
export default function ImportPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const sites = useAppStore((s) => s.sites);
  const selected = useAppStore((s) => s.site);
  const [params, setParams] = useSearchParams();
  const siteId = Number(params.get('site')) || selected?.id || sites[0]?.id;
  const [kind, setKind] = useState<ImportKind>('umami');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [uploading, setUploading] = useState<number | null>(null);
  const client = useQueryClient();

  const list = useQuery({
    queryKey: importsKey(siteId ?? 0),
    queryFn: () => importsApi.list(siteId!),
    enabled: siteId !== undefined,
    // While an import runs, its progress is read every second.
    refetchInterval: (q) =>
      q.state.data?.list.some((i) => i.status === 'queued' || i.status === 'running') ? 1000 : false,
  });
  const refresh = () => client.invalidateQueries({ queryKey: importsKey(siteId ?? 0) });
  const start = useMutation({
    mutationFn: () =>
      importsApi.upload(
        siteId!,
        kind,
        files.map((f) => f.originFileObj as File),
        setUploading,
      ),
    onSuccess: (r) => {
      setFiles([]);
      void message[r.duplicate ? 'info' : 'success'](
        t(r.duplicate ? 'imports.duplicate' : 'imports.started'),
      );
      void refresh();
    },
    onSettled: () => setUploading(null),
  });
  const undo = useMutation({
    mutationFn: (id: number) => importsApi.undo({ id }),
    onSuccess: () => {
      void message.success(t('imports.undone'));
      void refresh();
    },
  });

  const columns: TableColumnType<ImportItem>[] = [
    { key: 'file', dataIndex: 'file_name', title: t('imports.file'), ellipsis: true },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('imports.kind'),
      render: (k: ImportKind) => t(`imports.kinds.${k}`),
    },
    {
      key: 'status',
      title: t('imports.status'),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Tag color={STATUS_COLOR[r.status]} data-testid="import-status">
            {t(`imports.statuses.${r.status}`)}
          </Tag>
          {r.failure && <Typography.Text type="danger">{r.failure}</Typography.Text>}
        </Space>
      ),
    },
    {
      key: 'progress',
      title: t('imports.progress'),
      width: 160,
      render: (_, r) => (
        <Progress
          percent={r.percent}
          size="small"
          status={r.status === 'failed' ? 'exception' : r.status === 'running' ? 'active' : undefined}
          data-testid="import-progress"
        />
      ),
    },
    {
      key: 'rows',
      title: t('imports.rows'),
      render: (_, r) =>
        t('imports.rowsValue', { done: r.rows_done.toLocaleString(), total: r.rows_total.toLocaleString() }),
    },
    { key: 'written', dataIndex: 'rows_written', title: t('imports.written'), align: 'right' },
    { key: 'skipped', dataIndex: 'rows_skipped', title: t('imports.skipped'), align: 'right' },
    {
      key: 'errors',
      title: t('imports.errors'),
      align: 'right',
      render: (_, r) =>
        r.error_count > 0 ? (
          <Popover content={r.errors.map((e) => <div key={e.line}>{t('imports.errorLine', e)}</div>)}>
            <Typography.Link>{r.error_count}</Typography.Link>
          </Popover>
        ) : (
          0
        ),
    },
    { key: 'created', title: t('imports.created'), render: (_, r) => formatDate(r.created_at) },
    {
      key: 'actions',
      render: (_, r) =>
        r.status === 'done' || r.status === 'failed' ? (
          <Popconfirm title={t('imports.undoConfirm')} onConfirm={() => undo.mutateAsync(r.id)}>
            <Button type="link" size="small" danger data-testid="import-undo">
              {t('imports.undo')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Space direction="vertical" size="middle" className="import-page" style={{ width: '100%' }}>
      <Card className="page-card">
        <PageHeader title={t('imports.title')}>
          <Select
            className="import-site"
            value={siteId}
            placeholder={t('imports.pickSite')}
            aria-label={t('imports.pickSite')}
            options={sites.map((s) => ({ value: s.id, label: s.name }))}
            onChange={(id: number) => setParams({ site: String(id) })}
            style={{ minWidth: 180 }}
            data-testid="import-site"
          />
        </PageHeader>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Radio.Group
            value={kind}
            onChange={(e) => {
              setKind(e.target.value);
              setFiles([]);
            }}
            optionType="button"
            options={IMPORT_KINDS.map((k) => ({ value: k, label: t(`imports.kinds.${k}`) }))}
            data-testid="import-kind"
          />
          <Typography.Paragraph type="secondary">{t(`imports.hints.${kind}`)}</Typography.Paragraph>
          <Upload.Dragger
            multiple={kind === 'umami'}
            maxCount={kind === 'umami' ? 2 : 1}
            accept={ACCEPT[kind]}
            fileList={files}
            beforeUpload={() => false}
            onChange={({ fileList }) => setFiles(fileList)}
            data-testid="import-drop"
          >
            <p>{t('imports.drop')}</p>
          </Upload.Dragger>
          <Button
            type="primary"
            disabled={!siteId || files.length === 0}
            loading={start.isPending}
            onClick={() => start.mutate()}
            data-testid="import-start"
          >
            {uploading !== null ? t('imports.uploading', { percent: uploading }) : t('imports.start')}
          </Button>
        </Space>
      </Card>
      <Card className="page-card" title={t('imports.list')}>
        <Table
          size="small"
          rowKey="id"
          loading={list.isLoading}
          columns={columns}
          dataSource={list.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          pagination={false}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('imports.none')} />,
          }}
          data-testid="import-list"
        />
      </Card>
    </Space>
  );
}
