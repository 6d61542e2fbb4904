import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showMessage } from '../../../lib/notify';
import { useCaptcha, useResetPassword } from '../api';
import { AuthButton } from '../components/auth-field';
import { AuthLayout } from '../components/auth-layout';
import { awaitingCaptcha, CaptchaField, captchaEnabled } from '../components/captcha-field';
import { EmailCodeField } from '../components/email-code-button';
import { TextField } from '../components/text-field';
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
        <TextField
          form={form}
          name="email"
          label={t('getPasswd.email')}
          type="email"
          autoComplete="email"
          data-testid="reset-email"
        />
        <CaptchaField captcha={captcha} form={form} />
        <EmailCodeField
          form={form}
          label={t('getPasswd.emailCode')}
          testId="reset-code"
          onSend={sendCode}
          disabled={awaitingCaptcha(captcha)}
        />
        <TextField
          form={form}
          name="password"
          label={t('getPasswd.password')}
          type="password"
          autoComplete="new-password"
          data-testid="reset-password"
        />
        <AuthButton
          type="submit"
          primary
          loading={reset.isPending}
          disabled={awaitingCaptcha(captcha)}
          data-testid="reset-submit"
        >
          {t('getPasswd.submit')}
        </AuthButton>
      </form>
    </AuthLayout>
  );
}
