import type { RegisterBody } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCaptcha } from '../api/get-captcha';
import { useRegister } from '../api/register';
import { AuthButton, AuthField, AuthInput } from '../components/auth-field';
import { AuthLayout } from '../components/auth-layout';
import { CaptchaField, captchaEnabled } from '../components/captcha-field';
import { EmailCodeButton } from '../components/email-code-button';
import { requiredCheck, sameAsCheck, schemaCheck, useAuthForm } from '../components/use-auth-form';
import { useSendCode } from '../components/use-send-code';

interface RegisterForm extends Record<string, string> {
  username: string;
  email: string;
  password: string;
  confirm: string;
  captcha: string;
  email_code: string;
  invite_code: string;
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const captcha = useCaptcha();
  const register = useRegister();
  const form = useAuthForm<RegisterForm>(
    {
      username: '',
      email: '',
      password: '',
      confirm: '',
      captcha: '',
      email_code: '',
      invite_code: params.get('invite_code') ?? params.get('code') ?? '',
    },
    {
      username: schemaCheck('registerBodySchema', 'username'),
      email: schemaCheck('registerBodySchema', 'email'),
      password: schemaCheck('registerBodySchema', 'password'),
      confirm: sameAsCheck('password', t('register.mismatch')),
      captcha: captchaEnabled(captcha) ? requiredCheck(t('login.required')) : undefined,
    },
  );
  const captchaId = captcha.data?.enabled ? captcha.data.captcha_id : undefined;
  const sendCode = useSendCode(form, 'register', captchaId, () => void captcha.refetch());

  const submit = form.onSubmit(({ username, email, password, email_code, invite_code }) => {
    const body: RegisterBody = {
      username,
      email,
      password,
      email_code: email_code || undefined,
      invite_code: invite_code || undefined,
    };
    // The stored token makes the guard take the new user to the dashboard.
    register.mutate(body, { onError: () => void captcha.refetch() });
  });

  return (
    <AuthLayout title={t('register.title')} footer={<Link to="/login">{t('register.haveAccount')}</Link>}>
      <form onSubmit={submit} noValidate data-testid="register-form">
        <AuthField label={t('register.username')} htmlFor="field-username" error={form.errors.username}>
          <AuthInput autoComplete="username" data-testid="register-username" {...form.bind('username')} />
        </AuthField>
        <AuthField label={t('register.email')} htmlFor="field-email" error={form.errors.email}>
          <AuthInput type="email" autoComplete="email" data-testid="register-email" {...form.bind('email')} />
        </AuthField>
        <AuthField label={t('register.password')} htmlFor="field-password" error={form.errors.password}>
          <AuthInput
            type="password"
            autoComplete="new-password"
            data-testid="register-password"
            {...form.bind('password')}
          />
        </AuthField>
        <AuthField label={t('register.confirm')} htmlFor="field-confirm" error={form.errors.confirm}>
          <AuthInput
            type="password"
            autoComplete="new-password"
            data-testid="register-confirm"
            {...form.bind('confirm')}
          />
        </AuthField>
        <CaptchaField captcha={captcha} form={form} />
        <AuthField label={t('register.emailCode')} htmlFor="field-email_code" error={form.errors.email_code}>
          <div className="auth-compact">
            <AuthInput
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
              data-testid="register-code"
              {...form.bind('email_code')}
            />
            <EmailCodeButton onSend={sendCode} />
          </div>
        </AuthField>
        <AuthField label={t('register.inviteCode')} htmlFor="field-invite_code">
          <AuthInput maxLength={32} data-testid="register-invite" {...form.bind('invite_code')} />
        </AuthField>
        <AuthButton type="submit" primary loading={register.isPending} data-testid="register-submit">
          {t('register.submit')}
        </AuthButton>
      </form>
    </AuthLayout>
  );
}
