import { JOB_STATES, type JobState } from '@tally/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/formatters';
import { QUEUE_KEY, queueApi } from '../api';
import { JobsTable, type JobsView } from '../components/jobs-table';
import { QueueTable } from '../components/queue-table';
import { ThroughputChart } from '../components/throughput-chart';
import '../messages';
import '../queue.css';
import { usePageVisible } from '../use-page-visible';

const REFRESH_MS = 5000;
const LIMITS = [10, 20, 50, 100];

/** The jobs view from the URL (?queue=mail.send&state=failed&page=2), read back against its bounds. */
function readView(params: URLSearchParams): Omit<JobsView, 'queue'> & { queue?: string } {
  const state = params.get('state') as JobState | null;
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  return {
    queue: params.get('queue') || undefined,
    state: state && JOB_STATES.includes(state) ? state : undefined,
    keyword: params.get('keyword') || undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1,
    limit: LIMITS.includes(limit) ? limit : 20,
  };
}

/** /queue/queue 队列监控: pg-boss's queues, the last 24 hours, and one queue's jobs; refreshed every 5 s while shown. */
export default function QueuePage() {
  const { t } = useTranslation();
  const visible = usePageVisible();
  const [auto, setAuto] = useState(true);
  const refetchInterval = auto && visible ? REFRESH_MS : false;
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const queues = useQuery({ queryKey: [...QUEUE_KEY, 'queues'], queryFn: queueApi.queues, refetchInterval });
  const known = queues.data?.list.some((q) => q.name === view.queue);

  const setView = (patch: Partial<JobsView>) => {
    const next = { ...view, ...patch };
    const out = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) {
      const isDefault = (key === 'page' && value === 1) || (key === 'limit' && value === 20);
      if (value !== undefined && !isDefault) out.set(key, String(value));
    }
    setParams(out, { replace: true });
  };

  return (
    <Space orientation="vertical" size={16} className="queue-page" data-testid="queue-monitor">
      <Card className="page-card">
        <PageHeader title={t('queueMonitor.title')}>
          <Space size={8} wrap className="queue-refresh">
            <Switch
              size="small"
              checked={auto}
              onChange={setAuto}
              aria-label={t('queueMonitor.autoRefresh')}
              data-testid="queue-auto"
            />
            <Typography.Text type="secondary">
              {visible ? t('queueMonitor.autoRefresh') : t('queueMonitor.refreshPaused')}
            </Typography.Text>
            {queues.dataUpdatedAt ? (
              <Typography.Text type="secondary" data-testid="queue-updated">
                {t('queueMonitor.updatedAt', { time: formatDate(queues.dataUpdatedAt, '{h}:{i}:{s}') })}
              </Typography.Text>
            ) : null}
          </Space>
        </PageHeader>
        <QueueTable
          list={queues.data?.list}
          loading={queues.isLoading}
          selected={view.queue}
          onSelect={(queue, state) => setView({ queue, state, keyword: undefined, page: 1 })}
        />
      </Card>
      <Card
        className="page-card"
        title={`${t('queueMonitor.throughput')} · ${known ? view.queue : t('queueMonitor.allQueues')}`}
      >
        <ThroughputChart queue={known ? view.queue : undefined} refetchInterval={refetchInterval} />
      </Card>
      <Card className="page-card" title={known ? t('queueMonitor.jobs', { queue: view.queue }) : undefined}>
        {known && view.queue ? (
          <JobsTable
            key={view.queue}
            view={{ ...view, queue: view.queue }}
            onChange={setView}
            refetchInterval={refetchInterval}
          />
        ) : (
          <Typography.Text type="secondary">{t('queueMonitor.pickQueue')}</Typography.Text>
        )}
      </Card>
    </Space>
  );
}
