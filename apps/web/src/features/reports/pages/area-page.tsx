import { type DimRow, placeName } from '@tally/contracts';
import { Col, Row, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReport } from '../api';
import { ChinaMap } from '../charts/china-map';
import { DimTableCard, type DimTableConfig, useDimTable } from '../components/dim-table-card';
import { KpiCards } from '../components/kpi-cards';
import { ReportCard, ReportPage } from '../components/report-page';
import { DIM_METRICS } from '../model/metric-sets';
import { usePlaceLocale } from '../model/place-locale';
import { useRangeParams } from '../model/range-store';

/** Every province fits one call: the map needs them all, not the table's page. */
const MAP_LIMIT = 100;

/** `/site/visitors/area` 地域分布: Chinese provinces on the map and in a table; other countries. */
export default function AreaPage() {
  const { t } = useTranslation();
  const range = useRangeParams();
  const [scope, setScope] = useState<'province' | 'country'>('province');
  const locale = usePlaceLocale();
  const keyLabel = (key: string) => placeName(key, locale) || t('reports.area.unknown');
  const provinces: DimTableConfig<DimRow> = {
    name: 'area',
    defaultSort: '-visits',
    keyTitle: t('reports.column.province'),
    keyLabel,
    metrics: DIM_METRICS,
    filters: { scope: 'province' },
  };
  const countries: DimTableConfig<DimRow> = {
    ...provinces,
    keyTitle: t('reports.column.country'),
    filters: { scope: 'country' },
    chart: { kind: 'bar', metric: 'visits' },
  };
  const provinceTable = useDimTable(provinces);
  const countryTable = useDimTable(countries);
  const map = useReport('area', { ...range, scope: 'province', limit: MAP_LIMIT, sort: '-visits' });
  const shown = scope === 'province' ? provinceTable : countryTable;
  const data = shown.query.data;
  return (
    <ReportPage title="area" period={data?.period}>
      <KpiCards
        metrics={data?.summary}
        previous={data?.previous_summary}
        keys={['pv', 'uv', 'ip', 'visits']}
      />
      <Tabs
        activeKey={scope}
        onChange={(key) => setScope(key === 'country' ? 'country' : 'province')}
        items={[
          {
            key: 'province',
            label: t('reports.area.china'),
            children: (
              <Row gutter={[16, 16]}>
                <Col xs={24} xl={10}>
                  <ReportCard>
                    <ChinaMap
                      rows={map.data?.list ?? []}
                      metric="visits"
                      label={t('reports.metric.visits')}
                    />
                  </ReportCard>
                </Col>
                <Col xs={24} xl={14}>
                  <DimTableCard config={provinces} table={provinceTable} />
                </Col>
              </Row>
            ),
          },
          {
            key: 'country',
            label: t('reports.area.world'),
            children: <DimTableCard config={countries} table={countryTable} />,
          },
        ]}
        data-testid="area-tabs"
      />
    </ReportPage>
  );
}
