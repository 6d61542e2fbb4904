import { formatMicros, LEDGER_ACCOUNT_LABELS, LEDGER_KIND_LABELS } from '@tally/contracts';
import type { LedgerEntry } from './ledger.service.js';

export type CsvLanguage = 'zh-CN' | 'en-US';

const HEADINGS = {
  'zh-CN': ['时间 (UTC)', '账户', '类型', '金额 (USDT)', '变动后余额 (USDT)', '关联类型', '关联编号', '备注'],
  'en-US': [
    'Time (UTC)',
    'Account',
    'Type',
    'Amount (USDT)',
    'Balance after (USDT)',
    'Reference type',
    'Reference',
    'Note',
  ],
} as const;

/** Text a spreadsheet would run as a formula (an admin's note is free text). Amounts are written as they are. */
const FORMULA = /^[=+\-@\t\r]/;

function text(value: string): string {
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * 资金明细 as CSV lines, one chunk per entry as the entries arrive: UTF-8 with a byte-order mark (Excel
 * reads the Chinese right), CRLF line ends, amounts as exact decimal strings.
 */
export async function* ledgerCsvLines(entries: AsyncIterable<LedgerEntry>, lang: CsvLanguage) {
  const zh = lang === 'zh-CN' ? 'zh' : 'en';
  yield `\uFEFF${HEADINGS[lang].map(text).join(',')}\r\n`;
  for await (const e of entries) {
    const cells = [
      e.createdAt.toISOString().replace('T', ' ').slice(0, 19),
      text(LEDGER_ACCOUNT_LABELS[e.account][zh]),
      text(LEDGER_KIND_LABELS[e.kind][zh]),
      formatMicros(e.amount),
      formatMicros(e.balanceAfter),
      text(e.ref.type),
      text(e.ref.id),
      text(e.note),
    ];
    yield `${cells.join(',')}\r\n`;
  }
}
