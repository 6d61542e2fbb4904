import '../messages';
import '../billing.css';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublicShell } from '../../../components/public-shell';
import { useUserStore } from '../../../stores/user';
import { usePublicPlans } from '../api';
import { PlanCard } from '../components/plan-card';
import { soldPeriods } from '../components/plan-text';

/** Where buying a plan continues: 套餐购买 with the plan chosen (after signing in first, when needed). */
export const buyPath = (planId: number) => `/user/plans?plan=${planId}`;

/** /price: the plans on sale; buying signs in first, then comes back to the chosen plan. */
export default function PricePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useUserStore((s) => s.token !== '');
  const plans = usePublicPlans();
  const buy = (planId: number) =>
    navigate(signedIn ? buyPath(planId) : `/login?redirect=${encodeURIComponent(buyPath(planId))}`);
  return (
    <PublicShell>
      <Typography.Title level={2} className="page-title">
        {t('billing.priceTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('billing.priceIntro')}</Typography.Paragraph>
      <div className="plan-grid" data-testid="price-plans">
        {(plans.data ?? []).map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            action={
              soldPeriods(plan).length > 0 && (
                <Button type="primary" block onClick={() => buy(plan.id)} data-testid={`buy-${plan.id}`}>
                  {t('billing.buy')}
                </Button>
              )
            }
          />
        ))}
      </div>
    </PublicShell>
  );
}
