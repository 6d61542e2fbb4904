import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthButton } from './auth-field';

/** Seconds before another code may be requested. */
export const EMAIL_CODE_COOLDOWN_S = 60;

/** "Send code" button that counts 60 s down after each successful send. */
export function EmailCodeButton({ onSend }: { onSend: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    setSending(true);
    try {
      if (await onSend()) setLeft(EMAIL_CODE_COOLDOWN_S);
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthButton onClick={send} disabled={left > 0} loading={sending} data-testid="send-code">
      {left > 0 ? t('register.resend', { seconds: left }) : t('register.sendCode')}
    </AuthButton>
  );
}
