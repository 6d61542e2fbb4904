import { DownloadOutlined } from '@ant-design/icons';
import type { ReportName } from '@tally/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../stores/app';
import { exportCsv, type ReportParams } from '../api';
import { useReportSource } from '../model/report-source';

/** Downloads the whole table behind the current view as CSV. */
export function ExportButton({ name, params }: { name: ReportName; params: ReportParams }) {
  const { t } = useTranslation();
  const source = useReportSource();
  const language = useAppStore((s) => s.language);
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    exportCsv(source, name, params, language)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={run}
      data-testid={`export-${name}`}
    >
      {t('reports.export')}
    </Button>
  );
}
