import { METRIC_KEYS } from '@tally/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MetricName } from './kpi-cards';

/** Which metric a chart over time draws. */
export function MetricPicker({
  value,
  onChange,
}: {
  value: MetricName;
  onChange: (metric: MetricName) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select<MetricName>
      size="small"
      className="metric-picker"
      value={value}
      onChange={onChange}
      popupMatchSelectWidth={false}
      options={METRIC_KEYS.map((m) => ({ value: m, label: t(`reports.metric.${m}`) }))}
      aria-label={t('reports.metricPicker')}
      data-testid="metric-picker"
    />
  );
}
