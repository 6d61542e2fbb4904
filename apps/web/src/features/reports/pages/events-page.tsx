import type { EventRow, EventsReport } from '@tally/contracts';
import { Empty, Table, type TableColumnType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { InlineCode } from '../../../components/inline-code';
import { USER_CONTENT, userCell } from '../../../components/user-text';
import { useReport, useReportTable } from '../api';
import { lineOption } from '../charts/options';
import { ReportChart } from '../charts/report-chart';
import { ReportCard, ReportPage } from '../components/report-page';
import { ReportTable } from '../components/report-table';
import { formatMetric, formatRate } from '../model/format';
import { useRangeParams } from '../model/range-store';
import { axisLabels } from '../model/time-keys';

type Counts = EventsReport['totals'];

/** The event's name inside a card title (`<name>…</name>` in the message) is marked as user data. */
const NAMED = { name: <span {...USER_CONTENT} /> };

/** The two headline figures in the report kit's KPI card style (they are not visit metrics). */
function EventKpis({ totals, loading }: { totals?: Counts; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`kpi-cards${loading ? ' is-loading' : ''}`} data-testid="kpi-cards">
      {(['count', 'visitors'] as const).map((key) => (
        <div key={key} className="kpi-card" data-testid={`kpi-${key}`}>
          <div className="kpi-label">{t(`reports.events.${key}`)}</div>
          <div className="kpi-value">{formatMetric(key, totals?.[key])}</div>
        </div>
      ))}
    </div>
  );
}

/**
 * `/site/events` 事件统计: custom events by name (a click picks one), the picked event by day, and
 * its properties. Without a pick the server describes the most frequent event.
 */
export default function EventsPage() {
  const { t } = useTranslation();
  const range = useRangeParams();
  const [picked, setPicked] = useState<string | undefined>();
  const names = useReportTable('events', '-count');
  // The series and properties of the picked event (the names table's own call describes the top one).
  const detail = useReport('events', { ...range, limit: 1, ...(picked ? { name: picked } : {}) });
  const data = names.query.data;
  const shown = detail.data;
  const option = useMemo(
    () =>
      lineOption(
        axisLabels((shown?.days ?? []).map((d) => d.key)),
        [
          { name: t('reports.events.count'), values: (shown?.days ?? []).map((d) => d.count) },
          {
            name: t('reports.events.visitors'),
            values: (shown?.days ?? []).map((d) => d.visitors),
            dashed: true,
          },
        ],
        'count',
      ),
    [shown, t],
  );
  // Event names, property keys and values are the site's own words (user data for the language walk).
  const nameColumns: TableColumnType<EventRow>[] = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('reports.events.name'),
      render: (name: string) => (
        <Typography.Link onClick={() => setPicked(name)} data-testid="event-name">
          {name}
        </Typography.Link>
      ),
      onCell: userCell,
    },
    { key: 'count', dataIndex: 'count', title: t('reports.events.count'), align: 'right' },
    { key: 'visitors', dataIndex: 'visitors', title: t('reports.events.visitors'), align: 'right' },
    {
      key: 'ratio',
      dataIndex: 'ratio',
      title: t('reports.metric.ratio'),
      align: 'right',
      render: (v: number) => formatRate(v),
    },
  ];
  const propColumns: TableColumnType<EventsReport['props'][number]>[] = [
    { key: 'key', dataIndex: 'key', title: t('reports.events.key'), onCell: userCell },
    { key: 'value', dataIndex: 'value', title: t('reports.events.value'), onCell: userCell },
    { key: 'count', dataIndex: 'count', title: t('reports.events.count'), align: 'right' },
    { key: 'visitors', dataIndex: 'visitors', title: t('reports.events.visitors'), align: 'right' },
  ];
  const name = shown?.name ?? '';
  return (
    <ReportPage title="events" period={data?.period}>
      <EventKpis totals={data?.totals} loading={names.query.isFetching} />
      {data && data.total === 0 ? (
        <ReportCard>
          <Empty description={<InlineCode text={t('reports.events.none')} />} data-testid="events-empty" />
        </ReportCard>
      ) : (
        <>
          <ReportCard title={t('reports.title.events')}>
            {/* In the body, not the card's `extra`: at 375 px a long hint there squeezed the title to one letter. */}
            <Typography.Paragraph type="secondary">{t('reports.events.pick')}</Typography.Paragraph>
            <ReportTable table={names} columns={nameColumns} rowKey="name" testId="table-events" />
          </ReportCard>
          <ReportCard title={<Trans i18nKey="reports.events.byDay" values={{ name }} components={NAMED} />}>
            <ReportChart spec={option} height={280} testId="chart-events" />
          </ReportCard>
          <ReportCard title={<Trans i18nKey="reports.events.props" values={{ name }} components={NAMED} />}>
            <Table
              className="report-table"
              size="small"
              rowKey={(r) => `${r.key}\u0000${r.value}`}
              loading={detail.isFetching}
              columns={propColumns}
              dataSource={shown?.props ?? []}
              scroll={{ x: 'max-content' }}
              pagination={{ pageSize: 20, size: 'small', showSizeChanger: false }}
              data-testid="table-event-props"
            />
          </ReportCard>
        </>
      )}
    </ReportPage>
  );
}
