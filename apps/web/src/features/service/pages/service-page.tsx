import '../messages';
import { useTranslation } from 'react-i18next';
import { PublicContacts } from '../../../components/public-contacts';
import { PublicShell } from '../../../components/public-shell';
import { usePageMeta } from '../../../lib/page-meta';

const SECTIONS = ['account', 'use', 'data', 'payment', 'termination', 'changes'] as const;

/** /service: terms of service and the customer-service contacts. */
export default function ServicePage() {
  const { t } = useTranslation();
  usePageMeta(t('service.title'), t('service.description'));
  return (
    <PublicShell>
      <article className="service-terms" data-testid="service-terms">
        <h1>{t('service.title')}</h1>
        <p>{t('service.intro')}</p>
        {SECTIONS.map((key) => (
          <section key={key}>
            <h2>{t(`service.sections.${key}.title`)}</h2>
            <p>{t(`service.sections.${key}.text`)}</p>
          </section>
        ))}
      </article>
      <section className="home-section" id="contact">
        <h2 className="home-section-title">{t('service.contactTitle')}</h2>
        <p>{t('service.contactText')}</p>
        <PublicContacts />
      </section>
    </PublicShell>
  );
}
