import { Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReport } from '../api';
import { formatSeconds } from '../model/format';
import { zonedTime } from '../model/zoned-time';
import { UrlText } from './url-text';

/** The pages (and events) of one visit in the order they happened, loaded when the row opens. */
export function VisitPagesList({ visitId, timeZone }: { visitId: number; timeZone?: string }) {
  const { t } = useTranslation();
  const pages = useReport('visitorPages', { id: visitId });
  if (!pages.data) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  return (
    <div data-testid={`visit-pages-${visitId}`}>
      <Typography.Text strong>{t('reports.visitor.pagesTitle')}</Typography.Text>
      <ol className="visit-pages">
        {pages.data.list.map((p) => (
          <li key={`${p.at}|${p.type}|${p.url}|${p.name ?? ''}`}>
            <Typography.Text type="secondary">{zonedTime(p.at, timeZone).slice(11)}</Typography.Text>{' '}
            {p.type === 'ev' ? (
              <>
                <Tag color="purple">{t('reports.visitor.event')}</Tag>
                {p.name}
              </>
            ) : (
              <>
                {p.title && <span>{p.title} · </span>}
                <UrlText url={p.url} />{' '}
                <Typography.Text type="secondary">{formatSeconds(p.duration)}</Typography.Text>
              </>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
