import { displayUsdt, type Plan } from '@tally/contracts';
import { Card, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { planDescription, planName, soldPeriods } from './plan-text';

/** One plan: name, prices per period, limits; `action` is the page's buy button or form. */
export function PlanCard({ plan, current, action }: { plan: Plan; current?: boolean; action?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const periods = soldPeriods(plan);
  return (
    <Card
      className={`plan-card${current ? ' plan-card-current' : ''}`}
      title={planName(plan, i18n.language)}
      extra={current ? <Tag color="blue">{t('billing.current')}</Tag> : null}
      data-testid={`plan-${plan.id}`}
    >
      {planDescription(plan, i18n.language) && (
        <Typography.Paragraph type="secondary">{planDescription(plan, i18n.language)}</Typography.Paragraph>
      )}
      <ul className="plan-prices">
        {periods.length === 0 ? (
          // Not the word "free" again: the free plan's name already says it (免费版 above 免费版).
          <li>{plan.is_free ? t('billing.free') : t('billing.notSold')}</li>
        ) : (
          periods.map((p) => (
            <li key={p}>
              {t('billing.perPeriod', {
                price: displayUsdt(plan.prices[p] ?? '0'),
                period: t(`billing.periods.${p}`),
              })}
            </li>
          ))
        )}
      </ul>
      <ul className="plan-limits">
        <li>{t('billing.limits.sites', { count: plan.limits.sites })}</li>
        <li>{t('billing.limits.pageviews', { n: plan.limits.monthly_pageviews.toLocaleString() })}</li>
        <li>{t('billing.limits.bots', { count: plan.limits.bots })}</li>
        <li>{t('billing.limits.retention', { n: plan.limits.retention_days })}</li>
      </ul>
      {action}
    </Card>
  );
}
