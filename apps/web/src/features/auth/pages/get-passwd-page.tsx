import type { ResetPasswordBody } from '@tally/contracts';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useFeedback } from '../../../lib/feedback';
import { zodRule } from '../../../lib/zod-rule';
import { useCaptcha } from '../api/get-captcha';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { CaptchaField } from '../components/captcha-field';
import { EmailCodeButton } from '../components/email-code-button';
import { useSendCode } from '../components/use-send-code';

type ResetForm = ResetPasswordBody & { captcha?: string };

/** Password retrieval: email → code → new password. */
export default function GetPasswdPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetForm>();
  const captcha = useCaptcha();
  const reset = useResetPassword();
  const captchaId = captcha.data?.enabled ? captcha.data.captcha_id : undefined;
  const sendCode = useSendCode(form, 'reset', captchaId, () => void captcha.refetch());

  const onFinish = ({ captcha: _captcha, ...body }: ResetForm) => {
    reset.mutate(body, {
      onSuccess: () => {
        void message.success(t('getPasswd.done'));
        navigate('/login');
      },
    });
  };

  return (
    <AuthLayout title={t('getPasswd.title')} footer={<Link to="/login">{t('getPasswd.back')}</Link>}>
      <Form<ResetForm>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
        data-testid="reset-form"
      >
        <Form.Item
          name="email"
          label={t('getPasswd.email')}
          rules={[zodRule('resetPasswordBodySchema', 'email')]}
        >
          <Input type="email" autoComplete="email" data-testid="reset-email" />
        </Form.Item>
        <CaptchaField captcha={captcha} />
        <Form.Item label={t('getPasswd.emailCode')} required>
          <Space.Compact block>
            <Form.Item name="email_code" noStyle rules={[zodRule('resetPasswordBodySchema', 'email_code')]}>
              <Input
                inputMode="numeric"
                maxLength={6}
                autoComplete="one-time-code"
                data-testid="reset-code"
              />
            </Form.Item>
            <EmailCodeButton onSend={sendCode} />
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="password"
          label={t('getPasswd.password')}
          rules={[zodRule('resetPasswordBodySchema', 'password')]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={reset.isPending} data-testid="reset-submit">
          {t('getPasswd.submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
