import '../messages';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdSlot } from '../../../components/ad-slot';
import { PublicContacts } from '../../../components/public-contacts';
import { PublicShell } from '../../../components/public-shell';
import { usePageMeta } from '../../../lib/page-meta';
import { HomeFeatures } from '../components/home-features';
import { HomeHero } from '../components/home-hero';
import { HomeNotices } from '../components/home-notices';

/** /home: the landing page of the public site. */
export default function HomePage() {
  const { t } = useTranslation();
  usePageMeta(t('public.home'), t('home.description'));
  return (
    <PublicShell>
      <HomeHero />
      <HomeNotices />
      <HomeFeatures />
      <section className="home-section home-plans">
        <h2 className="home-section-title">{t('home.plansTitle')}</h2>
        <p>{t('home.plansText')}</p>
        <Link to="/price">
          <Button>{t('home.plansLink')}</Button>
        </Link>
      </section>
      <AdSlot position="home" />
      <section className="home-section">
        <h2 className="home-section-title">{t('home.contactTitle')}</h2>
        <PublicContacts />
      </section>
    </PublicShell>
  );
}
