import { AxisChart } from '../../../components/charts/axis-chart';
import { HBarChart } from '../../../components/charts/hbar-chart';
import { PieChart } from '../../../components/charts/pie-chart';
import { formatMetric } from '../model/format';
import type { ChartSpec } from './options';

/** A report's chart, drawn in SVG; values read as the metric's figures do in the tables. */
export function ReportChart({ spec, height, testId }: { spec: ChartSpec; height: number; testId?: string }) {
  const format = (value: number) => formatMetric(spec.metric, value);
  if (spec.kind === 'pie')
    return <PieChart slices={spec.slices} height={height} testId={testId} format={format} />;
  if (spec.kind === 'bar')
    return <HBarChart bars={spec.bars} height={height} testId={testId} format={format} />;
  return (
    <AxisChart
      kind="line"
      categories={spec.categories}
      series={spec.series}
      height={height}
      testId={testId}
      format={format}
      legend
      minInterval={spec.metric.endsWith('rate') ? undefined : 1}
    />
  );
}
