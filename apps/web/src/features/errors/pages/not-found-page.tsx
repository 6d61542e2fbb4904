import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="center-page">
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.text')}
        extra={
          <Link to="/">
            <Button type="primary">{t('notFound.back')}</Button>
          </Link>
        }
      />
    </div>
  );
}
