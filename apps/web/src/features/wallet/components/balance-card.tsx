import { displayUsdt, parseMicros } from '@tally/contracts';
import { Alert, Button, Card, Col, Form, Input, Modal, Row, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { lazySchemas } from '../../../lib/zod-check';
import { useCommissionTransfer, useWalletInfo } from '../api';

const schemas = lazySchemas(() => import('../form-schemas'));

/** Both balances, and moving commission to the balance behind a confirming dialog. */
export function BalanceCard() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const info = useWalletInfo();
  const transfer = useCommissionTransfer();
  const [form] = Form.useForm<{ amount: string }>();
  // One id per opened dialog: a double click or a retry of the same transfer moves the money once.
  const [requestId, setRequestId] = useState<string | undefined>();
  const commission = info.data?.commission ?? '0';
  const canTransfer = info.data?.commission_transfer !== false && (parseMicros(commission) ?? 0n) > 0n;

  const open = () => {
    form.resetFields();
    setRequestId(crypto.randomUUID());
  };
  const submit = ({ amount }: { amount: string }) =>
    transfer.mutate(
      { amount, request_id: requestId },
      {
        onSuccess: () => {
          void message.success(t('wallet.transferred', { amount }));
          setRequestId(undefined);
        },
      },
    );

  return (
    <Card
      className="page-card"
      title={t('wallet.title')}
      loading={info.isLoading}
      data-testid="wallet-balances"
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12}>
          <Statistic
            title={t('wallet.balance')}
            value={displayUsdt(info.data?.balance ?? '0')}
            suffix={t('wallet.unit')}
            data-testid="wallet-balance"
          />
        </Col>
        <Col xs={24} sm={12}>
          <Statistic
            title={t('wallet.commission')}
            value={displayUsdt(commission)}
            suffix={t('wallet.unit')}
            data-testid="wallet-commission"
          />
          <Button
            className="wallet-transfer"
            type="primary"
            ghost
            disabled={!canTransfer}
            onClick={open}
            data-testid="wallet-transfer"
          >
            {t('wallet.transfer')}
          </Button>
        </Col>
      </Row>
      {info.data?.commission_transfer === false && (
        <Alert className="wallet-closed" type="info" showIcon message={t('wallet.transferClosed')} />
      )}
      <Modal
        open={requestId !== undefined}
        title={t('wallet.transferTitle')}
        okText={t('wallet.confirm')}
        cancelText={t('wallet.cancel')}
        confirmLoading={transfer.isPending}
        onOk={() => form.submit()}
        onCancel={() => setRequestId(undefined)}
        okButtonProps={{ 'data-testid': 'wallet-transfer-confirm' } as Record<string, string>}
        destroyOnHidden
      >
        <p>{t('wallet.transferHint', { amount: displayUsdt(commission) })}</p>
        <Form form={form} layout="vertical" onFinish={submit} data-testid="wallet-transfer-form">
          <Form.Item
            name="amount"
            label={t('wallet.amount')}
            rules={[schemas.fieldRule('commissionTransferBodySchema', 'amount')]}
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              addonAfter={
                <Button type="link" size="small" onClick={() => form.setFieldValue('amount', commission)}>
                  {t('wallet.all')}
                </Button>
              }
              data-testid="wallet-transfer-amount"
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
