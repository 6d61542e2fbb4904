import { useMemo } from 'react';
import { AxisChart } from '../../../components/charts/axis-chart';

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
  const categories = useMemo(() => days.map((d) => d.slice(5)), [days]);
  const series = useMemo(() => [{ name, values }], [name, values]);
  return (
    <AxisChart
      kind={type}
      categories={categories}
      series={series}
      height={240}
      testId={testId}
      minInterval={1}
      symbols={false}
    />
  );
}
