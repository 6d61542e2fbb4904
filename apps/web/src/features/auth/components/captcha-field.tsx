import { useTranslation } from 'react-i18next';
import type { useCaptcha } from '../api';
import { AuthField, AuthInput } from './auth-field';
import type { AuthForm } from './use-auth-form';

type CaptchaForm = AuthForm<{ captcha: string }>;

/** Captcha input with its image; a click on the image fetches a new one. Hidden when switched off. */
export function CaptchaField({
  captcha,
  form,
}: {
  captcha: ReturnType<typeof useCaptcha>;
  form: Pick<CaptchaForm, 'bind' | 'errors'>;
}) {
  const { t } = useTranslation();
  if (captcha.data && !captcha.data.enabled) return null;
  return (
    <AuthField label={t('login.captcha')} htmlFor="field-captcha" error={form.errors.captcha}>
      <div className="captcha-row">
        <AuthInput autoComplete="off" maxLength={16} data-testid="captcha-input" {...form.bind('captcha')} />
        <CaptchaImage captcha={captcha} />
      </div>
    </AuthField>
  );
}

/** The captcha's picture; a click on it fetches a new one (the sign-in forms and the share page). */
export function CaptchaImage({ captcha }: { captcha: ReturnType<typeof useCaptcha> }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="captcha-image"
      title={t('login.captchaRefresh')}
      onClick={() => void captcha.refetch()}
      data-testid="captcha-image"
    >
      {captcha.data?.svg ? (
        <img
          alt={t('login.captcha')}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.data.svg)}`}
        />
      ) : (
        <span className="captcha-placeholder" />
      )}
    </button>
  );
}

/**
 * Until the server says whether captchas are on, a form cannot know which fields it needs, so its
 * buttons wait: a click in that moment would fail the captcha check and then hide the field with
 * its message when the answer says captchas are off, leaving a click that did nothing.
 */
export function awaitingCaptcha(captcha: ReturnType<typeof useCaptcha>): boolean {
  return captcha.isPending;
}

/** Captchas are on until the server says otherwise, so the field's check applies while loading. */
export function captchaEnabled(captcha: ReturnType<typeof useCaptcha>): boolean {
  return captcha.data?.enabled ?? true;
}
