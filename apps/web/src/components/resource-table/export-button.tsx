import { DownloadOutlined } from '@ant-design/icons';
import type { Endpoint } from '@tally/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALE } from '../../lib/language';
import { addMessages } from '../../lib/messages';
import { showMessage } from '../../lib/notify';
import { viewerTimeZone } from '../../lib/time-zone';
import { useAppStore } from '../../stores/app';

addMessages({
  en: {
    listExport: {
      button: 'Export CSV',
      started: 'The download has started: your browser shows its progress.',
    },
  },
  zh: { listExport: { button: '导出 CSV', started: '已开始下载，进度见浏览器的下载栏。' } },
});

export { viewerTimeZone };

/**
 * The address of a list's CSV: the list's own filters and sort (never its page), the interface
 * language and the viewer's zone.
 */
export function exportHref(endpoint: Pick<Endpoint, 'path'>, query: object, language: 'zh' | 'en'): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || key === 'limit' || value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  params.set('lang', LOCALE[language]);
  params.set('tz', viewerTimeZone());
  return `${endpoint.path}?${params}`;
}

/**
 * Every row of the list behind the table (its current filters and sort) as CSV, in the interface
 * language with times in the viewer's zone.
 *
 * A plain link, not fetch: a fetch gathers the whole answer in the page's memory (a Blob from the
 * body's chunks is still the whole file) before it can be saved, while a link hands the response to
 * the browser's download manager, which writes it to disk as it streams in and shows its own progress
 * and size. A link carries no X-Token header, so the server takes the session from the `x-token`
 * cookie the app already keeps, for file downloads only (apps/server/src/plugins/auth.ts).
 */
export function ExportButton({
  endpoint,
  query,
  'data-testid': testId,
}: {
  endpoint: Pick<Endpoint, 'path'>;
  query: object;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const start = () => {
    const link = document.createElement('a');
    link.href = exportHref(endpoint, query, language);
    // `download` keeps the page where it is even if the answer were not a file (an expired session).
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
    showMessage('info', t('listExport.started'));
  };
  return (
    <Button icon={<DownloadOutlined />} onClick={start} data-testid={testId ?? 'list-export'}>
      {t('listExport.button')}
    </Button>
  );
}
