import { Button, Form, Input, Result, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { RequestError } from '../../../lib/request-error';
import { shareLogin } from '../api/share-login';
import { AuthLayout } from '../components/auth-layout';

type Stage = 'opening' | 'password' | 'failed';

/** `/share?token=…`: opens a client session for one site and lands on its overview. */
export default function SharePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [stage, setStage] = useState<Stage>('opening');
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  const open = useCallback(
    async (password?: string) => {
      setBusy(true);
      try {
        await shareLogin({ token, password });
        navigate('/site/overview', { replace: true });
      } catch (error) {
        // A protected link answers 422 on its password field: ask for it (again).
        setStage(error instanceof RequestError && error.errors?.password ? 'password' : 'failed');
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
    void open(params.get('password') ?? undefined);
  }, [token, params, open]);

  if (!token || stage === 'failed')
    return <Result status="warning" title={t(token ? 'share.failed' : 'share.missing')} />;
  if (stage === 'password') {
    return (
      <AuthLayout title={t('share.title')}>
        <Form<{ password: string }>
          layout="vertical"
          requiredMark={false}
          onFinish={(v) => void open(v.password)}
        >
          <Form.Item
            name="password"
            label={t('share.password')}
            rules={[{ required: true, message: t('login.required') }]}
          >
            <Input.Password autoFocus data-testid="share-password" />
          </Form.Item>
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
