import type { ReportName } from '@tally/contracts';
import { download } from '../../../lib/download';
import { type Language, LOCALE } from '../../../lib/language';
import type { ReportSource } from './report-source';
import { type ReportParams, reportParams, reportUrl } from './use-report';

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
  await download(
    reportUrl(source, name),
    reportParams(source, name, { ...rest, format: 'csv', lang: LOCALE[language] }),
    `${name}.csv`,
  );
}
