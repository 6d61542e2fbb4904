import type { MetricKey, Metrics, Overview } from '@tally/contracts';
import { formatMetric } from '../model/format';

/** The four columns of the overview's headline table, in order. */
export const PERIODS = ['today', 'yesterday', 'sameTime', 'predicted'] as const;
export type Period = (typeof PERIODS)[number];

export function byPeriod(data: Overview): Record<Period, Metrics> {
  return {
    today: data.today,
    yesterday: data.yesterday,
    sameTime: data.same_time_yesterday,
    predicted: data.predicted,
  };
}

/** One figure, with the test id both layouts share. */
export function Figure({ period, metric, metrics }: { period: Period; metric: MetricKey; metrics: Metrics }) {
  return <span data-testid={`overview-${period}-${metric}`}>{formatMetric(metric, metrics[metric])}</span>;
}
