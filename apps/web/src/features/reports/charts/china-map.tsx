import type { DimRow } from '@tally/contracts';
import { useMemo } from 'react';
import { formatMetric } from '../model/format';
import { EChart } from './echart';
import { type MapOption, mapProvinceName } from './echarts-map';

/** Visits by province on the map of China, darker where there are more. */
export function ChinaMap({
  rows,
  metric,
  label,
}: {
  rows: DimRow[];
  metric: 'visits' | 'pv';
  label: string;
}) {
  const option = useMemo<MapOption>(() => {
    const data = rows.map((row) => ({ name: mapProvinceName(row.key), value: row[metric] }));
    const max = Math.max(1, ...data.map((d) => d.value));
    return {
      tooltip: {
        trigger: 'item',
        formatter: (p: unknown) => {
          const { name, value } = p as { name: string; value?: number };
          return `${name}<br/>${label}: ${formatMetric(metric, Number.isFinite(value) ? value : 0)}`;
        },
      },
      visualMap: {
        min: 0,
        max,
        left: 8,
        bottom: 8,
        calculable: true,
        itemHeight: 100,
        inRange: { color: ['#e6f4ff', '#1677ff', '#003eb3'] },
      },
      series: [
        {
          type: 'map',
          map: 'china',
          roam: false,
          layoutCenter: ['50%', '55%'],
          layoutSize: '110%',
          label: { show: false },
          emphasis: { label: { show: true } },
          data,
        },
      ],
    };
  }, [rows, metric, label]);
  return <EChart option={option} height={420} testId="chart-china-map" />;
}
