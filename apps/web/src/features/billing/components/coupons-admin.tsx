import {
  ADMIN_COUPON_API,
  COUPON_KINDS,
  type Coupon,
  type CouponSaveBody,
  PLAN_PERIODS,
} from '@tally/contracts';
import { DatePicker, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/formatters';
import { useAdminCoupons, useAdminPlans, useSaveCoupon, useSwitch } from '../api';
import { AdminList } from './admin-list';
import { planName } from './plan-text';

type CouponForm = Omit<CouponSaveBody, 'starts_at' | 'ends_at'> & {
  count?: number;
  window?: [Dayjs | null, Dayjs | null];
};

/** 优惠券: one code (given or generated) or a batch, fixed or percent, plans, periods, limits, validity. */
export function CouponsAdmin() {
  const { t, i18n } = useTranslation();
  const coupons = useAdminCoupons();
  const plans = useAdminPlans();
  const save = useSaveCoupon();
  const onOff = useSwitch('coupon');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<CouponForm>();
  const kind = Form.useWatch('kind', form);
  const submit = async () => {
    const { window, ...v } = await form.validateFields();
    save.mutate(
      {
        ...v,
        code: v.code?.trim() || undefined,
        starts_at: window?.[0]?.toISOString() ?? null,
        ends_at: window?.[1]?.toISOString() ?? null,
      },
      { onSuccess: () => setOpen(false) },
    );
  };
  const limit = (n: number | null) => n ?? t('billing.admin.unlimited');
  return (
    <>
      <AdminList<Coupon>
        addLabel={t('billing.admin.addCoupon')}
        onAdd={() => setOpen(true)}
        rows={coupons.data}
        loading={coupons.isLoading}
        scrollX={900}
        paged
        exportTo={ADMIN_COUPON_API.export}
        data-testid="coupons-table"
        columns={[
          { title: t('billing.admin.code'), dataIndex: 'code' },
          {
            title: t('billing.admin.kind'),
            key: 'value',
            render: (_, c) => (c.kind === 'percent' ? `${c.percent}%` : `${c.amount} USDT`),
          },
          {
            title: t('billing.admin.used'),
            key: 'used',
            render: (_, c) => `${c.used} / ${limit(c.total_limit)}`,
          },
          { title: t('billing.admin.perUser'), key: 'per', render: (_, c) => limit(c.per_user_limit) },
          {
            title: t('billing.admin.validity'),
            key: 'window',
            render: (_, c) =>
              `${c.starts_at ? formatDate(c.starts_at, '{y}-{m}-{d}') : '…'} – ${c.ends_at ? formatDate(c.ends_at, '{y}-{m}-{d}') : '…'}`,
          },
          { title: t('billing.admin.shown'), key: 'shown', render: (_, c) => (c.shown ? '✓' : '') },
          {
            title: t('billing.admin.enabled'),
            key: 'enabled',
            render: (_, c) => (
              <Switch
                size="small"
                checked={c.enabled}
                onChange={(on) => onOff.mutate({ id: c.id, status: on ? 1 : 0 })}
              />
            ),
          },
        ]}
      />
      <Modal
        open={open}
        title={t('billing.admin.addCoupon')}
        onCancel={() => setOpen(false)}
        onOk={submit}
        okText={t('billing.admin.save')}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form<CouponForm>
          form={form}
          layout="vertical"
          initialValues={{ kind: 'percent', count: 1, shown: false, enabled: true }}
          data-testid="coupon-form"
        >
          <Form.Item name="code" label={t('billing.admin.code')}>
            <Input placeholder={t('billing.admin.codeHint')} maxLength={32} />
          </Form.Item>
          <Form.Item name="count" label={t('billing.admin.count')}>
            <InputNumber min={1} max={500} precision={0} />
          </Form.Item>
          <Form.Item name="kind" label={t('billing.admin.kind')}>
            <Select options={COUPON_KINDS.map((k) => ({ value: k, label: t(`billing.admin.${k}`) }))} />
          </Form.Item>
          {kind === 'fixed' ? (
            <Form.Item name="amount" label={t('billing.admin.amount')} rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
          ) : (
            <Form.Item name="percent" label={t('billing.admin.percentValue')} rules={[{ required: true }]}>
              <InputNumber min={1} max={100} precision={0} />
            </Form.Item>
          )}
          <Form.Item name="plan_ids" label={t('billing.allPlans')}>
            <Select
              mode="multiple"
              options={(plans.data ?? [])
                .filter((p) => !p.is_free)
                .map((p) => ({ value: p.id, label: planName(p, i18n.language) }))}
            />
          </Form.Item>
          <Form.Item name="periods" label={t('billing.period')}>
            <Select
              mode="multiple"
              options={PLAN_PERIODS.map((p) => ({ value: p, label: t(`billing.periods.${p}`) }))}
            />
          </Form.Item>
          <Form.Item name="total_limit" label={t('billing.admin.totalLimit')}>
            <InputNumber min={1} precision={0} placeholder={t('billing.admin.unlimited')} />
          </Form.Item>
          <Form.Item name="per_user_limit" label={t('billing.admin.perUser')}>
            <InputNumber min={1} precision={0} placeholder={t('billing.admin.unlimited')} />
          </Form.Item>
          <Form.Item name="window" label={t('billing.admin.validity')}>
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item name="shown" label={t('billing.admin.shown')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
