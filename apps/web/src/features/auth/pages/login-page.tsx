import type { LoginBody } from '@tally/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RequestError } from '../../../lib/request-error';
import { useCaptcha, useLogin } from '../api';
import { AuthButton } from '../components/auth-field';
import { AuthLayout } from '../components/auth-layout';
import { awaitingCaptcha, CaptchaField, captchaEnabled } from '../components/captcha-field';
import { TextField } from '../components/text-field';
import { requiredCheck, schemaCheck, useAuthForm } from '../components/use-auth-form';

type LoginForm = Pick<LoginBody, 'username' | 'password'> & { captcha: string };

export default function LoginPage() {
  const { t } = useTranslation();
  // After repeated failures on an account the server asks for a captcha even when they are off.
  const [captchaDemanded, setCaptchaDemanded] = useState(false);
  const captcha = useCaptcha(captchaDemanded);
  const login = useLogin();
  const form = useAuthForm<LoginForm>(
    { username: '', password: '', captcha: '' },
    {
      username: schemaCheck('loginBodySchema', 'username'),
      password: schemaCheck('loginBodySchema', 'password'),
      captcha: captchaEnabled(captcha) ? requiredCheck(t('login.required')) : undefined,
    },
  );

  const submit = form.onSubmit(({ captcha: code, ...values }) => {
    // On success the stored token makes the guard move on (to ?redirect= or the user's home).
    login.mutate(
      { ...values, captcha: code || undefined, captcha_id: captcha.data?.captcha_id },
      {
        onError: (error) => {
          if (error instanceof RequestError && error.errors?.captcha) setCaptchaDemanded(true);
          void captcha.refetch();
        },
      },
    );
  });

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
      <form onSubmit={submit} noValidate data-testid="login-form">
        <TextField
          form={form}
          name="username"
          label={t('login.username')}
          icon="user"
          autoComplete="username"
          data-testid="login-username"
        />
        <TextField
          form={form}
          name="password"
          label={t('login.password')}
          icon="lock"
          type="password"
          autoComplete="current-password"
          data-testid="login-password"
        />
        <CaptchaField captcha={captcha} form={form} />
        <AuthButton
          type="submit"
          primary
          loading={login.isPending}
          disabled={awaitingCaptcha(captcha)}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </AuthButton>
      </form>
    </AuthLayout>
  );
}
