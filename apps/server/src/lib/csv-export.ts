import { Readable } from 'node:stream';
import { type CsvLanguage, type EndpointParsed, fieldLabel, YES_NO_LABELS } from '@tally/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSV_BOM, CSV_CONTENT_TYPE, csvLine } from './csv.js';
import { requestLanguage } from './language.js';
import { SERVER_TIME_ZONE, wallClock } from './local-time.js';

/** A word in both interface languages (the contracts' `{ zh, en }` label maps). */
type Words = { readonly zh: string; readonly en: string };

/**
 * One column of a list's CSV: the row's field, its heading (the contracts' field label of that name
 * unless `label` says otherwise), and how its value is written:
 * - `time`: an ISO instant, written `YYYY-MM-DD HH:mm:ss` in the export's zone (spreadsheets read it as a
 *   date), the zone named in the heading;
 * - `labels`: an enum's words (an array is written as its words joined by a space);
 * - `value`: anything else computed from the row (in the export's language).
 */
export interface CsvColumn<Row> {
  key: keyof Row & string;
  label?: Words;
  time?: true;
  labels?: Readonly<Record<string, Words>>;
  value?: (row: Row, lang: 'zh' | 'en') => unknown;
}

/** A list's export: the file's name and its columns, in order. */
export interface CsvSpec<Row> {
  file: string;
  columns: readonly CsvColumn<Row>[];
}

/** Rows per query: memory stays flat whatever the list's size, and the first bytes leave at once. */
export const CSV_BATCH = 1000;

export { SERVER_TIME_ZONE };

const pad = (n: string | undefined) => (n ?? '').padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` of an instant on a zone's wall clock. */
export function zonedTime(iso: string | Date, timeZone: string): string {
  const at = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(at.getTime())) return String(iso);
  const parts = Object.fromEntries(
    wallClock(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)} ${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}`;
}

function cell<Row>(column: CsvColumn<Row>, row: Row, lang: 'zh' | 'en', zone: string): unknown {
  const raw = column.value ? column.value(row, lang) : row[column.key];
  if (raw === null || raw === undefined || raw === '') return raw;
  if (column.time) return zonedTime(raw as string, zone);
  const words: Readonly<Record<string, Words>> | undefined =
    column.labels ?? (typeof raw === 'boolean' ? YES_NO_LABELS : undefined);
  const word = (v: unknown) => words?.[String(v)]?.[lang] ?? v;
  return Array.isArray(raw) ? raw.map(word).join(' ') : word(raw);
}

/** The heading line and every row's line, in the asked language and zone. */
export function csvWriter<Row>(spec: CsvSpec<Row>, language: CsvLanguage, zone: string) {
  const lang = language === 'zh-CN' ? 'zh' : 'en';
  return {
    heading: csvLine(
      spec.columns.map((c) => {
        const label = c.label?.[lang] ?? fieldLabel(c.key, lang);
        return c.time ? `${label} (${zone})` : label;
      }),
    ),
    rows: (rows: readonly Row[]) =>
      rows.map((row) => csvLine(spec.columns.map((c) => cell(c, row, lang, zone)))).join(''),
  };
}

/** One batch of the list: its `fetch` service with a page number and size (the export's filters bound). */
export type CsvPager<Q, Row> = (
  query: Q,
  request: FastifyRequest,
  page: number,
  limit: number,
) => Promise<{ list: readonly Row[] }>;

/** The whole filtered list, batch after batch, as CSV text (BOM and heading first). */
export async function* csvLines<Row>(
  spec: CsvSpec<Row>,
  pager: (page: number, limit: number) => Promise<{ list: readonly Row[] }>,
  language: CsvLanguage,
  zone: string,
): AsyncGenerator<string> {
  const writer = csvWriter(spec, language, zone);
  yield CSV_BOM + writer.heading;
  for (let page = 1; ; page++) {
    const { list } = await pager(page, CSV_BATCH);
    if (list.length > 0) yield writer.rows(list);
    if (list.length < CSV_BATCH) return;
  }
}

interface CsvInput {
  lang?: CsvLanguage;
  tz?: string;
}

/**
 * The handler of a list's `export` call (the descriptor passed types its query): the list's own `fetch` query, read in batches of CSV_BATCH
 * (offset pages in the list's own order, so the file is the list as the table sorts it) and streamed
 * as it is read, never held whole. The headings and values are in `lang` (else the request's
 * language: the web app's `language` cookie), the times in `tz` (else the server's zone).
 */
export function csvExport<E, Row>(
  _endpoint: E,
  spec: CsvSpec<Row>,
  pager: CsvPager<EndpointParsed<E> & CsvInput, Row>,
) {
  return (query: EndpointParsed<E> & CsvInput, request: FastifyRequest, reply: FastifyReply) => {
    const language: CsvLanguage = query.lang ?? (requestLanguage(request) === 'zh' ? 'zh-CN' : 'en-US');
    const zone = query.tz ?? SERVER_TIME_ZONE;
    const day = zonedTime(new Date(), zone).slice(0, 10);
    const lines = csvLines(spec, (page, limit) => pager(query, request, page, limit), language, zone);
    return reply
      .header('content-type', CSV_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${spec.file}-${day}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(Readable.from(lines, { highWaterMark: 1 }));
  };
}
