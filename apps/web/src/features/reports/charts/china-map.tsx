import { type DimRow, shortProvinceName } from '@tally/contracts';
import { useMemo } from 'react';
import { EChart } from '../../../components/charts/echart';
import { usePageStyleStore } from '../../../stores/page-style';
import { formatMetric } from '../model/format';
// Also registers the map chart and the map of China (the module's side effects), not only the type.
import './echarts-map';
import type { MapOption } from './echarts-map';

/**
 * Visits by province on the map of China, darker where there are more; in dark mode the scale runs
 * from the card's grey to a bright blue instead, and provinces keep visible borders.
 */
const SCALE = {
  light: { range: ['#e6f4ff', '#1677ff', '#003eb3'], area: '#f3f3f3', border: '#bfbfbf' },
  dark: { range: ['#1d2b3d', '#1668dc', '#8dc5f8'], area: '#262626', border: '#595959' },
};

export function ChinaMap({
  rows,
  metric,
  label,
}: {
  rows: DimRow[];
  metric: 'visits' | 'pv';
  label: string;
}) {
  const dark = usePageStyleStore((s) => s.dark);
  const option = useMemo<MapOption>(() => {
    const scale = dark ? SCALE.dark : SCALE.light;
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
        inRange: { color: scale.range },
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
          itemStyle: { areaColor: scale.area, borderColor: scale.border },
          emphasis: { label: { show: true, color: dark ? '#fff' : '#000' } },
          data,
        },
      ],
    };
  }, [rows, metric, label, dark]);
  return <EChart option={option} height={420} testId="chart-china-map" />;
}
