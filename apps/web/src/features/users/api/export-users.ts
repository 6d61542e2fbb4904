import { ADMIN_USER_PATHS } from '@tally/contracts';
import { download } from '../../../lib/download';
import { type Language, LOCALE } from '../../../lib/language';

/** Every row of the current filter as CSV (UTF-8 with a BOM, headings in the page's language). */
export async function exportUsers(filters: Record<string, unknown>, language: Language): Promise<void> {
  await download(ADMIN_USER_PATHS.export, { ...filters, lang: LOCALE[language] }, 'users.csv');
}
