import { JOB_STATES, type JobState, type QueueSummary } from '@tally/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmDanger } from '../../../lib/confirm';
import { useFeedback } from '../../../lib/feedback';
import { QUEUE_KEY, queueApi } from '../api';

interface Props {
  list: QueueSummary[] | undefined;
  loading: boolean;
  selected?: string;
  onSelect(queue: string, state?: JobState): void;
}

/** Every queue: policy, counts by state (a count opens those jobs), pause / resume, retry of all failed. */
export function QueueTable({ list, loading, selected, onSelect }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const client = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const refresh = () => client.invalidateQueries({ queryKey: QUEUE_KEY });

  const togglePause = async (q: QueueSummary) => {
    await queueApi.pause(q.name, !q.paused);
    await refresh();
  };
  const retryAll = async (q: QueueSummary) => {
    const question = t('queueMonitor.retryAllQuestion', { count: q.counts.failed, queue: q.name });
    if (!(await confirmDanger(modal, question, t('queueMonitor.retry')))) return;
    const { affected } = await queueApi.retry(q.name);
    message.success(t('queueMonitor.retried', { count: affected }));
    await refresh();
  };

  const columns: TableColumnsType<QueueSummary> = [
    {
      title: t('queueMonitor.queue'),
      dataIndex: 'name',
      width: 190,
      render: (name: string, q) => (
        <Space orientation="vertical" size={0}>
          <Button type="link" size="small" className="queue-name" onClick={() => onSelect(name)}>
            {name}
          </Button>
          {q.paused ? (
            <Tooltip title={t('queueMonitor.pausedHint')}>
              <Tag color="warning">{t('queueMonitor.paused')}</Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('queueMonitor.policy'),
      key: 'policy',
      width: 150,
      render: (_, q) => (
        <Space orientation="vertical" size={0} className="queue-policy">
          <span>{q.policy ? t(`queueMonitor.policies.${q.policy}`, { defaultValue: q.policy }) : '—'}</span>
          <span>
            {t('queueMonitor.retriesValue', { limit: q.retry_limit ?? 0, delay: q.retry_delay ?? 0 })}
            {q.retry_backoff ? ` · ${t('queueMonitor.backoff')}` : ''}
          </span>
        </Space>
      ),
    },
    ...JOB_STATES.map((state) => ({
      title: t(`queueMonitor.states.${state}`),
      key: state,
      align: 'right' as const,
      render: (_: unknown, q: QueueSummary) => {
        const n = q.counts[state];
        if (n === 0) return <span className="queue-zero">0</span>;
        return (
          <Button
            type="link"
            size="small"
            danger={state === 'failed'}
            onClick={() => onSelect(q.name, state)}
            data-testid={`count-${q.name}-${state}`}
          >
            {state === 'completed' && q.completed_estimated ? '≈ ' : ''}
            {n.toLocaleString()}
          </Button>
        );
      },
    })),
    {
      title: t('queueMonitor.actions'),
      key: 'actions',
      render: (_, q) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => togglePause(q)} data-testid={`pause-${q.name}`}>
            {q.paused ? t('queueMonitor.resume') : t('queueMonitor.pause')}
          </Button>
          {q.counts.failed > 0 ? (
            <Button size="small" danger onClick={() => retryAll(q)} data-testid={`retry-all-${q.name}`}>
              {t('queueMonitor.retryFailed')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      {holder}
      <Table<QueueSummary>
        rowKey="name"
        size="small"
        columns={columns}
        dataSource={list}
        loading={loading && !list}
        pagination={false}
        scroll={{ x: 960 }}
        rowClassName={(q) => (q.name === selected ? 'queue-row-selected' : '')}
        locale={{ emptyText: t('queueMonitor.noQueues') }}
        data-testid="queue-table"
      />
    </>
  );
}
