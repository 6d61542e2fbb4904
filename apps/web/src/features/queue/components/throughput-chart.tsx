import type { QueueHistory } from '@tally/contracts';
import { useQuery } from '@tanstack/react-query';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { QUEUE_KEY, queueApi } from '../api';

use([BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

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
  const box = useRef<HTMLDivElement>(null);
  const history = useQuery({
    queryKey: [...QUEUE_KEY, 'history', queue],
    queryFn: () => queueApi.history(queue),
    refetchInterval,
  });

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = init(element);
    const draw = (data: QueueHistory | undefined) =>
      chart.setOption({
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 40, right: 12, top: 32, bottom: 24 },
        xAxis: { type: 'category', data: data?.hours.map((h) => hourLabel(h.hour)) ?? [] },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          {
            name: t('queueMonitor.completedSeries'),
            type: 'bar',
            stack: 'ended',
            itemStyle: { color: '#52c41a' },
            data: data?.hours.map((h) => h.completed) ?? [],
          },
          {
            name: t('queueMonitor.failedSeries'),
            type: 'bar',
            stack: 'ended',
            itemStyle: { color: '#ff4d4f' },
            data: data?.hours.map((h) => h.failed) ?? [],
          },
        ],
      });
    draw(history.data);
    const observer = new ResizeObserver(() => element.clientWidth > 0 && chart.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [history.data, t]);

  return (
    <div
      ref={box}
      style={{ height: 240 }}
      data-testid="queue-chart"
      data-loaded={history.data ? 'yes' : 'no'}
    />
  );
}
