/** Cells a spreadsheet would run as a formula; referrers, keywords and usernames come from strangers. */
const FORMULA = /^[=+\-@\t\r]/;

/** One CSV cell: quoted when it holds a comma, quote or line break; a formula-like text is defused. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line with its CRLF end. */
export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The byte-order mark a CSV starts with, so Excel reads UTF-8 (the Chinese) right. */
export const CSV_BOM = '\uFEFF';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
