import { NotificationOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../../stores/user';

/** The three notices of the settings, those an admin filled in, as plain text. */
export function HomeNotices() {
  const { t } = useTranslation();
  const set = useUserStore((s) => s.set);
  const notices = [set.indexNotice, set.indexNotice2, set.indexNotice3].filter((n) => n.trim() !== '');
  if (notices.length === 0) return null;
  return (
    <section className="home-section" aria-label={t('home.notices')} data-testid="home-notices">
      {notices.map((text, index) => (
        <Alert
          // The notices have no ids; their slot is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed slots 1–3
          key={index}
          type="info"
          showIcon
          icon={<NotificationOutlined />}
          description={<span className="notice-text">{text}</span>}
          className="home-notice"
        />
      ))}
    </section>
  );
}
