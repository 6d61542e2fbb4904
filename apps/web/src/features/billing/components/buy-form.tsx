import { displayUsdt, type Plan, type PlanPeriod } from '@tally/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { formatDate } from '../../../lib/formatters';
import { fetchQuote, useBuy } from '../api';
import { planName, soldPeriods } from './plan-text';

/** Period, coupon, the server's quote (shown before paying) and the pay button of one plan. */
export function BuyForm({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation();
  const periods = soldPeriods(plan);
  const [period, setPeriod] = useState<PlanPeriod>(periods[0] ?? 'month');
  const [draft, setDraft] = useState('');
  const [coupon, setCoupon] = useState<string | undefined>();
  const quote = useQuery({
    queryKey: ['billing-quote', plan.id, period, coupon],
    queryFn: () => fetchQuote({ plan_id: plan.id, period, coupon }),
    retry: false,
  });
  const buy = useBuy();
  const { message } = useFeedback();
  // Refusals (short balance, coupon used up…) arrive as the request client's 422 notification.
  const pay = () =>
    buy.mutate(
      { plan_id: plan.id, period, coupon },
      {
        onSuccess: (order) => {
          const name = planName(plan, i18n.language);
          void message.success(
            order.expires_at
              ? t('billing.paid', { plan: name, date: formatDate(order.expires_at, '{y}-{m}-{d}') })
              : t('billing.paidLifetime', { plan: name }),
          );
        },
      },
    );
  const q = quote.data;
  return (
    <div className="plan-buy" data-testid={`buy-form-${plan.id}`}>
      <Select<PlanPeriod>
        value={period}
        onChange={setPeriod}
        options={periods.map((p) => ({ value: p, label: t(`billing.periods.${p}`) }))}
        aria-label={t('billing.period')}
        data-testid="buy-period"
      />
      <Input.Search
        placeholder={t('billing.coupon')}
        aria-label={t('billing.coupon')}
        enterButton={t('billing.apply')}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onSearch={(value) => setCoupon(value.trim() || undefined)}
        data-testid="buy-coupon"
      />
      {q && (
        <table className="quote-table" data-testid="buy-quote">
          <tbody>
            <tr>
              <td>{t(`billing.quote.kinds.${q.kind}`)}</td>
              <td>{displayUsdt(q.price)} USDT</td>
            </tr>
            {q.discount !== '0' && (
              <tr>
                <td>{t('billing.quote.discount')}</td>
                <td>-{displayUsdt(q.discount)} USDT</td>
              </tr>
            )}
            {q.credit !== '0' && (
              <tr>
                <td>{t('billing.quote.credit')}</td>
                <td>-{displayUsdt(q.credit)} USDT</td>
              </tr>
            )}
            <tr>
              <td>
                <strong>{t('billing.quote.total')}</strong>
              </td>
              <td data-testid="buy-total">
                <strong>{displayUsdt(q.total)} USDT</strong>
              </td>
            </tr>
            <tr>
              <td>{t('billing.quote.expires')}</td>
              <td>{q.expires_at ? formatDate(q.expires_at, '{y}-{m}-{d}') : t('billing.never')}</td>
            </tr>
          </tbody>
        </table>
      )}
      <Button type="primary" disabled={!q} loading={buy.isPending} onClick={pay} data-testid="buy-pay">
        {t('billing.buyNow')}
      </Button>
    </div>
  );
}
