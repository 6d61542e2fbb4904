import { Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { shareLogin } from '../api/share-login';

/** `/share?token=…`: opens a client session for one site and lands on its overview. */
export default function SharePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice; a share token must be spent once.
    if (!token || started.current) return;
    started.current = true;
    shareLogin({ token, password: params.get('password') ?? undefined })
      .then(() => navigate('/site/overview', { replace: true }))
      .catch(() => setFailed(true));
  }, [token, params, navigate]);

  if (!token || failed)
    return <Result status="warning" title={t(token ? 'share.failed' : 'share.missing')} />;
  return (
    <div className="center-page">
      <Spin size="large" />
      <p>{t('share.opening')}</p>
    </div>
  );
}
