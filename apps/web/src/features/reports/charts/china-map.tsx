import { type DimRow, shortProvinceName } from '@tally/contracts';
import { useMemo } from 'react';
import { EChart } from '../../../components/charts/echart';
import { formatMetric } from '../model/format';
// Also registers the map chart and the map of China (the module's side effects), not only the type.
import './echarts-map';
import type { MapOption } from './echarts-map';

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
    // Provinces are stored in full (广东省, 广西壮族自治区); the map names them short (广东, 广西).
    const data = rows.map((row) => ({ name: shortProvinceName(row.key), value: row[metric] }));
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
        left: 0,
        bottom: 0,
        calculable: true,
        itemWidth: 12,
        itemHeight: 80,
        inRange: { color: ['#e6f4ff', '#1677ff', '#003eb3'] },
      },
      series: [
        {
          type: 'map',
          map: 'china',
          roam: false,
          // The map keeps its aspect ratio: sized by the box's narrower side, it never spills over.
          layoutCenter: ['55%', '50%'],
          layoutSize: '90%',
          label: { show: false },
          emphasis: { label: { show: true } },
          data,
        },
      ],
    };
  }, [rows, metric, label]);
  return <EChart option={option} height={420} testId="chart-china-map" />;
}
