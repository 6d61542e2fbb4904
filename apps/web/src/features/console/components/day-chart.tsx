import { useMemo } from 'react';
import { EChart } from '../../../components/charts/echart';
import type { ChartOption } from '../../../components/charts/echarts-base';

/** Counts per day as bars (new users) or a line (events); the axis shows month-day. */
export function DayChart({
  days,
  values,
  name,
  type,
  testId,
}: {
  days: string[];
  values: number[];
  name: string;
  type: 'bar' | 'line';
  testId: string;
}) {
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: days.map((d) => d.slice(5)), boundaryGap: type === 'bar' },
      yAxis: { type: 'value', minInterval: 1 },
      series:
        type === 'bar'
          ? [{ type: 'bar', name, data: values, barMaxWidth: 14 }]
          : [
              {
                type: 'line',
                name,
                data: values,
                smooth: true,
                areaStyle: { opacity: 0.08 },
                showSymbol: false,
              },
            ],
    }),
    [days, values, name, type],
  );
  return <EChart option={option} height={240} testId={testId} />;
}
