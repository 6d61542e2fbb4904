import { SendOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { lazySchemas } from '../../../lib/zod-check';
import { useSendTestMail } from '../api';

const schemas = lazySchemas(() => import('../form-schemas'));

/** Sends a test mail with the saved SMTP settings and says whether it left or stayed in the outbox. */
export function TestMailForm() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const send = useSendTestMail();
  const onFinish = ({ to }: { to: string }) =>
    send.mutate(to, {
      onSuccess: (result) =>
        void message.success(
          t(result.status === 'sent' ? 'sysSettings.mail.testSent' : 'sysSettings.mail.testStored'),
        ),
    });
  return (
    <Card size="small" title={t('sysSettings.mail.testTitle')} className="test-mail">
      <Form layout="vertical" onFinish={onFinish} data-testid="test-mail-form">
        <Form.Item label={t('sysSettings.mail.testTo')} required>
          <Space.Compact block>
            <Form.Item name="to" rules={[schemas.fieldRule('testMailBodySchema', 'to')]} noStyle>
              <Input type="email" placeholder="you@example.com" data-testid="test-mail-to" />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isPending}>
              {t('sysSettings.mail.testSend')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Card>
  );
}
