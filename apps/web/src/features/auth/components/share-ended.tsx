import '../share-ended-messages';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Where a share-link client lands once the owner rotated or revoked the link (its session is then
 * refused): it has no account, so the sign-in form would not help; the owner can give a new link.
 */
export function ShareEnded() {
  const { t } = useTranslation();
  return (
    <div data-testid="share-ended">
      <Result status="warning" title={t('shareEnded.title')} subTitle={t('shareEnded.text')} />
    </div>
  );
}
