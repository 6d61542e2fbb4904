import type { RegisterBody } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCaptcha, useRegister } from '../api';
import { AuthButton } from '../components/auth-field';
import { AuthLayout } from '../components/auth-layout';
import { awaitingCaptcha, CaptchaField, captchaEnabled } from '../components/captcha-field';
import { EmailCodeField } from '../components/email-code-button';
import { TextField } from '../components/text-field';
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

  const submit = form.onSubmit(({ username, email, password, email_code, invite_code, captcha: answer }) => {
    const body: RegisterBody = {
      username,
      email,
      password,
      email_code: email_code || undefined,
      invite_code: invite_code || undefined,
      captcha_id: captchaId,
      captcha: answer || undefined,
    };
    // The stored token makes the guard take the new user to the dashboard.
    register.mutate(body, { onError: () => void captcha.refetch() });
  });

  return (
    <AuthLayout title={t('register.title')} footer={<Link to="/login">{t('register.haveAccount')}</Link>}>
      <form onSubmit={submit} noValidate data-testid="register-form">
        <TextField
          form={form}
          name="username"
          label={t('register.username')}
          autoComplete="username"
          data-testid="register-username"
        />
        <TextField
          form={form}
          name="email"
          label={t('register.email')}
          type="email"
          autoComplete="email"
          data-testid="register-email"
        />
        <TextField
          form={form}
          name="password"
          label={t('register.password')}
          type="password"
          autoComplete="new-password"
          data-testid="register-password"
        />
        <TextField
          form={form}
          name="confirm"
          label={t('register.confirm')}
          type="password"
          autoComplete="new-password"
          data-testid="register-confirm"
        />
        <CaptchaField captcha={captcha} form={form} />
        <EmailCodeField
          form={form}
          label={t('register.emailCode')}
          testId="register-code"
          onSend={sendCode}
          disabled={awaitingCaptcha(captcha)}
        />
        <TextField
          form={form}
          name="invite_code"
          label={t('register.inviteCode')}
          maxLength={32}
          data-testid="register-invite"
        />
        <AuthButton
          type="submit"
          primary
          loading={register.isPending}
          disabled={awaitingCaptcha(captcha)}
          data-testid="register-submit"
        >
          {t('register.submit')}
        </AuthButton>
      </form>
    </AuthLayout>
  );
}
