import '../messages';
import '../billing.css';
import { Card, Descriptions, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/formatters';
import { usePublicPlans, useSubscription } from '../api/billing';
import { BuyForm } from '../components/buy-form';
import { PlanCard } from '../components/plan-card';
import { planName, soldPeriods } from '../components/plan-text';

/** /user/plans 套餐购买: the current plan, expiry and usage; every plan on sale with its buy form. */
export default function BuyPlanPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const chosen = Number(params.get('plan')) || undefined;
  const plans = usePublicPlans();
  const sub = useSubscription();
  // Coming back from /price (after signing in): the chosen plan is scrolled into view.
  useEffect(() => {
    if (chosen && plans.data) document.querySelector(`[data-testid="plan-${chosen}"]`)?.scrollIntoView();
  }, [chosen, plans.data]);
  const current = sub.data;
  return (
    <Space orientation="vertical" size={16} className="billing-page" data-testid="buy-plan-page">
      <Card className="page-card">
        <PageHeader title={t('billing.current')} />
        {current && (
          <Descriptions column={{ xs: 1, sm: 3 }} data-testid="current-plan">
            <Descriptions.Item label={t('billing.plan')}>
              {planName(current.plan, i18n.language)}
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.expires')}>
              {current.expires_at ? formatDate(current.expires_at, '{y}-{m}-{d}') : t('billing.never')}
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.usage')}>
              {current.usage.sites} / {current.plan.limits.sites}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <div className="plan-grid">
        {(plans.data ?? []).map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            current={current?.plan.id === plan.id}
            action={soldPeriods(plan).length > 0 && <BuyForm plan={plan} />}
          />
        ))}
      </div>
    </Space>
  );
}
