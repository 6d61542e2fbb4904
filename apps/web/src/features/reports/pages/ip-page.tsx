import { areaText, type IpRow } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { DimReport } from '../components/dim-report';
import { usePlaceLocale, useRomanize } from '../model/place-locale';

/** `/site/visitors/ip` 访客IP: each address with its visits, page views, area and last visit. */
export default function IpPage() {
  const { t } = useTranslation();
  const locale = usePlaceLocale();
  const romanize = useRomanize();
  return (
    <DimReport<IpRow, 'ip'>
      title="ip"
      notice={(data) => ({ addresses: data.addresses })}
      config={{
        name: 'ip',
        defaultSort: '-visits',
        keyTitle: t('reports.column.ip'),
        metrics: ['visits', 'pv', 'bounce_rate', 'avg_duration'],
        extraColumns: [
          {
            key: 'area',
            title: t('reports.column.area'),
            render: (_: unknown, row: IpRow) => areaText(row.area.split(' '), locale, romanize),
          },
          { key: 'last_day', dataIndex: 'last_day', title: t('reports.column.lastDay') },
        ],
      }}
    />
  );
}
