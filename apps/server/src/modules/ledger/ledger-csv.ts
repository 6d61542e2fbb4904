import {
  type CsvLanguage,
  formatMicros,
  LEDGER_ACCOUNT_LABELS,
  LEDGER_KIND_LABELS,
  LEDGER_REF_LABELS,
} from '@tally/contracts';
import { CSV_BOM } from '../../lib/csv.js';
import { type CsvSpec, csvWriter } from '../../lib/csv-export.js';
import type { LedgerEntry } from './ledger.service.js';

export type { CsvLanguage };

/** 资金明细's columns (lib/csv-export.ts writes them: words for the account and kind, times in the zone). */
const LEDGER_CSV: CsvSpec<LedgerEntry> = {
  file: 'ledger',
  columns: [
    { key: 'createdAt', label: { zh: '时间', en: 'Time' }, time: true },
    { key: 'account', label: { zh: '账户', en: 'Account' }, labels: LEDGER_ACCOUNT_LABELS },
    { key: 'kind', label: { zh: '类型', en: 'Type' }, labels: LEDGER_KIND_LABELS },
    {
      key: 'amount',
      label: { zh: '金额 (USDT)', en: 'Amount (USDT)' },
      value: (e) => formatMicros(e.amount),
    },
    {
      key: 'balanceAfter',
      label: { zh: '变动后余额 (USDT)', en: 'Balance after (USDT)' },
      value: (e) => formatMicros(e.balanceAfter),
    },
    {
      key: 'ref',
      label: { zh: '关联类型', en: 'Reference type' },
      value: (e, lang) =>
        (LEDGER_REF_LABELS as Record<string, { zh: string; en: string }>)[e.ref.type]?.[lang] ?? e.ref.type,
    },
    { key: 'ref', label: { zh: '关联编号', en: 'Reference' }, value: (e) => e.ref.id },
    { key: 'note', label: { zh: '备注', en: 'Note' } },
  ],
};

/**
 * 资金明细 as CSV lines, one chunk per entry as the entries arrive: UTF-8 with a byte-order mark (Excel
 * reads the Chinese right), CRLF line ends, amounts as exact decimal strings, times in `zone`.
 */
export async function* ledgerCsvLines(entries: AsyncIterable<LedgerEntry>, lang: CsvLanguage, zone: string) {
  const csv = csvWriter(LEDGER_CSV, lang, zone);
  yield CSV_BOM + csv.heading;
  for await (const e of entries) yield csv.rows([e]);
}
