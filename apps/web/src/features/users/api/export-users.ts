import { ADMIN_USER_PATHS } from '@tally/contracts';
import { downloadBlob } from '../../../lib/download';
import { type Language, LOCALE } from '../../../lib/language';
import { request } from '../../../lib/request';

/** Every row of the current filter as CSV (UTF-8 with a BOM, headings in the page's language). */
export async function exportUsers(filters: Record<string, unknown>, language: Language): Promise<void> {
  const response = await request.get<Blob>(ADMIN_USER_PATHS.export, {
    params: { ...filters, lang: LOCALE[language] },
    responseType: 'blob',
  });
  downloadBlob(response.data, `users-${new Date().toISOString().slice(0, 10)}.csv`);
}
