import '../messages';
import '../billing.css';
import type { Subscription } from '@tally/contracts';
import { Alert, Button, Card, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/formatters';
import { useSubscription } from '../api';
import { planName } from './plan-text';

/** Percent of a limit used, for the bar (a 0 limit is full at once). */
const percentOf = (used: number, limit: number) => (limit > 0 ? Math.min(100, (used / limit) * 100) : 100);

function UsageBar({
  label,
  used,
  limit,
  testId,
}: {
  label: string;
  used: number;
  limit: number;
  testId: string;
}) {
  const { i18n } = useTranslation();
  const n = (v: number) => v.toLocaleString(i18n.language);
  const percent = percentOf(used, limit);
  return (
    <div className="plan-usage" data-testid={testId}>
      <div className="plan-usage-label">
        <span>{label}</span>
        <span className="plan-usage-figure">
          {n(used)} / {n(limit)}
        </span>
      </div>
      <Progress
        percent={percent}
        showInfo={false}
        aria-label={label}
        size="small"
        status={used >= limit ? 'exception' : 'normal'}
        strokeColor={used < limit && percent >= 80 ? '#e6a23c' : undefined}
      />
    </div>
  );
}

/** The warnings the owner is told in the app: the monthly quota (80 %, 100 %) and a term ending soon. */
function PlanWarnings({ sub }: { sub: Subscription }) {
  const { t, i18n } = useTranslation();
  const quota = sub.plan.limits.monthly_pageviews;
  const percent = Math.floor((sub.usage.monthly_pageviews / Math.max(quota, 1)) * 100);
  const values = { quota: quota.toLocaleString(i18n.language), percent };
  return (
    <>
      {sub.quota_state !== 'ok' && (
        <Alert
          type={sub.quota_state === 'over' ? 'error' : 'warning'}
          showIcon
          title={t(`billing.summary.${sub.quota_state}`, values)}
          data-testid="quota-warning"
        />
      )}
      {sub.expires_soon && sub.expires_at && (
        <Alert
          type="warning"
          showIcon
          title={t('billing.summary.expiresSoon', { date: formatDate(sub.expires_at, '{y}-{m}-{d}') })}
          data-testid="expiry-warning"
        />
      )}
    </>
  );
}

/**
 * The user's plan, expiry and usage against its limits (sites, this month's page views, bots), with
 * the quota and expiry warnings: on the user's /dashboard and on 套餐购买 (/user/plans).
 * `upgrade`: the link to 套餐购买 (not on that page itself).
 */
export function PlanSummary({ upgrade = true }: { upgrade?: boolean }) {
  const { t, i18n } = useTranslation();
  const { data: sub } = useSubscription();
  if (!sub) return null;
  const { limits } = sub.plan;
  return (
    <Card
      className="page-card plan-summary"
      size="small"
      title={
        <span>
          {t('billing.summary.title')}:{' '}
          <span data-testid="current-plan">{planName(sub.plan, i18n.language)}</span>
        </span>
      }
      extra={
        upgrade && (
          <Link to="/user/plans">
            <Button size="small" type="link" data-testid="plan-upgrade">
              {t('billing.summary.upgrade')}
            </Button>
          </Link>
        )
      }
      data-testid="plan-summary"
    >
      <div className="plan-summary-expiry">
        {t('billing.expires')}:{' '}
        {sub.expires_at ? formatDate(sub.expires_at, '{y}-{m}-{d}') : t('billing.never')}
      </div>
      <div className="plan-usage-grid">
        <UsageBar
          label={t('billing.summary.sites')}
          used={sub.usage.sites}
          limit={limits.sites}
          testId="usage-sites"
        />
        <UsageBar
          label={`${t('billing.summary.pageviews')} (${sub.month})`}
          used={sub.usage.monthly_pageviews}
          limit={limits.monthly_pageviews}
          testId="usage-pageviews"
        />
        <UsageBar
          label={t('billing.summary.bots')}
          used={sub.usage.bots}
          limit={limits.bots}
          testId="usage-bots"
        />
      </div>
      <PlanWarnings sub={sub} />
    </Card>
  );
}
