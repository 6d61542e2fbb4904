import { EXACT_TABLE_DAYS } from '@tally/contracts';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toThousands } from '../../../lib/formatters';

/** What the server ranks each day's keys by over long periods: visits, or page views (pages, hosts). */
export type TopRanking = 'visits' | 'pv';

export interface TopPerDayNoticeProps {
  /** The answer's `top_per_day`: null (or not loaded yet) when the list holds every key. */
  topPerDay: number | null | undefined;
  rankedBy?: TopRanking;
  /** An estimated count of all keys when the answer has one (the IP table's `addresses`). */
  addresses?: number | null;
}

/** What a page adds to its table's notice from its own answer (DimTableCard, DimReport). */
export type TopPerDayExtras = Pick<TopPerDayNoticeProps, 'addresses'>;

/**
 * Over periods longer than EXACT_TABLE_DAYS a report table lists only each day's top keys, their
 * figures summed over the days they were among them, so the reader is told, above the table. Nothing
 * when the table holds every key.
 */
export function TopPerDayNotice({ topPerDay, rankedBy = 'visits', addresses }: TopPerDayNoticeProps) {
  const { t } = useTranslation();
  if (topPerDay == null) return null;
  const top = { days: EXACT_TABLE_DAYS, top: toThousands(topPerDay) };
  const text = rankedBy === 'pv' ? t('reports.topPerDay.byPv', top) : t('reports.topPerDay.byVisits', top);
  return (
    <Alert
      className="report-notice"
      type="info"
      showIcon
      title={
        addresses == null
          ? text
          : t('reports.topPerDay.addresses', { text, addresses: toThousands(addresses) })
      }
      data-testid="top-per-day-notice"
    />
  );
}

/** The overview's quieter line just above its top lists, for the same long periods. */
export function TopListsNote({ topPerDay }: { topPerDay: number | null | undefined }) {
  const { t } = useTranslation();
  if (topPerDay == null) return null;
  return (
    <Typography.Text type="secondary" className="top-lists-note" data-testid="top-lists-note">
      {t('reports.topPerDay.lists', { days: EXACT_TABLE_DAYS, top: toThousands(topPerDay) })}
    </Typography.Text>
  );
}
