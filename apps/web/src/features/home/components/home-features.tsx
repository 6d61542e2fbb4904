import {
  AreaChartOutlined,
  FileTextOutlined,
  GlobalOutlined,
  SearchOutlined,
  SendOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const FEATURES: { key: string; icon: ReactNode }[] = [
  { key: 'realtime', icon: <AreaChartOutlined /> },
  { key: 'referrers', icon: <SearchOutlined /> },
  { key: 'visitors', icon: <GlobalOutlined /> },
  { key: 'pages', icon: <FileTextOutlined /> },
  { key: 'share', icon: <ShareAltOutlined /> },
  { key: 'telegram', icon: <SendOutlined /> },
];

export function HomeFeatures() {
  const { t } = useTranslation();
  return (
    <section className="home-section">
      <h2 className="home-section-title">{t('home.featuresTitle')}</h2>
      <div className="home-features">
        {FEATURES.map((feature) => (
          <article key={feature.key} className="home-feature">
            <span className="home-feature-icon" aria-hidden>
              {feature.icon}
            </span>
            <h3>{t(`home.features.${feature.key}.title`)}</h3>
            <p>{t(`home.features.${feature.key}.text`)}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
