import { type ChatRow, REPORT_SCHEDULES } from '@tally/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { bindSite, fetchBindableSites } from '../api';
import '../messages';
import type { GroupAct } from './group-actions';

interface BindForm {
  site_id: number;
  schedule: (typeof REPORT_SCHEDULES)[number];
  time: string;
  weekday: number | null;
}

/** Binds a site to a group with its report schedule (daily at 09:00 unless changed). */
export function BindSiteModal({
  binding,
  act,
  onClose,
}: {
  binding: ChatRow | null;
  act: GroupAct;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [bindForm] = Form.useForm<BindForm>();
  const schedule = Form.useWatch('schedule', bindForm);
  const sites = useQuery({
    queryKey: ['tg-groups-sites'],
    queryFn: fetchBindableSites,
    enabled: binding !== null,
  });
  useEffect(() => {
    if (binding) bindForm.setFieldsValue({ schedule: 'daily', time: '09:00', weekday: null });
  }, [binding, bindForm]);
  return (
    <Modal
      open={binding !== null}
      title={`${t('tgGroups.bind')} · ${binding?.title ?? ''}`}
      onCancel={onClose}
      onOk={() => bindForm.submit()}
      destroyOnHidden
    >
      <Form
        form={bindForm}
        layout="vertical"
        onFinish={async (values) => {
          if (binding && (await act(bindSite({ id: binding.id, ...values })))) onClose();
        }}
      >
        <Form.Item
          name="site_id"
          label={t('tgGroups.site')}
          rules={[{ required: true, message: t('login.required') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={sites.isLoading}
            options={(sites.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))}
            data-testid="bind-site"
          />
        </Form.Item>
        <Form.Item name="schedule" label={t('tgGroups.schedule')}>
          <Select
            options={REPORT_SCHEDULES.map((s) => ({ value: s, label: t(`tgGroups.schedules.${s}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="time"
          label={t('tgGroups.time')}
          rules={[{ pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'HH:MM' }]}
        >
          <Input placeholder="09:00" maxLength={5} />
        </Form.Item>
        {schedule === 'weekly' ? (
          <Form.Item
            name="weekday"
            label={t('tgGroups.weekday')}
            rules={[{ required: true, message: t('login.required') }]}
          >
            <Select
              options={[0, 1, 2, 3, 4, 5, 6].map((d) => ({ value: d, label: t(`tgGroups.weekdays.${d}`) }))}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
