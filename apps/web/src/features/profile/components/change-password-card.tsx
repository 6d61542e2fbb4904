import type { ChangePasswordBody } from '@tally/contracts';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { sameAs } from '../../../lib/form-rules';
import { lazySchemas } from '../../../lib/zod-check';
import { useChangePassword } from '../api';

const schemas = lazySchemas(() => import('../form-schemas'));

type PasswordForm = ChangePasswordBody & { confirm: string };

export function ChangePasswordCard() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<PasswordForm>();
  const change = useChangePassword();
  const onFinish = ({ confirm: _confirm, ...body }: PasswordForm) => {
    change.mutate(body, {
      onSuccess: () => {
        void message.success(t('profile.changed'));
        form.resetFields();
      },
    });
  };
  return (
    <Card title={t('profile.changePassword')}>
      <Form<PasswordForm> form={form} layout="vertical" onFinish={onFinish} data-testid="password-form">
        <Form.Item
          name="old_password"
          label={t('profile.oldPassword')}
          rules={[schemas.fieldRule('changePasswordBodySchema', 'old_password')]}
        >
          <Input.Password autoComplete="current-password" data-testid="old-password" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label={t('profile.newPassword')}
          rules={[schemas.fieldRule('changePasswordBodySchema', 'new_password')]}
        >
          <Input.Password autoComplete="new-password" data-testid="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('profile.confirm')}
          dependencies={['new_password']}
          rules={[sameAs('new_password', t('profile.mismatch'))]}
        >
          <Input.Password autoComplete="new-password" data-testid="confirm-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-submit">
          {t('profile.save')}
        </Button>
      </Form>
    </Card>
  );
}
