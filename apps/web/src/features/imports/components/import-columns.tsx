import type { ImportItem, ImportKind } from '@tally/contracts';
import {
  Button,
  Grid,
  Popconfirm,
  Popover,
  Progress,
  Space,
  type TableColumnType,
  Tag,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/formatters';

const STATUS_COLOR = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  undone: 'default',
} as const;

function Status({ item }: { item: ImportItem }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={0}>
      <Tag color={STATUS_COLOR[item.status]} data-testid="import-status">
        {t(`imports.statuses.${item.status}`)}
      </Tag>
      {item.failure && <Typography.Text type="danger">{item.failure}</Typography.Text>}
    </Space>
  );
}

function Percent({ item }: { item: ImportItem }) {
  return (
    <Progress
      percent={item.percent}
      // The figure stays a figure at 100 % (antd would draw a tick instead).
      format={(percent) => `${percent}%`}
      size="small"
      status={item.status === 'failed' ? 'exception' : item.status === 'running' ? 'active' : undefined}
      data-testid="import-progress"
    />
  );
}

/** The refused rows' count; the first ones with their line on hover. */
function Refused({ item }: { item: ImportItem }) {
  const { t } = useTranslation();
  if (item.error_count === 0) return <>0</>;
  return (
    <Popover
      content={item.errors.map((e) => <div key={`${e.line}:${e.message}`}>{t('imports.errorLine', e)}</div>)}
    >
      <Typography.Link data-testid="import-errors">{item.error_count.toLocaleString()}</Typography.Link>
    </Popover>
  );
}

const rowsText = (t: TFunction, item: ImportItem) =>
  t('imports.rowsValue', { done: item.rows_done.toLocaleString(), total: item.rows_total.toLocaleString() });

/**
 * The imports table's columns: every figure in its own column from the tablet up (they fit 1280 px
 * without scrolling); on a phone one column per import with its file, status, progress bar and figures
 * stacked, so the progress shows without scrolling sideways.
 */
export function useImportColumns(onUndo: (id: number) => Promise<unknown>): {
  columns: TableColumnType<ImportItem>[];
  narrow: boolean;
} {
  const { t } = useTranslation();
  const narrow = Grid.useBreakpoint().md === false;
  const kind = (k: ImportKind) => t(`imports.kindsShort.${k}`);
  const actions: TableColumnType<ImportItem> = {
    key: 'actions',
    width: narrow ? 56 : undefined,
    render: (_, r) =>
      r.status === 'done' || r.status === 'failed' ? (
        <Popconfirm title={t('imports.undoConfirm')} onConfirm={() => onUndo(r.id)}>
          <Button type="link" size="small" danger data-testid="import-undo">
            {t('imports.undo')}
          </Button>
        </Popconfirm>
      ) : null,
  };

  // A long file name (Umami's two tables) is cut to its start; the whole name on hover.
  const file = (r: ImportItem, width: number) => (
    <Typography.Text strong={narrow} ellipsis={{ tooltip: r.file_name }} style={{ maxWidth: width }}>
      {r.file_name}
    </Typography.Text>
  );

  if (narrow)
    return {
      narrow,
      columns: [
        {
          key: 'import',
          title: t('imports.list'),
          render: (_, r) => (
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              {file(r, 200)}
              <Space size={6} wrap>
                <Status item={r} />
                <Typography.Text type="secondary">
                  {kind(r.kind)} · {formatDate(r.created_at)}
                </Typography.Text>
              </Space>
              <Percent item={r} />
              <Typography.Text type="secondary">
                {t('imports.rows')} {rowsText(t, r)} · {t('imports.written')}{' '}
                {r.rows_written.toLocaleString()} · {t('imports.skipped')} {r.rows_skipped.toLocaleString()} ·{' '}
                {t('imports.errors')} <Refused item={r} />
              </Typography.Text>
            </Space>
          ),
        },
        actions,
      ],
    };

  const columns: TableColumnType<ImportItem>[] = [
    { key: 'file', title: t('imports.file'), render: (_, r) => file(r, 170) },
    { key: 'kind', dataIndex: 'kind', title: t('imports.kind'), render: kind },
    { key: 'status', title: t('imports.status'), render: (_, r) => <Status item={r} /> },
    { key: 'progress', title: t('imports.progress'), width: 130, render: (_, r) => <Percent item={r} /> },
    { key: 'rows', title: t('imports.rows'), render: (_, r) => rowsText(t, r) },
    {
      key: 'written',
      title: t('imports.written'),
      align: 'right',
      render: (_, r) => r.rows_written.toLocaleString(),
    },
    {
      key: 'skipped',
      title: t('imports.skipped'),
      align: 'right',
      render: (_, r) => r.rows_skipped.toLocaleString(),
    },
    { key: 'errors', title: t('imports.errors'), align: 'right', render: (_, r) => <Refused item={r} /> },
    { key: 'created', title: t('imports.created'), render: (_, r) => formatDate(r.created_at) },
    actions,
  ];
  return { columns, narrow };
}
