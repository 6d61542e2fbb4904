import type { EMAIL_PURPOSES } from '@tally/contracts';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { sendEmailVerify } from '../api/send-email-verify';

interface CodeForm {
  email?: string;
  captcha?: string;
}

/** Validates the email (and captcha) fields, then asks the server to mail a code. */
export function useSendCode(
  form: FormInstance,
  purpose: (typeof EMAIL_PURPOSES)[number],
  captchaId: string | undefined,
  onFailed: () => void,
) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  return async (): Promise<boolean> => {
    const fields = captchaId ? ['email', 'captcha'] : ['email'];
    const values: CodeForm = await form.validateFields(fields).catch(() => ({}));
    if (!values.email) return false;
    try {
      await sendEmailVerify({ email: values.email, purpose, captcha_id: captchaId, captcha: values.captcha });
      void message.success(t('register.codeSent'));
      return true;
    } catch {
      onFailed();
      return false;
    }
  };
}
