import type { RegisterBody } from '@tally/contracts';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { sameAs } from '../../../lib/form-rules';
import { zodRule } from '../../../lib/zod-rule';
import { useCaptcha } from '../api/get-captcha';
import { useRegister } from '../api/register';
import { AuthLayout } from '../components/auth-layout';
import { CaptchaField } from '../components/captcha-field';
import { EmailCodeButton } from '../components/email-code-button';
import { useSendCode } from '../components/use-send-code';

type RegisterForm = RegisterBody & { confirm: string; captcha?: string };

export default function RegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [form] = Form.useForm<RegisterForm>();
  const captcha = useCaptcha();
  const register = useRegister();
  const captchaId = captcha.data?.enabled ? captcha.data.captcha_id : undefined;
  const sendCode = useSendCode(form, 'register', captchaId, () => void captcha.refetch());

  const onFinish = ({ confirm: _confirm, captcha: _captcha, ...values }: RegisterForm) => {
    const body: RegisterBody = {
      ...values,
      email_code: values.email_code || undefined,
      invite_code: values.invite_code || undefined,
    };
    // The stored token makes the guard take the new user to the dashboard.
    register.mutate(body, { onError: () => void captcha.refetch() });
  };

  return (
    <AuthLayout title={t('register.title')} footer={<Link to="/login">{t('register.haveAccount')}</Link>}>
      <Form<RegisterForm>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
        initialValues={{ invite_code: params.get('invite_code') ?? params.get('code') ?? '' }}
        data-testid="register-form"
      >
        <Form.Item
          name="username"
          label={t('register.username')}
          rules={[zodRule('registerBodySchema', 'username')]}
        >
          <Input autoComplete="username" data-testid="register-username" />
        </Form.Item>
        <Form.Item name="email" label={t('register.email')} rules={[zodRule('registerBodySchema', 'email')]}>
          <Input type="email" autoComplete="email" data-testid="register-email" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('register.password')}
          rules={[zodRule('registerBodySchema', 'password')]}
        >
          <Input.Password autoComplete="new-password" data-testid="register-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('register.confirm')}
          dependencies={['password']}
          rules={[sameAs('password', t('register.mismatch'))]}
        >
          <Input.Password autoComplete="new-password" data-testid="register-confirm" />
        </Form.Item>
        <CaptchaField captcha={captcha} />
        <Form.Item label={t('register.emailCode')}>
          <Space.Compact block>
            <Form.Item name="email_code" noStyle>
              <Input
                inputMode="numeric"
                maxLength={6}
                autoComplete="one-time-code"
                data-testid="register-code"
              />
            </Form.Item>
            <EmailCodeButton onSend={sendCode} />
          </Space.Compact>
        </Form.Item>
        <Form.Item name="invite_code" label={t('register.inviteCode')}>
          <Input maxLength={32} data-testid="register-invite" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={register.isPending}
          data-testid="register-submit"
        >
          {t('register.submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
