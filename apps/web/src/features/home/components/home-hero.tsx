import { LineChartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserStore } from '../../../stores/user';

/** The pitch and the way in: register and login for visitors, the console for a session, the live demo for all. */
export function HomeHero() {
  const { t } = useTranslation();
  const signedIn = useUserStore((s) => s.token !== '');
  return (
    <section className="home-hero">
      <h1 className="home-hero-title">{t('home.title')}</h1>
      <p className="home-hero-pitch">{t('home.pitch')}</p>
      <div className="home-hero-actions">
        {signedIn ? (
          <Link to="/">
            <Button type="primary" size="large">
              {t('home.console')}
            </Button>
          </Link>
        ) : (
          <>
            <Link to="/register">
              <Button type="primary" size="large" data-testid="home-register">
                {t('home.start')}
              </Button>
            </Link>
            <Link to="/login">
              <Button size="large" data-testid="home-login">
                {t('home.login')}
              </Button>
            </Link>
          </>
        )}
        {/* The live demo: the report pages of a demo site, for anyone, signed in or not. */}
        <Link to="/preview" data-testid="home-preview">
          <Button size="large" icon={<LineChartOutlined />}>
            {t('home.preview')}
          </Button>
        </Link>
      </div>
    </section>
  );
}
