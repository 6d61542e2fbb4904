import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthButton, AuthField, AuthInput } from './auth-field';
import type { AuthForm } from './use-auth-form';

/** Seconds before another code may be requested. */
export const EMAIL_CODE_COOLDOWN_S = 60;

/** "Send code" button that counts 60 s down after each successful send. */
export function EmailCodeButton({
  onSend,
  disabled,
}: {
  onSend: () => Promise<boolean>;
  disabled?: boolean;
}) {
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
    <AuthButton onClick={send} disabled={disabled || left > 0} loading={sending} data-testid="send-code">
      {left > 0 ? t('register.resend', { seconds: left }) : t('register.sendCode')}
    </AuthButton>
  );
}

/** The email-code input with its send button, as register and password retrieval show it. */
export function EmailCodeField({
  form,
  label,
  testId,
  onSend,
  disabled,
}: {
  form: Pick<AuthForm<{ email_code: string }>, 'bind' | 'errors'>;
  label: string;
  testId: string;
  onSend: () => Promise<boolean>;
  disabled?: boolean;
}) {
  return (
    <AuthField label={label} htmlFor="field-email_code" error={form.errors.email_code}>
      <div className="auth-compact">
        <AuthInput
          inputMode="numeric"
          maxLength={6}
          autoComplete="one-time-code"
          data-testid={testId}
          {...form.bind('email_code')}
        />
        <EmailCodeButton onSend={onSend} disabled={disabled} />
      </div>
    </AuthField>
  );
}
