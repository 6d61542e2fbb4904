import {
  type AreaLanguage,
  areaText,
  deviceName,
  engineName,
  type Romanize,
  type VisitRow,
} from '@tally/contracts';
import { type TableColumnType, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { formatSeconds } from '../model/format';
import { zonedTime } from '../model/zoned-time';
import { UrlText } from './url-text';

/** Province and city of a visit from China, country and region of others, in the reader's language. */
function area(row: VisitRow, locale: AreaLanguage, romanize?: Romanize): string {
  const parts = row.country === '中国' ? [row.province, row.city] : [row.country, row.province];
  return areaText(parts, locale, romanize) || '—';
}

/** Columns of the visit log (seed: time, area, IP, referrer, keyword, entry page, pages, duration, device). */
export function visitColumns(
  t: TFunction,
  locale: AreaLanguage,
  timeZone?: string,
  romanize?: Romanize,
): TableColumnType<VisitRow>[] {
  const engine = (row: VisitRow) => (row.engine ? engineName(row.engine, locale) : '');
  return [
    {
      key: 'started_at',
      title: t('reports.column.time'),
      sorter: true,
      render: (_, row) => (
        <div className="metric-cell">
          <div>{zonedTime(row.started_at, timeZone)}</div>
          <Tag color={row.is_new ? 'green' : 'default'}>
            {t(row.is_new ? 'reports.visitor.new' : 'reports.visitor.returning')}
          </Tag>
        </div>
      ),
    },
    { key: 'area', title: t('reports.column.area'), render: (_, row) => area(row, locale, romanize) },
    { key: 'ip', dataIndex: 'ip', title: t('reports.column.ip') },
    {
      key: 'referrer',
      title: t('reports.column.referrer'),
      className: 'key-column',
      render: (_, row) =>
        row.referrer ? (
          <UrlText url={row.referrer} />
        ) : (
          t(`reports.category.${row.ref_category}`, { defaultValue: row.ref_category })
        ),
    },
    {
      key: 'keyword',
      title: t('reports.column.keyword'),
      render: (_, row) =>
        row.keyword ? `${row.keyword}${row.engine ? ` (${engine(row)})` : ''}` : engine(row),
    },
    {
      key: 'entry_url',
      title: t('reports.column.entryPage'),
      className: 'key-column',
      render: (_, row) => <UrlText url={row.entry_url} pathOnly />,
    },
    {
      key: 'pageviews',
      dataIndex: 'pageviews',
      title: t('reports.column.pages'),
      align: 'right',
      sorter: true,
      sortDirections: ['descend', 'ascend'],
    },
    {
      key: 'duration',
      title: t('reports.column.duration'),
      align: 'right',
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      render: (_, row) => formatSeconds(row.duration),
    },
    {
      key: 'device',
      title: t('reports.column.device'),
      render: (_, row) => [deviceName(row.device, locale), row.os, row.browser].filter(Boolean).join(' · '),
    },
  ];
}
