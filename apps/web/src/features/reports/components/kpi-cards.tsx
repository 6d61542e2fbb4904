import type { Metrics } from '@tally/contracts';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { change, formatChange, formatMetric, isGoodChange } from '../model/format';

export type MetricName = keyof Metrics;

/** The change against the previous period, green when it is good news. */
export function ChangeTag({
  metric,
  current,
  previous,
}: {
  metric: string;
  current: number;
  previous?: number | null;
}) {
  const delta = change(current, previous);
  if (delta === null) return <span className="change is-flat">—</span>;
  const tone = delta === 0 ? 'is-flat' : isGoodChange(metric, delta) ? 'is-good' : 'is-bad';
  return <span className={`change ${tone}`}>{formatChange(delta)}</span>;
}

/** A row of headline figures; with a previous period each shows it and the change. */
export function KpiCards({
  metrics,
  previous,
  keys,
  loading,
}: {
  metrics?: Metrics;
  previous?: Metrics | null;
  keys: readonly MetricName[];
  loading?: boolean;
}) {
  const { t } = useTranslation();
  if (!metrics) return <Skeleton active paragraph={{ rows: 2 }} className="kpi-skeleton" />;
  return (
    <div className={`kpi-cards${loading ? ' is-loading' : ''}`} data-testid="kpi-cards">
      {keys.map((key) => (
        <div key={key} className="kpi-card" data-testid={`kpi-${key}`}>
          <div className="kpi-label">{t(`reports.metric.${key}`)}</div>
          <div className="kpi-value">{formatMetric(key, metrics[key])}</div>
          {previous && (
            <div className="kpi-previous">
              <span>
                {t('reports.previous')} {formatMetric(key, previous[key])}
              </span>
              <ChangeTag metric={key} current={metrics[key]} previous={previous[key]} />
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
