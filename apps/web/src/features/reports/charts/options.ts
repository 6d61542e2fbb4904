import type { AxisSeries } from '../../../components/charts/axis-chart';
import type { Slice } from '../../../components/charts/pie-chart';

export type SeriesInput = AxisSeries;

/**
 * What a report chart draws (ReportChart): lines over time, shares of a whole or a top list, with
 * the metric that formats its values.
 */
export type ChartSpec =
  | { kind: 'line'; categories: string[]; series: SeriesInput[]; metric: string }
  | { kind: 'pie'; slices: Slice[]; metric: string }
  | { kind: 'bar'; bars: Slice[]; metric: string };

/** Lines over time (or hours): the current period and, when compared, the previous one (dashed). */
export function lineOption(categories: string[], series: SeriesInput[], metric: string): ChartSpec {
  return { kind: 'line', categories, series, metric };
}

/** Shares of a whole (source types, engines, new vs returning). */
export function pieOption(slices: Slice[], metric: string): ChartSpec {
  return { kind: 'pie', slices, metric };
}

/** Horizontal bars for top lists (countries, domains), the first at the top. */
export function barOption(bars: Slice[], metric: string): ChartSpec {
  return { kind: 'bar', bars, metric };
}
