import { METRIC_KEYS, type Overview } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { byPeriod, Figure, PERIODS } from './overview-figures';

/**
 * The overview's headline figures on a phone: a line per metric with today's figure, and under it
 * yesterday, yesterday by this time and the forecast. Everything fits the screen; the table's
 * seven metric columns would not, and hid behind a sideways scroll nothing hinted at.
 */
export function OverviewKpiList({ data }: { data: Overview }) {
  const { t } = useTranslation();
  const figures = byPeriod(data);
  const [today, ...others] = PERIODS;
  return (
    <ul className="overview-list" data-testid="overview-kpis">
      {METRIC_KEYS.map((metric) => (
        <li key={metric}>
          <div className="overview-list-head">
            <span>{t(`reports.metric.${metric}`)}</span>
            <span>
              <small>{t(`reports.overview.${today}`)}</small>{' '}
              <strong>
                <Figure period={today} metric={metric} metrics={figures[today]} />
              </strong>
            </span>
          </div>
          <div className="overview-list-others">
            {others.map((period) => (
              <span key={period}>
                {t(`reports.overview.${period}`)}{' '}
                <Figure period={period} metric={metric} metrics={figures[period]} />
              </span>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
