import type { ReportName } from '@tally/contracts';
import { downloadBlob } from '../../../lib/download';
import { type Language, LOCALE } from '../../../lib/language';
import { request } from '../../../lib/request';
import type { ReportSource } from './report-source';
import { type ReportParams, reportParams, reportUrl } from './use-report';

function fileName(disposition: unknown, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(String(disposition ?? ''));
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * The whole table as the server writes it (every row, not just this page). The call carries the
 * session header, so it is fetched here and handed to the browser as a download.
 */
export async function exportCsv(
  source: ReportSource,
  name: ReportName,
  params: ReportParams,
  language: Language,
): Promise<void> {
  const { page: _page, limit: _limit, ...rest } = params;
  const response = await request.get<Blob>(reportUrl(source, name), {
    params: reportParams(source, name, { ...rest, format: 'csv', lang: LOCALE[language] }),
    responseType: 'blob',
  });
  downloadBlob(response.data, fileName(response.headers['content-disposition'], `${name}.csv`));
}
