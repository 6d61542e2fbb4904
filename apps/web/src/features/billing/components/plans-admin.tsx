import { PLAN_PERIODS, type Plan, type PlanSaveBody } from '@tally/contracts';
import { Button, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminPlans, useSavePlan, useSwitch } from '../api';
import { AdminList } from './admin-list';
import { planName } from './plan-text';

type PlanForm = Omit<PlanSaveBody, 'prices'> & { prices: Record<string, string | undefined> };

const toForm = (p: Plan): PlanForm => ({
  id: p.id,
  name_zh: p.name_zh,
  name_en: p.name_en,
  description_zh: p.description_zh,
  description_en: p.description_en,
  prices: Object.fromEntries(PLAN_PERIODS.map((k) => [k, p.prices[k] ?? undefined])),
  limits: p.limits,
  on_sale: p.on_sale,
  sort: p.sort,
});

/** 套餐管理: name and description in both languages, a price per period (empty = not sold), limits. */
export function PlansAdmin() {
  const { t, i18n } = useTranslation();
  const plans = useAdminPlans();
  const save = useSavePlan();
  const onOff = useSwitch('plan');
  const [editing, setEditing] = useState<PlanForm | null>(null);
  const [form] = Form.useForm<PlanForm>();
  const submit = async () => {
    const v = await form.validateFields();
    const prices = Object.fromEntries(PLAN_PERIODS.map((k) => [k, v.prices[k]?.trim() || null]));
    save.mutate({ ...v, id: editing?.id, prices } as PlanSaveBody, { onSuccess: () => setEditing(null) });
  };
  return (
    <>
      <AdminList<Plan>
        addLabel={t('billing.admin.addPlan')}
        onAdd={() =>
          setEditing({
            name_zh: '',
            name_en: '',
            prices: {},
            limits: { sites: 3, monthly_pageviews: 100000, bots: 1, retention_days: 90 },
            on_sale: true,
            sort: 0,
          })
        }
        rows={plans.data}
        loading={plans.isLoading}
        scrollX={800}
        data-testid="plans-table"
        columns={[
          { title: t('billing.plan'), key: 'name', render: (_, p) => planName(p, i18n.language) },
          ...PLAN_PERIODS.map((k) => ({
            title: t(`billing.periods.${k}`),
            key: k,
            render: (_: unknown, p: Plan) => p.prices[k] ?? '—',
          })),
          {
            title: t('billing.admin.limitSites'),
            key: 'sites',
            render: (_, p) => p.limits.sites,
          },
          { title: t('billing.admin.sort'), dataIndex: 'sort' },
          {
            title: t('billing.admin.onSale'),
            key: 'on_sale',
            render: (_, p) => (
              <Switch
                size="small"
                checked={p.on_sale}
                disabled={p.is_free}
                onChange={(on) => onOff.mutate({ id: p.id, status: on ? 1 : 0 })}
              />
            ),
          },
          {
            title: t('billing.actions'),
            key: 'edit',
            render: (_, p) => (
              <Button size="small" onClick={() => setEditing(toForm(p))}>
                {t('billing.admin.editPlan')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing?.id ? t('billing.admin.editPlan') : t('billing.admin.addPlan')}
        onCancel={() => setEditing(null)}
        onOk={submit}
        okText={t('billing.admin.save')}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        {editing && (
          <Form form={form} layout="vertical" initialValues={editing} data-testid="plan-form">
            <Form.Item name="name_zh" label={t('billing.admin.nameZh')} rules={[{ required: true }]}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="name_en" label={t('billing.admin.nameEn')} rules={[{ required: true }]}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="description_zh" label={t('billing.admin.descZh')}>
              <Input.TextArea maxLength={2000} autoSize />
            </Form.Item>
            <Form.Item name="description_en" label={t('billing.admin.descEn')}>
              <Input.TextArea maxLength={2000} autoSize />
            </Form.Item>
            {PLAN_PERIODS.map((k) => (
              <Form.Item key={k} name={['prices', k]} label={`${t(`billing.periods.${k}`)} (USDT)`}>
                <Input placeholder={t('billing.notSold')} inputMode="decimal" />
              </Form.Item>
            ))}
            <Form.Item name={['limits', 'sites']} label={t('billing.admin.limitSites')}>
              <InputNumber min={0} precision={0} />
            </Form.Item>
            <Form.Item name={['limits', 'monthly_pageviews']} label={t('billing.admin.limitPageviews')}>
              <InputNumber min={0} precision={0} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name={['limits', 'bots']} label={t('billing.admin.limitBots')}>
              <InputNumber min={0} precision={0} />
            </Form.Item>
            <Form.Item name={['limits', 'retention_days']} label={t('billing.admin.limitRetention')}>
              <InputNumber min={0} precision={0} />
            </Form.Item>
            <Form.Item name="sort" label={t('billing.admin.sort')}>
              <InputNumber precision={0} />
            </Form.Item>
            <Form.Item name="on_sale" label={t('billing.admin.onSale')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}
