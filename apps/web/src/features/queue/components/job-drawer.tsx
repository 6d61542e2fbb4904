import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Grid, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/formatters';
import { QUEUE_KEY, queueApi } from '../api';
import { STATE_COLORS } from '../messages';
import { JobActions } from './job-actions';

const time = (v: string | null) => (v ? formatDate(v) : '—');

function Json({ value, testId }: { value: unknown; testId?: string }) {
  return (
    <pre className="queue-pre" data-testid={testId}>
      {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** One job in full: data, output, error message and stack, timestamps, attempts, singleton key. */
export function JobDrawer({
  queue,
  id,
  onClose,
  refetchInterval,
}: {
  queue: string;
  id?: string;
  onClose(): void;
  refetchInterval: number | false;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const job = useQuery({
    queryKey: [...QUEUE_KEY, 'job', queue, id],
    queryFn: () => queueApi.job(queue, id as string),
    enabled: Boolean(id),
    refetchInterval,
  });
  const j = job.data;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      title={t('queueMonitor.jobDetail')}
      width={screens.md ? 640 : '100%'}
      destroyOnHidden
      data-testid="job-drawer"
    >
      {j ? (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('queueMonitor.id')}>
              <Typography.Text copyable>{j.id}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('queueMonitor.state')}>
              <Tag color={STATE_COLORS[j.state]} data-testid="job-state">
                {t(`queueMonitor.states.${j.state}`)}
              </Tag>
              {j.archived ? <Tag>{t('queueMonitor.archived')}</Tag> : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('queueMonitor.attempts')}>
              {j.retry_count} / {j.retry_limit}
            </Descriptions.Item>
            <Descriptions.Item label={t('queueMonitor.singletonKey')}>
              {j.singleton_key ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('queueMonitor.priority')}>{j.priority}</Descriptions.Item>
            <Descriptions.Item label={t('queueMonitor.created')}>{time(j.created_on)}</Descriptions.Item>
            <Descriptions.Item label={t('queueMonitor.startAfter')}>{time(j.start_after)}</Descriptions.Item>
            <Descriptions.Item label={t('queueMonitor.startedOn')}>{time(j.started_on)}</Descriptions.Item>
            <Descriptions.Item label={t('queueMonitor.ended')}>{time(j.completed_on)}</Descriptions.Item>
            <Descriptions.Item label={t('queueMonitor.keepUntil')}>{time(j.keep_until)}</Descriptions.Item>
          </Descriptions>
          <div className="queue-drawer-actions">
            <JobActions job={j} onDeleted={onClose} />
          </div>
          {j.error ? (
            <>
              <Typography.Title level={5}>{t('queueMonitor.error')}</Typography.Title>
              <Typography.Text type="danger" data-testid="job-error">
                {j.error}
              </Typography.Text>
              <Typography.Title level={5}>{t('queueMonitor.stack')}</Typography.Title>
              <pre className="queue-pre queue-stack" data-testid="job-stack">
                {j.stack ?? '—'}
              </pre>
            </>
          ) : null}
          <Typography.Title level={5}>{t('queueMonitor.data')}</Typography.Title>
          <Json value={j.data} testId="job-data" />
          <Typography.Title level={5}>{t('queueMonitor.output')}</Typography.Title>
          <Json value={j.output} />
        </>
      ) : null}
    </Drawer>
  );
}
