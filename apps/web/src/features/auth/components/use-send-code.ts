import type { EMAIL_PURPOSES } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../lib/notify';
import { sendEmailVerify } from '../api/send-email-verify';
import type { AuthForm } from './use-auth-form';

type CodeForm = AuthForm<{ email: string; captcha: string }>;

/** Checks the email (and captcha) fields, then asks the server to mail a code. */
export function useSendCode(
  form: Pick<CodeForm, 'validate' | 'values'>,
  purpose: (typeof EMAIL_PURPOSES)[number],
  captchaId: string | undefined,
  onFailed: () => void,
) {
  const { t } = useTranslation();
  return async (): Promise<boolean> => {
    if (!(await form.validate(captchaId ? ['email', 'captcha'] : ['email']))) return false;
    const { email, captcha } = form.values;
    try {
      await sendEmailVerify({ email, purpose, captcha_id: captchaId, captcha: captcha || undefined });
      showMessage('success', t('register.codeSent'));
      return true;
    } catch {
      onFailed();
      return false;
    }
  };
}
