import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../stores/app';
import { exportUsers } from '../api';

/** Downloads every user of the current filter (not just this page) as CSV. */
export function ExportUsersButton({ filters }: { filters: Record<string, unknown> }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    exportUsers(filters, language)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={run} data-testid="users-export">
      {t('adminUsers.export')}
    </Button>
  );
}
