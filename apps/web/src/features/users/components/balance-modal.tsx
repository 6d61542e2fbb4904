import { type AdminUserRow, displayUsdt, LEDGER_ACCOUNTS } from '@tally/contracts';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { lazySchemas } from '../../../lib/zod-check';
import { useAdjustBalance } from '../api';

const schemas = lazySchemas(() => import('../form-schemas'));

interface Values {
  account: 'balance' | 'commission';
  amount: string;
  reason: string;
}

const rule = (field: keyof Values) => schemas.fieldRule('adminUserAdjustBodySchema', field);

/** Adds or takes away money with a reason; one id per open dialog, so a double submit moves it once. */
export function BalanceModal({ user, onClose }: { user: AdminUserRow; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [requestId] = useState(() => crypto.randomUUID());
  const adjust = useAdjustBalance();
  const submit = (values: Values) =>
    adjust.mutate(
      { id: user.id, ...values, amount: values.amount.trim(), request_id: requestId },
      {
        onSuccess: () => {
          void message.success(t('adminUsers.balance.done'));
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      title={t('adminUsers.balance.title', { name: user.username })}
      okText={t('adminUsers.balance.ok')}
      cancelText={t('adminUsers.form.cancel')}
      confirmLoading={adjust.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('adminUsers.balance.current', { amount: displayUsdt(user.balance) })}
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ account: 'balance', amount: '', reason: '' }}
        onFinish={submit}
        data-testid="users-balance-form"
      >
        <Form.Item name="account" label={t('adminUsers.balance.account')}>
          <Select
            options={LEDGER_ACCOUNTS.map((a) => ({ value: a, label: t(`adminUsers.balance.accounts.${a}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('adminUsers.balance.amount')}
          extra={t('adminUsers.balance.amountHint')}
          rules={[rule('amount')]}
        >
          <Input inputMode="decimal" autoComplete="off" data-testid="users-balance-amount" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('adminUsers.balance.reason')}
          extra={t('adminUsers.balance.reasonHint')}
          rules={[rule('reason')]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount data-testid="users-balance-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
