import type { RechargeRow } from '@tally/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFeedback } from '../../../lib/feedback';
import { formatDate } from '../../../lib/formatters';
import { PLAYGROUND_KEY, playgroundApi, REFRESH_MS } from '../api';

/** 1 · the recharges waiting for payment, each payable on the fake chain. */
export function RechargesCard() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState<number>();
  const recharges = useQuery({
    queryKey: [...PLAYGROUND_KEY, 'recharges'],
    queryFn: playgroundApi.recharges,
    refetchInterval: REFRESH_MS,
  });

  const pay = async (r: RechargeRow) => {
    setPaying(r.id);
    try {
      const result = await playgroundApi.pay(r.id);
      if (result.recharge.status === 'paid')
        void message.success(t('playground.paid', { order: r.order_no, amount: r.payable }));
      else void message.warning(t('playground.notMatched', { status: result.recharge.status }));
      await queryClient.invalidateQueries({ queryKey: PLAYGROUND_KEY });
    } catch {
      // shown by the request layer
    } finally {
      setPaying(undefined);
    }
  };

  return (
    <Card
      className="page-card"
      title={t('playground.payTitle')}
      extra={<Link to="/user/wallet">{t('playground.openWallet')}</Link>}
      data-testid="playground-recharges"
    >
      <Typography.Paragraph type="secondary">{t('playground.payHint')}</Typography.Paragraph>
      <Table<RechargeRow>
        rowKey="id"
        size="small"
        pagination={false}
        loading={recharges.isLoading}
        dataSource={recharges.data?.list ?? []}
        locale={{ emptyText: t('playground.noRecharges') }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('playground.order'), dataIndex: 'order_no' },
          { title: t('playground.user'), dataIndex: 'username' },
          { title: t('playground.amount'), dataIndex: 'amount', align: 'right' },
          {
            title: t('playground.payable'),
            dataIndex: 'payable',
            align: 'right',
            render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
          },
          { title: t('playground.expires'), dataIndex: 'expires_at', render: (v: string) => formatDate(v) },
          {
            title: '',
            key: 'pay',
            render: (_: unknown, r: RechargeRow) => (
              <Button
                type="primary"
                size="small"
                loading={paying === r.id}
                disabled={paying !== undefined && paying !== r.id}
                onClick={() => void pay(r)}
                data-testid={`playground-pay-${r.id}`}
              >
                {t('playground.pay')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
