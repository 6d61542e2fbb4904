import { DEFAULT_TIMEZONE, type Site } from '@tally/contracts';
import { Button, Collapse, Form, Input, Select, Space, Switch, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { type SiteFormBody, useGroupDetail, useSaveSite } from '../api';
import { domainsRule, ignoredIpsRule, matomoIdRule, toLines, umamiIdsRule } from './site-rules';

interface SiteFormValues {
  name: string;
  domains: string;
  group_id: number | null;
  timezone: string;
  ignored_ips: string;
  cookieless: boolean;
  respect_dnt: boolean;
  mask_ip: boolean;
  enabled: boolean;
  /** One a line. */
  umami_ids: string;
  matomo_id: string;
}

function initialValues(site?: Site): SiteFormValues {
  return {
    name: site?.name ?? '',
    domains: site?.domains.join('\n') ?? '',
    group_id: site?.group_id ?? null,
    timezone: site?.timezone ?? DEFAULT_TIMEZONE,
    ignored_ips: site?.ignored_ips.join('\n') ?? '',
    cookieless: site?.cookieless ?? false,
    respect_dnt: site?.respect_dnt ?? false,
    mask_ip: site?.mask_ip ?? false,
    enabled: site?.enabled ?? true,
    umami_ids: site?.umami_ids.join('\n') ?? '',
    matomo_id: site?.matomo_id ?? '',
  };
}

const SWITCHES = ['enabled', 'cookieless', 'respect_dnt', 'mask_ip'] as const;
const SWITCH_LABEL = {
  enabled: 'enabled',
  cookieless: 'cookieless',
  respect_dnt: 'respectDnt',
  mask_ip: 'maskIp',
};

/** Add or edit a site; the same form sits in the add dialog and on the no-site page. */
export function SiteForm({
  site,
  onSaved,
  onCancel,
}: {
  site?: Site;
  onSaved: (site: Site) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const save = useSaveSite();
  const groups = useGroupDetail();
  const timezones = useMemo(
    () => Intl.supportedValuesOf('timeZone').map((tz) => ({ value: tz, label: tz })),
    [],
  );
  const onFinish = (values: SiteFormValues) => {
    const body: SiteFormBody = {
      ...values,
      id: site?.id,
      domains: toLines(values.domains),
      ignored_ips: toLines(values.ignored_ips),
      umami_ids: toLines(values.umami_ids),
      matomo_id: values.matomo_id.trim() || null,
    };
    save.mutate(body, {
      onSuccess: (saved) => {
        void message.success(t('siteAdmin.saved'));
        onSaved(saved);
      },
    });
  };
  return (
    <Form<SiteFormValues>
      layout="vertical"
      initialValues={initialValues(site)}
      onFinish={onFinish}
      data-testid="site-form"
    >
      <Form.Item
        name="name"
        label={t('siteAdmin.name')}
        rules={[{ required: true, whitespace: true, max: 64, message: t('login.required') }]}
      >
        <Input maxLength={64} data-testid="site-name" />
      </Form.Item>
      <Form.Item
        name="domains"
        label={t('siteAdmin.domains')}
        required
        extra={t('siteAdmin.domainsHelp')}
        rules={[domainsRule(t('login.required'))]}
      >
        <Input.TextArea
          autoSize={{ minRows: 1, maxRows: 6 }}
          placeholder="example.com"
          data-testid="site-domains"
        />
      </Form.Item>
      <Form.Item name="group_id" label={t('siteAdmin.group')}>
        <Select
          allowClear
          placeholder={t('siteAdmin.ungrouped')}
          loading={groups.isLoading}
          options={(groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }))}
        />
      </Form.Item>
      <Collapse
        ghost
        size="small"
        items={[
          {
            key: 'more',
            label: t('siteAdmin.more'),
            forceRender: true,
            children: (
              <>
                <Form.Item name="timezone" label={t('siteAdmin.timezone')}>
                  <Select showSearch options={timezones} />
                </Form.Item>
                <Form.Item
                  name="ignored_ips"
                  label={t('siteAdmin.ignoredIps')}
                  extra={t('siteAdmin.ignoredIpsHelp')}
                  rules={[ignoredIpsRule()]}
                >
                  <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} />
                </Form.Item>
                {SWITCHES.map((key) => (
                  <Form.Item
                    key={key}
                    name={key}
                    label={t(`siteAdmin.${SWITCH_LABEL[key]}`)}
                    valuePropName="checked"
                  >
                    <Switch />
                  </Form.Item>
                ))}
              </>
            ),
          },
          {
            key: 'moving',
            label: t('siteAdmin.movingFrom'),
            forceRender: true,
            children: (
              <>
                <Typography.Paragraph type="secondary">{t('siteAdmin.movingFromHelp')}</Typography.Paragraph>
                <Form.Item
                  name="umami_ids"
                  label={t('siteAdmin.umamiIds')}
                  extra={t('siteAdmin.umamiIdsHelp')}
                  rules={[umamiIdsRule()]}
                >
                  <Input.TextArea
                    autoSize={{ minRows: 1, maxRows: 4 }}
                    placeholder="94db1cb1-74f4-4a40-ad6c-962362670409"
                    data-testid="site-umami-ids"
                  />
                </Form.Item>
                <Form.Item
                  name="matomo_id"
                  label={t('siteAdmin.matomoId')}
                  extra={t('siteAdmin.matomoIdHelp')}
                  rules={[matomoIdRule()]}
                >
                  <Input inputMode="numeric" placeholder="1" data-testid="site-matomo-id" />
                </Form.Item>
              </>
            ),
          },
        ]}
      />
      <Space className="form-actions">
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="site-save">
          {t('siteAdmin.save')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('siteAdmin.cancel')}</Button>}
      </Space>
    </Form>
  );
}
