import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteTitle } from '../lib/route-title';

/** Routes whose screens arrive with later issues: their title and an empty state. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const routeTitle = useRouteTitle();
  return (
    <Card className="page-card">
      <Typography.Title level={4} className="page-title">
        {routeTitle(title)}
      </Typography.Title>
      <Empty description={t('placeholder.empty')} />
    </Card>
  );
}
