import { displayUsdt } from '@tally/contracts';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Popconfirm,
  QRCode,
  Space,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_CONTENT } from '../../../components/user-text';
import { useFeedback } from '../../../lib/feedback';
import { lazySchemas } from '../../../lib/zod-check';
import { cancelRecharge, createRecharge, useRechargeOptions, useRechargeStatus } from '../api';

const schemas = lazySchemas(() => import('../form-schemas'));

/**
 * Recharge: ask an amount, get the address and the exact payable amount (QR code, copy buttons), a
 * countdown to expiry and the status, polled until the chain watcher credits it.
 */
export function RechargeCard() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const options = useRechargeOptions();
  const [id, setId] = useState<number>();
  const [busy, setBusy] = useState(false);
  const status = useRechargeStatus(id);
  const [form] = Form.useForm<{ amount: string }>();
  const r = status.data;

  const start = async ({ amount }: { amount: string }) => {
    setBusy(true);
    try {
      setId((await createRecharge(amount)).id);
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    if (id === undefined) return;
    await cancelRecharge(id).catch(() => undefined);
    await status.refetch();
  };

  return (
    <Card className="page-card" title={t('walletFinance.recharge')} data-testid="wallet-recharge">
      {options.data?.open === false && <Alert type="warning" showIcon message={t('walletFinance.closed')} />}
      {!r && (
        <Form form={form} layout="inline" onFinish={(v) => void start(v)} className="wallet-recharge-form">
          <Form.Item
            name="amount"
            rules={[schemas.fieldRule('rechargeCreateSchema', 'amount')]}
            extra={options.data && t('walletFinance.range', { min: options.data.min, max: options.data.max })}
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('walletFinance.amount')}
              aria-label={t('walletFinance.amount')}
              data-testid="recharge-amount"
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={busy}
            disabled={options.data?.open === false}
            data-testid="recharge-start"
          >
            {t('walletFinance.start')}
          </Button>
        </Form>
      )}
      {r && (
        <Space orientation="vertical" size={12} className="wallet-recharge-pay" data-testid="recharge-pay">
          {r.status === 'paid' ? (
            <Alert
              type="success"
              showIcon
              message={t('walletFinance.paidNow', { amount: displayUsdt(r.payable) })}
              data-testid="recharge-paid"
            />
          ) : (
            <Alert type="info" showIcon message={t('walletFinance.payHint')} />
          )}
          <div className="wallet-recharge-grid">
            <QRCode value={r.address} size={148} bordered={false} />
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('walletFinance.payExactly')}>
                <Typography.Text strong copyable={{ text: r.payable }} data-testid="recharge-payable">
                  {r.payable} USDT
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('walletFinance.to')}>
                <Typography.Text
                  copyable
                  className="finance-mono"
                  data-testid="recharge-address"
                  {...USER_CONTENT}
                >
                  {r.address}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('walletFinance.status')}>
                <Tag
                  color={r.status === 'paid' ? 'green' : r.status === 'pending' ? 'gold' : 'default'}
                  data-testid="recharge-status"
                >
                  {t(`walletFinance.statuses.${r.status}`)}
                </Tag>
              </Descriptions.Item>
              {r.status === 'pending' && (
                <Descriptions.Item label={t('walletFinance.timeLeft')}>
                  <Statistic.Timer
                    type="countdown"
                    value={Date.parse(r.expires_at)}
                    format="mm:ss"
                    valueStyle={{ fontSize: 16 }}
                  />
                </Descriptions.Item>
              )}
            </Descriptions>
          </div>
          <Space wrap>
            {r.status === 'pending' && (
              <Popconfirm title={t('walletFinance.confirmCancel')} onConfirm={() => void cancel()}>
                <Button danger data-testid="recharge-cancel">
                  {t('walletFinance.cancel')}
                </Button>
              </Popconfirm>
            )}
            {r.status !== 'pending' && (
              <Button
                onClick={() => {
                  setId(undefined);
                  form.resetFields();
                  void message.info(t('walletFinance.another'));
                }}
              >
                {t('walletFinance.another')}
              </Button>
            )}
          </Space>
        </Space>
      )}
    </Card>
  );
}
