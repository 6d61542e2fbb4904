import { REFERRER_CATEGORIES, type ReferrerCategory, type VisitLog, type VisitRow } from '@tally/contracts';
import { Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportTable } from '../api';
import { ExportButton } from '../components/export-button';
import { ReportCard, ReportPage } from '../components/report-page';
import { ReportTable } from '../components/report-table';
import { visitColumns } from '../components/visit-columns';
import { VisitPagesList } from '../components/visit-pages';
import { usePlaceLocale, useRomanize } from '../model/place-locale';

interface Filters {
  visitor_type?: 'new' | 'returning';
  category?: ReferrerCategory;
  ip?: string;
}

/** `/site/visitor` 访问明细: one row per visit, opening onto the pages it viewed in order. */
export default function VisitorPage() {
  const { t } = useTranslation();
  const locale = usePlaceLocale();
  const romanize = useRomanize();
  const [filters, setFilters] = useState<Filters>({});
  const table = useReportTable('visitor', '-started_at', { ...filters });
  const timeZone = table.query.data?.period.timezone;
  return (
    <ReportPage title="visitor" period={table.query.data?.period}>
      <ReportCard extra={<ExportButton name="visitor" params={table.params} />}>
        <div className="report-filters">
          <Select
            allowClear
            placeholder={t('reports.visitor.filterType')}
            aria-label={t('reports.visitor.filterType')}
            value={filters.visitor_type}
            onChange={(visitor_type) => setFilters((f) => ({ ...f, visitor_type }))}
            options={(['new', 'returning'] as const).map((v) => ({
              value: v,
              label: t(`reports.visitorType.${v}`),
            }))}
            data-testid="filter-visitor-type"
          />
          <Select
            allowClear
            placeholder={t('reports.visitor.filterCategory')}
            aria-label={t('reports.visitor.filterCategory')}
            value={filters.category}
            onChange={(category) => setFilters((f) => ({ ...f, category }))}
            options={REFERRER_CATEGORIES.map((c) => ({ value: c, label: t(`reports.category.${c}`) }))}
            data-testid="filter-category"
          />
          <Input.Search
            allowClear
            placeholder={t('reports.visitor.filterIp')}
            aria-label={t('reports.visitor.filterIp')}
            onSearch={(ip) => setFilters((f) => ({ ...f, ip: ip.trim() || undefined }))}
            data-testid="filter-ip"
          />
        </div>
        <ReportTable<VisitRow, VisitLog>
          table={table}
          rowKey={(row) => String(row.id)}
          columns={visitColumns(t, locale, timeZone, romanize)}
          expandable={{ expandedRowRender: (row) => <VisitPagesList visitId={row.id} timeZone={timeZone} /> }}
          testId="table-visitor"
        />
      </ReportCard>
    </ReportPage>
  );
}
