import { Button, Form, Input, Result, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { RequestError } from '../../../lib/request-error';
import { shareLogin, useCaptcha } from '../api';
import { AuthLayout } from '../components/auth-layout';
import { CaptchaImage } from '../components/captcha-field';
import { ShareEnded } from '../components/share-ended';

type Stage = 'opening' | 'password' | 'failed';

/** The link's secrets, moved from the address bar into history state (a reload keeps them). */
interface ShareSecrets {
  token: string;
  password?: string;
}

function readSecrets(search: string, state: unknown): ShareSecrets {
  const params = new URLSearchParams(search);
  const token = params.get('token');
  if (token) return { token, password: params.get('password') ?? undefined };
  const kept = state as Partial<ShareSecrets> | null;
  return { token: typeof kept?.token === 'string' ? kept.token : '' };
}

/** `/share?token=…`: opens a client session for one site and lands on its overview. */
export default function SharePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [secrets] = useState(() => readSecrets(location.search, location.state));
  const token = secrets.token;
  const [stage, setStage] = useState<Stage>('opening');
  const [busy, setBusy] = useState(false);
  // A link whose password is being guessed from many addresses asks every visitor for a captcha too.
  const [captchaDemanded, setCaptchaDemanded] = useState(false);
  const captcha = useCaptcha(true, captchaDemanded);
  const started = useRef(false);

  const open = useCallback(
    async (password?: string, answer?: { captcha_id?: string; captcha?: string }) => {
      setBusy(true);
      try {
        await shareLogin({ token, password, ...answer });
        navigate('/site/overview', { replace: true });
      } catch (error) {
        // A protected link answers 422 on its password field (or on the captcha): ask for it (again).
        const fields = error instanceof RequestError ? error.errors : undefined;
        if (fields?.captcha) setCaptchaDemanded(true);
        setStage(fields?.password || fields?.captcha ? 'password' : 'failed');
      } finally {
        setBusy(false);
      }
    },
    [token, navigate],
  );

  useEffect(() => {
    // StrictMode runs effects twice; a share link is opened once.
    if (!token || started.current) return;
    started.current = true;
    // The token is a credential: it leaves the address bar (and so history and screen shares) at once.
    if (location.search) navigate('/share', { replace: true, state: { token } });
    void open(secrets.password);
  }, [token, secrets, open, location.search, navigate]);

  if (!token && new URLSearchParams(location.search).has('ended')) return <ShareEnded />;
  if (!token || stage === 'failed')
    return <Result status="warning" title={t(token ? 'share.failed' : 'share.missing')} />;
  if (stage === 'password') {
    return (
      <AuthLayout title={t('share.title')}>
        <Form<{ password: string; captcha?: string }>
          layout="vertical"
          requiredMark={false}
          onFinish={(v) =>
            void open(
              v.password,
              captchaDemanded ? { captcha_id: captcha.data?.captcha_id, captcha: v.captcha } : undefined,
            )
          }
        >
          <Form.Item
            name="password"
            label={t('share.password')}
            rules={[{ required: true, message: t('login.required') }]}
          >
            <Input.Password autoFocus data-testid="share-password" />
          </Form.Item>
          {captchaDemanded ? (
            <Form.Item label={t('login.captcha')} required>
              <div className="captcha-row">
                <Form.Item name="captcha" noStyle rules={[{ required: true, message: t('login.required') }]}>
                  <Input autoComplete="off" maxLength={16} data-testid="share-captcha" />
                </Form.Item>
                <CaptchaImage captcha={captcha} />
              </div>
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="share-submit">
            {t('share.submit')}
          </Button>
        </Form>
      </AuthLayout>
    );
  }
  return (
    <div className="center-page">
      <Spin size="large" />
      <p>{t('share.opening')}</p>
    </div>
  );
}
