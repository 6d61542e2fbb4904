import type { ShortLink } from '@tally/contracts';
import { Button, Form, Input, InputNumber, Modal, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { KeyboardDatePicker } from '../../../components/keyboard-date-picker';
import { useFeedback } from '../../../lib/feedback';
import { lazySchemas } from '../../../lib/zod-check';
import { useSaveShortLink } from '../api';

const schemas = lazySchemas(() => import('../form-schemas'));

interface Values {
  code: string;
  target: string;
  title: string;
  status: boolean;
  expires_at: Dayjs | null;
  max_visits: number | null;
}

const initialValues = (link?: ShortLink): Values => ({
  code: link?.code ?? '',
  target: link?.target ?? '',
  title: link?.title ?? '',
  status: link ? link.status === 1 : true,
  expires_at: link?.expires_at ? dayjs(link.expires_at) : null,
  max_visits: link?.max_visits ?? null,
});

/** Create or edit one link; the fields are checked with the server's own schema before sending. */
export function ShortLinkFormDialog({ link, onClose }: { link?: ShortLink; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const save = useSaveShortLink();
  const onFinish = (values: Values) => {
    save.mutate(
      {
        id: link?.id,
        code: values.code.trim(),
        target: values.target.trim(),
        title: values.title,
        status: values.status,
        expires_at: values.expires_at ? values.expires_at.toISOString() : null,
        max_visits: values.max_visits ?? null,
      },
      {
        onSuccess: () => {
          void message.success(t('shortLinks.saved'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open
      title={t(link ? 'shortLinks.edit' : 'shortLinks.add')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="short-link-dialog"
    >
      <Form<Values> layout="vertical" initialValues={initialValues(link)} onFinish={onFinish}>
        <Form.Item
          name="target"
          label={t('shortLinks.target')}
          extra={t('shortLinks.targetHelp')}
          required
          rules={[schemas.fieldRule('shortLinkSaveBodySchema', 'target')]}
        >
          <Input placeholder="https://" inputMode="url" data-testid="short-link-target" />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('shortLinks.code')}
          extra={t('shortLinks.codeHelp')}
          rules={[schemas.fieldRule('shortLinkSaveBodySchema', 'code')]}
        >
          <Input addonBefore="/s/" maxLength={64} data-testid="short-link-code" />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('shortLinks.linkTitle')}
          rules={[schemas.fieldRule('shortLinkSaveBodySchema', 'title')]}
        >
          <Input maxLength={200} data-testid="short-link-title" />
        </Form.Item>
        <Space wrap size="large" className="short-link-limits">
          <Form.Item name="expires_at" label={t('shortLinks.expiresAt')}>
            <KeyboardDatePicker showTime placeholder={t('shortLinks.never')} />
          </Form.Item>
          <Form.Item name="max_visits" label={t('shortLinks.maxVisits')}>
            <InputNumber min={1} max={2_000_000_000} precision={0} placeholder={t('shortLinks.unlimited')} />
          </Form.Item>
          <Form.Item name="status" label={t('shortLinks.status')} valuePropName="checked">
            <Switch data-testid="short-link-status" />
          </Form.Item>
        </Space>
        <Space className="short-link-form-actions">
          <Button onClick={onClose}>{t('shortLinks.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="short-link-save">
            {t('shortLinks.save')}
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
