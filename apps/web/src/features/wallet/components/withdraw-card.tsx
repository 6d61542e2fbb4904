import { displayUsdt, FINANCE_API } from '@tally/contracts';
import { Button, Card, Form, Input, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/resource-table/export-button';
import { useFeedback } from '../../../lib/feedback';
import { formatDate } from '../../../lib/formatters';
import { lazySchemas } from '../../../lib/zod-check';
import { useMyWithdrawals, useRechargeOptions, useWithdraw } from '../api';

const schemas = lazySchemas(() => import('../form-schemas'));

const COLOR: Record<string, string> = { pending: 'gold', approved: 'blue', paid: 'green', rejected: 'red' };

/** Withdraw: amount and a TRC20 address (base58check on the form and the server); the user's own withdrawals below. */
export function WithdrawCard() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const options = useRechargeOptions();
  const mine = useMyWithdrawals();
  const withdraw = useWithdraw();
  const [form] = Form.useForm<{ amount: string; address: string }>();
  // One id per filled-in form: a double click holds the money once.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());

  const submit = (v: { amount: string; address: string }) =>
    withdraw.mutate(
      { ...v, request_id: requestId },
      {
        onSuccess: () => {
          void message.success(t('walletFinance.withdrawn', { amount: v.amount }));
          form.resetFields();
          setRequestId(crypto.randomUUID());
        },
      },
    );
  const o = options.data;
  return (
    <Card className="page-card" title={t('walletFinance.withdraw')} data-testid="wallet-withdraw">
      {o && (
        <Typography.Paragraph type="secondary">
          {t('walletFinance.withdrawHint', {
            min: o.withdrawal_min,
            fee: o.withdrawal_fee,
            limit: o.withdrawal_daily_limit,
          })}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" onFinish={submit} data-testid="withdraw-form">
        <Form.Item
          name="amount"
          label={t('walletFinance.amount')}
          rules={[schemas.fieldRule('withdrawalCreateSchema', 'amount')]}
        >
          <Input inputMode="decimal" autoComplete="off" data-testid="withdraw-amount" />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('walletFinance.address')}
          rules={[schemas.fieldRule('withdrawalCreateSchema', 'address')]}
        >
          <Input autoComplete="off" spellCheck={false} data-testid="withdraw-address" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={withdraw.isPending} data-testid="withdraw-submit">
          {t('walletFinance.withdrawNow')}
        </Button>
      </Form>
      <List
        className="wallet-withdrawals"
        header={
          <div className="list-toolbar">
            <span>{t('walletFinance.history')}</span>
            <ExportButton endpoint={FINANCE_API.withdrawalExport} query={{}} data-testid="withdraw-export" />
          </div>
        }
        loading={mine.isLoading}
        locale={{ emptyText: t('walletFinance.noWithdrawals') }}
        dataSource={mine.data?.list ?? []}
        data-testid="withdraw-list"
        renderItem={(w) => (
          <List.Item>
            <span>
              {displayUsdt(w.amount)} USDT · {formatDate(w.created_at)}
              {w.reason ? ` · ${w.reason}` : ''}
            </span>
            <Tag color={COLOR[w.status]}>{t(`walletFinance.statuses.${w.status}`)}</Tag>
          </List.Item>
        )}
      />
    </Card>
  );
}
