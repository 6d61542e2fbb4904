import { JOB_STATES, type JobRow, type JobState, QUEUE_API } from '@tally/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Segmented, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/resource-table/export-button';
import { formatDate } from '../../../lib/formatters';
import { QUEUE_KEY, queueApi } from '../api';
import { STATE_COLORS } from '../messages';
import { JobActions } from './job-actions';
import { JobDrawer } from './job-drawer';

export interface JobsView {
  queue: string;
  state?: JobState;
  keyword?: string;
  page: number;
  limit: number;
}

interface Props {
  view: JobsView;
  onChange(patch: Partial<JobsView>): void;
  refetchInterval: number | false;
}

/** One queue's jobs, by state, paged on the server, searched by id or by a value in the data. */
export function JobsTable({ view, onChange, refetchInterval }: Props) {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<string>();
  const jobs = useQuery({
    queryKey: [...QUEUE_KEY, 'jobs', view],
    queryFn: () => queueApi.jobs(view),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
  const columns: TableColumnsType<JobRow> = [
    {
      title: t('queueMonitor.id'),
      dataIndex: 'id',
      width: 120,
      render: (id: string) => (
        <Typography.Link
          href={`#job-${id}`}
          onClick={(event) => {
            event.preventDefault();
            setOpenId(id);
          }}
          data-testid="job-open"
        >
          {id.slice(0, 8)}
        </Typography.Link>
      ),
    },
    {
      title: t('queueMonitor.state'),
      dataIndex: 'state',
      width: 100,
      render: (state: JobState) => <Tag color={STATE_COLORS[state]}>{t(`queueMonitor.states.${state}`)}</Tag>,
    },
    {
      title: t('queueMonitor.created'),
      dataIndex: 'created_on',
      width: 170,
      render: (v: string) => formatDate(v),
    },
    {
      title: t('queueMonitor.attempts'),
      key: 'attempts',
      width: 90,
      render: (_, j) => `${j.retry_count} / ${j.retry_limit}`,
    },
    {
      title: t('queueMonitor.error'),
      dataIndex: 'error',
      ellipsis: { showTitle: true },
      render: (error: string | null, j) =>
        error ? <Typography.Text type="danger">{error}</Typography.Text> : j.data_preview,
    },
    {
      title: t('queueMonitor.actions'),
      key: 'actions',
      width: 200,
      render: (_, j) => <JobActions job={j} />,
    },
  ];
  return (
    <>
      <div className="list-toolbar">
        <Segmented<string>
          value={view.state ?? 'all'}
          onChange={(v) => onChange({ state: v === 'all' ? undefined : (v as JobState), page: 1 })}
          options={[
            { value: 'all', label: t('queueMonitor.allStates') },
            ...JOB_STATES.map((s) => ({ value: s, label: t(`queueMonitor.states.${s}`) })),
          ]}
          className="queue-states"
          aria-label={t('queueMonitor.state')}
          data-testid="job-states"
        />
        <Input.Search
          allowClear
          className="list-search"
          placeholder={t('queueMonitor.search')}
          aria-label={t('queueMonitor.search')}
          defaultValue={view.keyword}
          onSearch={(v) => onChange({ keyword: v.trim() || undefined, page: 1 })}
          data-testid="job-search"
        />
        <ExportButton endpoint={QUEUE_API.export} query={view} data-testid="jobs-export" />
      </div>
      <Table<JobRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={jobs.data?.list}
        loading={jobs.isLoading}
        scroll={{ x: 860 }}
        locale={{ emptyText: t('queueMonitor.noJobs') }}
        pagination={{
          current: view.page,
          pageSize: view.limit,
          total: jobs.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('queueMonitor.totalJobs', { count: total }),
          onChange: (page, limit) => onChange({ page, limit }),
        }}
        data-testid="jobs-table"
      />
      <JobDrawer
        queue={view.queue}
        id={openId}
        onClose={() => setOpenId(undefined)}
        refetchInterval={refetchInterval}
      />
    </>
  );
}
