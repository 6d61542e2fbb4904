import '../messages';
import '../billing.css';
import { Space } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { usePublicPlans, useSubscription } from '../api';
import { BuyForm } from '../components/buy-form';
import { PlanCard } from '../components/plan-card';
import { PlanSummary } from '../components/plan-summary';
import { soldPeriods } from '../components/plan-text';

/** /user/plans 套餐购买: the current plan, expiry and usage; every plan on sale with its buy form. */
export default function BuyPlanPage() {
  const [params] = useSearchParams();
  const chosen = Number(params.get('plan')) || undefined;
  const plans = usePublicPlans();
  const sub = useSubscription();
  // Coming back from /price (after signing in): the chosen plan is scrolled into view.
  useEffect(() => {
    if (chosen && plans.data) document.querySelector(`[data-testid="plan-${chosen}"]`)?.scrollIntoView();
  }, [chosen, plans.data]);
  return (
    <Space orientation="vertical" size={16} className="billing-page" data-testid="buy-plan-page">
      <PlanSummary upgrade={false} />
      <div className="plan-grid">
        {(plans.data ?? []).map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            current={sub.data?.plan.id === plan.id}
            action={soldPeriods(plan).length > 0 && <BuyForm plan={plan} />}
          />
        ))}
      </div>
    </Space>
  );
}
