import type { EMAIL_PURPOSES } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../lib/notify';
import { sendEmailVerify } from '../api';
import type { AuthForm } from './use-auth-form';

type CodeForm = AuthForm<{ email: string; captcha: string }>;

/**
 * Checks the email (and captcha) fields, then asks the server to mail a code. The captcha is used up
 * either way, so `captchaUsed` fetches a new one (register needs another for its own submit).
 */
export function useSendCode(
  form: Pick<CodeForm, 'validate' | 'values' | 'set'>,
  purpose: (typeof EMAIL_PURPOSES)[number],
  captchaId: string | undefined,
  captchaUsed: () => void,
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
      return false;
    } finally {
      if (captchaId) {
        form.set('captcha', '');
        captchaUsed();
      }
    }
  };
}
