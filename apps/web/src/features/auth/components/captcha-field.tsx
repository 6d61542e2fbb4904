import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useCaptcha } from '../api/get-captcha';

/** Captcha input with its image; a click on the image fetches a new one. Hidden when switched off. */
export function CaptchaField({ captcha }: { captcha: ReturnType<typeof useCaptcha> }) {
  const { t } = useTranslation();
  if (captcha.data && !captcha.data.enabled) return null;
  return (
    <Form.Item label={t('login.captcha')} required>
      <div className="captcha-row">
        <Form.Item name="captcha" noStyle rules={[{ required: true, message: t('login.required') }]}>
          <Input autoComplete="off" maxLength={16} data-testid="captcha-input" />
        </Form.Item>
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
      </div>
    </Form.Item>
  );
}
