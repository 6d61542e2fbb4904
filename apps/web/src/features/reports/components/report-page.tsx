import '../messages';
import type { Period } from '@tally/contracts';
import { Card, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { USER_CONTENT } from '../../../components/user-text';
import { useAppStore } from '../../../stores/app';
import type { ReportsMessages } from '../locales/en-US';
import { useRangeStore } from '../model/range-store';
import { useReportSource } from '../model/report-source';
import { RangeBar } from './range-bar';

export type ReportTitle = keyof ReportsMessages['title'];

/** The period the numbers cover, in the site's time zone, and the one compared with. */
function PeriodLine({ period }: { period?: Period }) {
  const { t } = useTranslation();
  const compare = useRangeStore((s) => s.compare);
  if (!period) return null;
  return (
    <Typography.Text type="secondary" className="period-line" data-testid="report-period">
      {t('reports.period', { from: period.from, to: period.to })} ({period.timezone})
      {compare && ` · ${t('reports.previousPeriod', { from: period.previous_from, to: period.previous_to })}`}
    </Typography.Text>
  );
}

/** Every report page: its title and site, the range bar, the period line, then its cards. */
export function ReportPage({
  title,
  period,
  withGranularity = false,
  children,
}: {
  title: ReportTitle;
  period?: Period;
  withGranularity?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const site = useAppStore((s) => s.site);
  const { preview } = useReportSource();
  return (
    <div className="report-page" data-testid={`report-${title}`}>
      <Card className="page-card report-head">
        <PageHeader title={t(`reports.title.${title}`)}>
          {!preview && site && title !== 'all' && (
            <Tag color="blue" {...USER_CONTENT}>
              {site.name}
            </Tag>
          )}
        </PageHeader>
        <RangeBar withGranularity={withGranularity} />
        <PeriodLine period={period} />
      </Card>
      {children}
    </div>
  );
}

/** A titled block of a report, with its actions (export) on the right. */
export function ReportCard({
  title,
  extra,
  children,
  testId,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="report-card" size="small" title={title} extra={extra} data-testid={testId}>
      {children}
    </Card>
  );
}
