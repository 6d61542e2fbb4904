import '../messages';
import '../billing.css';
import { type Coupon, displayUsdt } from '@tally/contracts';
import { Card, Empty, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicShell } from '../../../components/public-shell';
import { formatDate } from '../../../lib/formatters';
import { usePublicPlans, useShownCoupons } from '../api';
import { planName } from '../components/plan-text';

/** /discount: the coupons an admin marked shown, with their terms. */
export default function DiscountPage() {
  const { t, i18n } = useTranslation();
  const coupons = useShownCoupons();
  const plans = usePublicPlans();
  const zh = i18n.language.startsWith('zh');
  const terms = (c: Coupon) => {
    const names = c.plan_ids
      .map((id) => plans.data?.find((p) => p.id === id))
      .filter((p) => p !== undefined)
      .map((p) => planName(p, i18n.language));
    return [
      names.length ? `${t('billing.plan')}: ${names.join(', ')}` : null,
      c.periods.length
        ? `${t('billing.period')}: ${c.periods.map((p) => t(`billing.periods.${p}`)).join(', ')}`
        : null,
      c.ends_at ? `${t('billing.expires')}: ${formatDate(c.ends_at, '{y}-{m}-{d}')}` : null,
      c.per_user_limit ? `${t('billing.admin.perUser')}: ${c.per_user_limit}` : null,
    ].filter(Boolean);
  };
  return (
    <PublicShell>
      <Typography.Title level={2} className="page-title">
        {t('billing.discountTitle')}
      </Typography.Title>
      {coupons.data && coupons.data.length === 0 && <Empty description={t('billing.discountEmpty')} />}
      <div className="plan-grid" data-testid="discount-list">
        {(coupons.data ?? []).map((c) => (
          <Card
            key={c.id}
            title={
              <Typography.Text copyable code>
                {c.code}
              </Typography.Text>
            }
          >
            <Typography.Title level={3}>
              {c.kind === 'percent' ? `-${c.percent}%` : `-${displayUsdt(c.amount ?? '0')} USDT`}
            </Typography.Title>
            {(zh ? c.note_zh : c.note_en) && (
              <Typography.Paragraph>{zh ? c.note_zh : c.note_en}</Typography.Paragraph>
            )}
            {terms(c).map((line) => (
              <Tag key={line}>{line}</Tag>
            ))}
          </Card>
        ))}
      </div>
    </PublicShell>
  );
}
