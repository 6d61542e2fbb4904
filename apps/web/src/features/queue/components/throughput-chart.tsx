import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AxisChart } from '../../../components/charts/axis-chart';
import { QUEUE_KEY, queueApi } from '../api';

const hourLabel = (iso: string) => `${String(new Date(iso).getHours()).padStart(2, '0')}:00`;

/** Completed and failed jobs per hour over the last 24 hours, of one queue or of all. */
export function ThroughputChart({
  queue,
  refetchInterval,
}: {
  queue?: string;
  refetchInterval: number | false;
}) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: [...QUEUE_KEY, 'history', queue],
    queryFn: () => queueApi.history(queue),
    refetchInterval,
  });
  const hours = history.data?.hours;
  const categories = useMemo(() => (hours ?? []).map((h) => hourLabel(h.hour)), [hours]);
  const series = useMemo(
    () => [
      {
        name: t('queueMonitor.completedSeries'),
        color: '#52c41a',
        values: (hours ?? []).map((h) => h.completed),
      },
      { name: t('queueMonitor.failedSeries'), color: '#ff4d4f', values: (hours ?? []).map((h) => h.failed) },
    ],
    [hours, t],
  );

  return (
    <div data-testid="queue-chart" data-loaded={history.data ? 'yes' : 'no'}>
      <AxisChart
        kind="bar"
        stacked
        legend
        categories={categories}
        series={series}
        height={240}
        minInterval={1}
      />
    </div>
  );
}
