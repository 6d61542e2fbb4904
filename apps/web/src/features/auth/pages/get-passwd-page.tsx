import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showMessage } from '../../../lib/notify';
import { useCaptcha } from '../api/get-captcha';
import { useResetPassword } from '../api/reset-password';
import { AuthButton, AuthField, AuthInput } from '../components/auth-field';
import { AuthLayout } from '../components/auth-layout';
import { CaptchaField, captchaEnabled } from '../components/captcha-field';
import { EmailCodeButton } from '../components/email-code-button';
import { requiredCheck, schemaCheck, useAuthForm } from '../components/use-auth-form';
import { useSendCode } from '../components/use-send-code';

interface ResetForm extends Record<string, string> {
  email: string;
  captcha: string;
  email_code: string;
  password: string;
}

/** Password retrieval: email → code → new password. */
export default function GetPasswdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const reset = useResetPassword();
  const form = useAuthForm<ResetForm>(
    { email: '', captcha: '', email_code: '', password: '' },
    {
      email: schemaCheck('resetPasswordBodySchema', 'email'),
      email_code: schemaCheck('resetPasswordBodySchema', 'email_code'),
      password: schemaCheck('resetPasswordBodySchema', 'password'),
      captcha: captchaEnabled(captcha) ? requiredCheck(t('login.required')) : undefined,
    },
  );
  const captchaId = captcha.data?.enabled ? captcha.data.captcha_id : undefined;
  const sendCode = useSendCode(form, 'reset', captchaId, () => void captcha.refetch());

  const submit = form.onSubmit(({ email, email_code, password }) => {
    reset.mutate(
      { email, email_code, password },
      {
        onSuccess: () => {
          showMessage('success', t('getPasswd.done'));
          navigate('/login');
        },
      },
    );
  });

  return (
    <AuthLayout title={t('getPasswd.title')} footer={<Link to="/login">{t('getPasswd.back')}</Link>}>
      <form onSubmit={submit} noValidate data-testid="reset-form">
        <AuthField label={t('getPasswd.email')} htmlFor="field-email" error={form.errors.email}>
          <AuthInput type="email" autoComplete="email" data-testid="reset-email" {...form.bind('email')} />
        </AuthField>
        <CaptchaField captcha={captcha} form={form} />
        <AuthField label={t('getPasswd.emailCode')} htmlFor="field-email_code" error={form.errors.email_code}>
          <div className="auth-compact">
            <AuthInput
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
              data-testid="reset-code"
              {...form.bind('email_code')}
            />
            <EmailCodeButton onSend={sendCode} />
          </div>
        </AuthField>
        <AuthField label={t('getPasswd.password')} htmlFor="field-password" error={form.errors.password}>
          <AuthInput
            type="password"
            autoComplete="new-password"
            data-testid="reset-password"
            {...form.bind('password')}
          />
        </AuthField>
        <AuthButton type="submit" primary loading={reset.isPending} data-testid="reset-submit">
          {t('getPasswd.submit')}
        </AuthButton>
      </form>
    </AuthLayout>
  );
}
