import { ONLINE_WINDOW_MINUTES, type Online } from '@tally/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReport } from '../api';
import { ReportCard } from './report-page';

const REFRESH_MS = 30_000;

/**
 * Visitors of the last five minutes: first the overview's count, then the card asks again every 30
 * seconds on its own.
 */
export function OnlineCard({ initial }: { initial?: Online }) {
  const { t } = useTranslation();
  const { data } = useReport('online', {}, { refetchInterval: REFRESH_MS, initialData: initial });
  return (
    <ReportCard title={t('reports.overview.online')} testId="online-card">
      <div className="online-now">
        <span className="online-count" data-testid="online-count">
          {data?.visitors ?? '—'}
        </span>
        <Typography.Text type="secondary">
          {t('reports.overview.onlineViews', { count: data?.pageviews ?? 0 })}
        </Typography.Text>
      </div>
      <Typography.Text type="secondary" className="period-line">
        {t('reports.overview.onlineHint', { minutes: ONLINE_WINDOW_MINUTES })}
      </Typography.Text>
    </ReportCard>
  );
}
