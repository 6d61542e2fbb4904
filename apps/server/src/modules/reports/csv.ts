import { type AreaLanguage, REPORT_COLUMNS } from '@tally/contracts';
import { csvCell } from '../../lib/csv.js';

export interface CsvColumn<T> {
  /** REPORT_COLUMNS keys joined by dots (`previous.pv` → "上一周期 浏览量(PV)"), or a heading of its own. */
  key: string;
  /** The cell; names of places and devices follow the CSV's language. */
  value(row: T, lang: AreaLanguage): unknown;
  /** A 0..1 rate shown as a percentage. */
  percent?: boolean;
}

function cell(value: unknown, percent: boolean | undefined): string {
  if (percent && typeof value === 'number') return `${(value * 100).toFixed(2)}%`;
  return csvCell(value);
}

/** UTF-8 CSV with a byte-order mark (Excel reads the Chinese right), CRLF line ends. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[], lang: AreaLanguage): string {
  const heading = (key: string) =>
    key
      .split('.')
      .map((k) => REPORT_COLUMNS[k]?.[lang] ?? k)
      .join(' ');
  const head = columns.map((c) => cell(heading(c.key), false));
  const lines = rows.map((r) => columns.map((c) => cell(c.value(r, lang), c.percent)).join(','));
  return `\uFEFF${[head.join(','), ...lines].join('\r\n')}\r\n`;
}
