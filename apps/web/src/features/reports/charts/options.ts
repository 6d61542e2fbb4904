import type { ChartOption } from '../../../components/charts/echarts-base';
import { formatMetric } from '../model/format';

export interface SeriesInput {
  name: string;
  values: (number | null)[];
  /** The previous period's line: dashed and lighter. */
  dashed?: boolean;
}

const tooltipValue = (metric: string) => (value: unknown) =>
  formatMetric(metric, typeof value === 'number' ? value : null);

/** Lines over time (or hours): the current period and, when compared, the previous one. */
export function lineOption(categories: string[], series: SeriesInput[], metric: string): ChartOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: tooltipValue(metric) },
    legend: { top: 0, type: 'plain' },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', boundaryGap: false, data: categories },
    yAxis: {
      type: 'value',
      minInterval: metric.endsWith('rate') ? undefined : 1,
      axisLabel: { formatter: (v: number) => formatMetric(metric, v) },
    },
    series: series.map((s) => ({
      type: 'line',
      name: s.name,
      data: s.values,
      smooth: true,
      showSymbol: s.values.length <= 31,
      lineStyle: s.dashed ? { type: 'dashed', opacity: 0.7 } : undefined,
      areaStyle: s.dashed ? undefined : { opacity: 0.08 },
    })),
  };
}

/** Shares of a whole (source types, engines, new vs returning). */
export function pieOption(slices: { name: string; value: number }[], metric: string): ChartOption {
  return {
    tooltip: { trigger: 'item', valueFormatter: tooltipValue(metric) },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['40%', '68%'],
        center: ['50%', '45%'],
        // Names are in the legend; the slices carry their share inside, so nothing spills off a
        // phone's edge, and slivers too thin to hold it go without.
        label: { position: 'inside', formatter: '{d}%', color: '#fff', fontSize: 11 },
        minShowLabelAngle: 18,
        data: slices,
      },
    ],
  };
}

/** Horizontal bars for top lists (countries, domains). */
export function barOption(bars: { name: string; value: number }[], metric: string): ChartOption {
  const top = [...bars].reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: tooltipValue(metric) },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      data: top.map((b) => b.name),
      axisLabel: { width: 120, overflow: 'truncate' },
    },
    series: [{ type: 'bar', data: top.map((b) => b.value), barMaxWidth: 18 }],
  };
}
