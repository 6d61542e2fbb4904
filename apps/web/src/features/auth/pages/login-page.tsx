import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginBody } from '@tally/contracts';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { zodRule } from '../../../lib/zod-rule';
import { useCaptcha } from '../api/get-captcha';
import { useLogin } from '../api/login';
import { AuthLayout } from '../components/auth-layout';
import { CaptchaField } from '../components/captcha-field';

type LoginForm = Pick<LoginBody, 'username' | 'password' | 'captcha'>;

export default function LoginPage() {
  const { t } = useTranslation();
  const captcha = useCaptcha();
  const login = useLogin();

  const onFinish = (values: LoginForm) => {
    // On success the stored token makes the guard move on (to ?redirect= or the user's home).
    login.mutate(
      { ...values, captcha_id: captcha.data?.captcha_id },
      { onError: () => void captcha.refetch() },
    );
  };

  return (
    <AuthLayout
      title={t('login.title')}
      footer={
        <>
          <Link to="/register">{t('login.register')}</Link>
          <Link to="/getPasswd">{t('login.forgot')}</Link>
        </>
      }
    >
      <Form<LoginForm> layout="vertical" onFinish={onFinish} requiredMark={false} data-testid="login-form">
        <Form.Item
          name="username"
          label={t('login.username')}
          rules={[zodRule('loginBodySchema', 'username')]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" data-testid="login-username" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[zodRule('loginBodySchema', 'password')]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            data-testid="login-password"
          />
        </Form.Item>
        <CaptchaField captcha={captcha} />
        <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
